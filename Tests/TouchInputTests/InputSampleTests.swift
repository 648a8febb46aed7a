import Foundation
import Testing
import TouchInput

@Suite("The sample model")
struct InputSampleTests {
    @Test("names round-trip for every kind and phase")
    func names() {
        for kind in SampleKind.allCases { #expect(SampleKind(name: kind.name) == kind) }
        for phase in SamplePhase.allCases { #expect(SamplePhase(name: phase.name) == phase) }
        #expect(SampleKind(name: "finger") == nil)
        #expect(SamplePhase(name: "Began") == nil)
    }

    @Test("modifier and flag names round-trip; unknown names are refused")
    func flagNames() {
        let all = ModifierFlags(ModifierFlags.named.map(\.flag))
        #expect(ModifierFlags(names: all.names) == all)
        #expect(all.names == ["shift", "control", "option", "command", "capsLock", "function"])
        #expect(ModifierFlags(names: ["shift", "meta"]) == nil)
        let flags: SampleFlags = [.coalesced, .synthetic]
        #expect(flags.names == ["coalesced", "synthetic"])
        #expect(SampleFlags(names: ["estimated"]) == .estimatedPropertiesPending)
    }

    @Test("an absent field is absent, and clearing a field makes samples equal again")
    func presence() {
        var a = InputSample(time: 5, kind: .touch, phase: .moved, id: 1, x: 1, y: 2)
        let b = a
        #expect(a.force == nil && a.altitude == nil && a.buttons == nil && a.label == nil)
        #expect(a.fields == [.location])
        a.force = 0.5
        #expect(a != b)
        #expect(a.fields == [.location, .force])
        a.force = nil
        #expect(a == b)
        a.modifiers = [.shift]
        #expect(a.fields.contains(.modifiers))
        a.modifiers = []
        #expect(a == b)
        a.buttons = 0
        #expect(a.buttons == 0 && a != b, "buttons 0 is present, unlike no buttons")
    }

    /// Every pass copies samples: at 128 bytes a copy is eight 16-byte moves, one byte more
    /// and it is a call to memcpy. A new field should be a deliberate decision about that.
    @Test("a sample is 128 bytes with no padding to spare")
    func size() {
        #expect(MemoryLayout<InputSample>.size == 128)
        #expect(MemoryLayout<InputSample>.stride == 128)
    }

    @Test("markers carry their label and no location")
    func marker() {
        let marker = InputSample.marker("redirect", at: 42)
        #expect(marker.kind == .marker && marker.label == "redirect" && marker.time == 42)
        #expect(marker.location == nil)
        #expect(marker.fields == [.label])
    }

    @Test("metadata keeps free keys at the top level of its JSON and reads them back")
    func metadataJSON() throws {
        var metadata = TraceMetadata(device: "Pixel", screen: .init(width: 412, height: 915, scale: 2.625), digitizerHz: 240,
                                     source: "getevent", extra: ["slot": "B", "axis.x": "0..1079"])
        metadata.quanta.position = 0.5
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(metadata), as: UTF8.self)
        #expect(json.contains("\"slot\":\"B\""))
        #expect(!json.contains("\"extra\""))
        #expect(try JSONDecoder().decode(TraceMetadata.self, from: Data(json.utf8)) == metadata)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(TraceMetadata.self, from: Data("{\"free\":1}".utf8)) }
        #expect(!FieldQuanta(position: 0).isValid && !FieldQuanta(force: .nan).isValid && FieldQuanta.standard.isValid)
    }
}
