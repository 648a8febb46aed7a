import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// Hostile report 18: the container's writer made files its own readers refuse, with exit 0:
/// a chunk of 70 markers of 1 MB each (70 MB raw, over the 64 MiB limit) and metadata that
/// grew past its 1 MiB limit when `/` was written `\/`.
@Suite("The container writes nothing its readers refuse")
struct ContainerLimitsTests {
    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tb-limits-\(getpid())-\(name)").path
    }

    @Test("long marker labels are spread over chunks that each stay under the raw limit")
    func longLabelsSplitChunks() throws {
        let path = Self.scratch("labels.touchtrace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let label = String(repeating: "m", count: 1_000_000)
        // 36 MB of labels: one chunk before (36 MB raw, readable, but the same writer made 70 MB).
        let samples = (0..<36).map { InputSample.marker(label + String($0), at: Int64($0) * 1_000) }
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(device: "d"), options: .archival)
        try writer.append(contentsOf: samples)
        try writer.finish()
        let reader = try TraceReader(path: path)
        #expect(reader.sampleCount == 36)
        #expect(reader.chunks.count == 2)
        // 33 labels of about 1 000 001 bytes fit in 32 MiB (33 554 432 bytes); a 34th would not.
        #expect(reader.chunks.map(\.sampleCount) == [33, 3])
        #expect(try reader.verify().sampleCount == 36)
    }

    @Test("metadata over the header's limit once encoded is refused before anything is written")
    func metadataOverTheLimit() throws {
        let path = Self.scratch("meta.touchtrace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var metadata = TraceMetadata(device: "d")
        metadata.extra["note"] = String(repeating: "/", count: 600_000)
        let error = try #require(throws: TraceFileError.self) { try TraceWriter(path: path, metadata: metadata) }
        #expect(error.reason.contains("over its 1048576-byte limit"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
