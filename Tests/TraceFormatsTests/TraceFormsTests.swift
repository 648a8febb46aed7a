import TestSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Every form opened and written through the library calls the command line uses.
@Suite("Forms: naming, sniffing, opening any input, sinks")
struct TraceFormsTests {
    static let pinch = SharedData.packageRoot.appendingPathComponent("Traces/pinch.touchtrace").path

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func samples(_ source: some SampleSource) throws -> [InputSample] {
        var all: [InputSample] = []
        while let sample = try source.nextSample() { all.append(sample) }
        return all
    }

    @Test func namesAndExtensions() {
        #expect(TraceForm(name: "NDJSON") == .jsonl)
        #expect(TraceForm(name: "touchtrace") == .touchtrace)
        #expect(TraceForm(name: "pointer-events") == .foreign(.pointerEvents))
        #expect(TraceForm(name: "bogus") == nil)
        #expect(TraceForm.names == ["touchtrace", "jsonl", "evemu", "libinput", "getevent", "csv", "pointer-events", "chrome-trace"])
        #expect(TraceForm.byExtension(of: "a.json", forOutput: false) == .foreign(.pointerEvents))
        #expect(TraceForm.byExtension(of: "a.json", forOutput: true) == .foreign(.chromeTrace))
        #expect(TraceForm.byExtension(of: "A.TTRACE", forOutput: true) == .touchtrace)
        #expect(TraceForm.byExtension(of: "a.txt", forOutput: false) == nil)
        #expect(!TraceForm.foreign(.chromeTrace).canRead && TraceForm.foreign(.chromeTrace).canWrite)
        #expect(TraceForm.foreign(.pointerEvents).canRead && !TraceForm.foreign(.pointerEvents).canWrite)
    }

    @Test("every written form reads back with the same samples, its form sniffed from content")
    func writeThenOpenEveryTextForm() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try TraceInput(path: Self.pinch)
        #expect(original.form == .touchtrace && original.reader != nil)
        let expected = try Self.samples(original.source)
        #expect(expected.count == 142)
        for form in [TraceForm.jsonl, .foreign(.csv)] {
            // No extension: the form must come from the first bytes.
            let path = directory.appendingPathComponent("copy-\(form.name)").path
            let sink = try TraceOutput.sink(writing: form, to: path, metadata: original.metadata)
            #expect(try copySamples(from: TraceInput(path: Self.pinch).source, to: sink) == 142)
            #expect(try TraceForm.of(inputAt: path) == form)
            let reopened = try TraceInput(path: path)
            #expect(reopened.form == form && reopened.reader == nil)
            #expect(try Self.samples(reopened.source) == expected)
        }
    }

    @Test("a window yields the same samples from the container (seeking) and from text")
    func windowsAgreeAcrossForms() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pinch.jsonl").path
        let input = try TraceInput(path: Self.pinch)
        try copySamples(from: input.source, to: TraceOutput.sink(writing: .jsonl, to: path, metadata: input.metadata))
        let window: Range<Int64> = 100_000_000..<300_000_000
        let fromContainer = try Self.samples(TraceInput(path: Self.pinch, window: window).source)
        let fromText = try Self.samples(TraceInput(path: path, window: window).source)
        let all = try Self.samples(TraceInput(path: Self.pinch).source)
        #expect(!fromContainer.isEmpty && fromContainer.count < all.count)
        #expect(fromContainer == all.filter { window.contains($0.time) })
        #expect(fromText == fromContainer)
    }

    @Test("statistics of a text form equal the container's counts; its chunks stay empty")
    func statistics() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pinch.csv").path
        let input = try TraceInput(path: Self.pinch)
        try copySamples(from: input.source, to: TraceOutput.sink(writing: .foreign(.csv), to: path, metadata: input.metadata))
        let container = try TraceInput(path: Self.pinch).statistics()
        let text = try TraceInput(path: path).statistics()
        #expect(container.sampleCount == 142 && text.sampleCount == 142)
        #expect(text.contactCount == container.contactCount && text.duration == container.duration)
        #expect(container.chunkCount > 0 && text.chunkCount == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(text.byteCount == size)
    }

    @Test("requests a form cannot serve, and content in no form, are typed errors")
    func refusals() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junk = directory.appendingPathComponent("junk").path
        try Data("hello world\n".utf8).write(to: URL(fileURLWithPath: junk))
        let unknown = try #require(throws: TraceFormatError.self) { try TraceInput(path: junk) }
        #expect(unknown.kind == .unknownForm && unknown.offset == 0 && unknown.path == junk)
        #expect(unknown.description == "\(junk) at byte 0: is not a trace in any form touchbench knows")
        let unreadable = try #require(throws: TraceFormatError.self) { try TraceInput(path: junk, form: .foreign(.chromeTrace)) }
        #expect(unreadable.kind == .unsupported && unreadable.reason == "chrome-trace can be written but not read")
        let toStandardOutput = try #require(throws: TraceFormatError.self) {
            try TraceOutput.sink(writing: .touchtrace, to: "-", metadata: TraceMetadata())
        }
        #expect(toStandardOutput.kind == .unsupported)
        let unwritable = try #require(throws: TraceFormatError.self) {
            try TraceOutput.sink(writing: .foreign(.pointerEvents), to: junk, metadata: TraceMetadata())
        }
        #expect(unwritable.reason == "pointer-events can be read but not written")
        #expect(throws: TraceFileError.self) { try TraceInput(path: directory.appendingPathComponent("missing").path) }
    }

    @Test("info's JSON: every key, the container's extras only for a container")
    func descriptionJSON() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try TraceDescription(TraceInput(path: Self.pinch))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(container.jsonText.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["file", "samples", "kinds", "contacts", "markers", "durationSeconds", "ratesHz", "chunks",
                                     "bytes", "complete", "form", "metadata", "startNs", "endNs", "bytesPerSecond",
                                     "bytesPerSample", "compressionRatio", "quantizationError"])
        #expect(object["samples"] as? Int == 142 && object["contacts"] as? Int == 2 && object["form"] as? String == "touchtrace")
        #expect((object["metadata"] as? [String: Any])?["displayHz"] as? Double == 120)
        #expect(container.jsonText.hasPrefix("{\n  \"bytes\""))   // sorted keys, pretty-printed

        let path = directory.appendingPathComponent("pinch.csv").path
        let input = try TraceInput(path: Self.pinch)
        try copySamples(from: input.source, to: TraceOutput.sink(writing: .foreign(.csv), to: path, metadata: input.metadata))
        let text = try TraceDescription(TraceInput(path: path))
        let textObject = try #require(try JSONSerialization.jsonObject(with: Data(text.jsonText.utf8)) as? [String: Any])
        #expect(textObject["form"] as? String == "csv" && textObject["chunks"] as? Int == 0 && textObject["complete"] as? Bool == true)
        #expect(textObject["compressionRatio"] == nil && textObject["samples"] as? Int == 142)
    }

    /// Hostile report 17: a container under a text form's name (as `synth -o x.csv` wrote
    /// one) was refused as "not UTF-8 text"; it is named for what it is.
    @Test("a container named as a text form is named as a container", arguments: ["csv", "evemu", "getevent", "yml", "events"])
    func containerUnderATextName(suffix: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-container-\(getpid()).\(suffix)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.copyItem(atPath: Golden.packageRoot.appendingPathComponent("Traces/tap.touchtrace").path, toPath: path)
        let form = try #require(TraceForm.byExtension(of: path, forOutput: false))
        let error = try #require(throws: TraceFormatError.self) { _ = try TraceInput(path: path) }
        #expect(error.path == path && error.offset == 0)
        #expect(error.reason == "is a .touchtrace file, not \(form.name): rename it .touchtrace.")
        // Named as a container, it reads.
        #expect(try TraceInput(path: path, form: .touchtrace).reader?.sampleCount ?? 0 > 0)
    }
}
