import Foundation
import Testing
import TouchInput
@testable import TraceFormats

@Suite("CSV")
struct CSVTests {
    @Test func readsMillisecondsAndInfersPhases() throws {
        let csv = """
        # exported by a test rig
        time_ms,id,x,y,force
        0,1,10,20,0.5
        8.333333,1,11,21,0.6
        16.666667,1,12,22,
        4.1,2,0,0,
        """
        #expect { try CSVImporter.parse(csv) } throws: { ($0 as? TraceFormatError)?.line == 6 }  // time goes back
        let trace = try CSVImporter.parse(String(csv.split(separator: "\n").dropLast().joined(separator: "\n")))
        #expect(trace.samples.map(\.time) == [0, 8_333_333, 16_666_667])
        #expect(trace.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(trace.samples[2].force == nil)
        #expect(trace.samples[1].force == 0.6)
    }

    @Test func exportThenImportIsExact() throws {
        let samples: [InputSample] = [
            InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 0.1, y: 1.0 / 3, force: 0.25, majorRadius: 7,
                        modifiers: [.shift, .command], flags: [.coalesced]),
            InputSample(time: 5, kind: .pencil, phase: .hoverMoved, id: 2, x: 5, y: 6, altitude: 1.2, azimuth: 0.3, roll: 0.1, buttons: 2),
            InputSample(time: 7, kind: .scroll, phase: .moved, x: 1, y: 2, scrollDelta: (0, -12.5)),
            InputSample(time: 9, kind: .key, phase: .began, key: 225),
            .marker("pause, then \"redirect\"", at: 11),
        ]
        let text = try CSVExporter.export(samples: samples)
        let again = try CSVImporter.parse(text)
        #expect(again.samples == samples)
    }

    @Test func malformedRowsNameTheirLine() {
        #expect { try CSVImporter.parse("t,x,y,bogus\n0,1,2,3\n") } throws: { ($0 as? TraceFormatError)?.line == 1 }
        #expect { try CSVImporter.parse("t,x,y\n0,1,2\n1,1\n") } throws: { ($0 as? TraceFormatError)?.line == 3 }
        #expect { try CSVImporter.parse("t,x,y\n0,1,2\n1,one,2\n") } throws: { ($0 as? TraceFormatError)?.line == 3 }
        #expect { try CSVImporter.parse("t,x,y,phase\n0,1,2,began\n1,1,2,flying\n") } throws: { ($0 as? TraceFormatError)?.line == 3 }
        #expect { try CSVImporter.parse("x,y\n1,2\n") } throws: { ($0 as? TraceFormatError)?.line == 1 }
        #expect { try CSVImporter.parse("t,x,y,label\n0,1,2,\"open\n") } throws: { ($0 as? TraceFormatError)?.line == 2 }
        #expect { try CSVImporter.parse("time_ms,x,y\n0.0000001,1,2\n") } throws: { ($0 as? TraceFormatError)?.line == 2 }
    }
}

@Suite("W3C Pointer Events JSON")
struct PointerEventsTests {
    static let capture = """
    {"version": 1, "device": "tablet", "timeOrigin": 1700000000000, "screen": {"width": 800, "height": 600, "devicePixelRatio": 2},
     "events": [
      {"type": "pointerover", "pointerId": 1, "pointerType": "touch", "timeStamp": 100, "clientX": 10, "clientY": 10},
      {"type": "pointerdown", "pointerId": 1, "pointerType": "touch", "timeStamp": 100, "clientX": 10, "clientY": 10, "pressure": 0.5, "width": 20, "height": 30, "buttons": 1},
      {"type": "pointermove", "pointerId": 1, "pointerType": "touch", "timeStamp": 116, "clientX": 14, "clientY": 10, "pressure": 0.5, "buttons": 1,
       "coalescedEvents": [{"type": "pointermove", "timeStamp": 108, "clientX": 12, "clientY": 10, "pressure": 0.5},
                           {"type": "pointermove", "timeStamp": 116, "clientX": 14, "clientY": 10, "pressure": 0.5}],
       "predictedEvents": [{"type": "pointermove", "timeStamp": 124, "clientX": 16, "clientY": 10}, {"type": "pointermove", "timeStamp": 140, "clientX": 20, "clientY": 10}]},
      {"type": "pointerup", "pointerId": 1, "pointerType": "touch", "timeStamp": 130, "clientX": 15, "clientY": 10, "buttons": 0},
      {"type": "pointerover", "pointerId": 2, "pointerType": "pen", "timeStamp": 150, "clientX": 100, "clientY": 100, "tiltX": 0, "tiltY": 0},
      {"type": "pointerenter", "pointerId": 2, "pointerType": "pen", "timeStamp": 150, "clientX": 100, "clientY": 100},
      {"type": "pointermove", "pointerId": 2, "pointerType": "pen", "timeStamp": 160, "clientX": 101, "clientY": 100, "tiltX": 30, "tiltY": 0, "twist": 90},
      {"type": "pointerout", "pointerId": 2, "pointerType": "pen", "timeStamp": 170, "clientX": 101, "clientY": 100},
      {"type": "wheel", "timeStamp": 180, "clientX": 5, "clientY": 6, "deltaY": 3, "deltaMode": 1, "shiftKey": true}
     ]}
    """

    @Test func convertsTouchPenAndWheel() throws {
        let trace = try PointerEventsImporter.parse(Data(Self.capture.utf8))
        let text = trace.samples.map { "\($0.time / 1_000_000) \($0.kind.name) \($0.phase.name) \($0.x) \($0.flags.names)" }
        #expect(text == [
            "0 touch began 10.0 []",
            "8 touch moved 12.0 [\"coalesced\"]",
            "16 touch moved 14.0 []",
            "24 touch moved 16.0 [\"predicted\"]",
            "30 touch ended 15.0 []",
            "50 pencil hoverEntered 100.0 []",
            "60 pencil hoverMoved 101.0 []",
            "70 pencil hoverExited 101.0 []",
            "80 scroll moved 5.0 []",
        ])
        #expect(trace.samples[0].majorRadius == 15)
        #expect(trace.samples[0].force == 0.5)
        #expect(abs((trace.samples[6].altitude ?? 0) - (.pi / 2 - .pi / 6)) < 1e-12)
        #expect(abs((trace.samples[6].roll ?? 0) - .pi / 2) < 1e-12)
        #expect(trace.samples[8].scrollDelta?.dy == 48)
        #expect(trace.samples[8].modifiers == [.shift])
        #expect(trace.metadata.epochNanoseconds == 1_700_000_000_100_000_000)
        #expect(trace.metadata.screen?.scale == 2)
    }

    @Test func badEventsAreNamed() {
        let unknown = #"{"events": [{"type": "pointerdown", "pointerId": 1, "pointerType": "finger", "timeStamp": 1, "clientX": 0, "clientY": 0}]}"#
        #expect { try PointerEventsImporter.parse(Data(unknown.utf8)) } throws: {
            ($0 as? TraceFormatError)?.reason.hasPrefix("event 1:") == true
        }
        let broken = "{\"events\": [\n{\"type\": \"pointerdown\",,}\n]}"
        #expect(throws: TraceFormatError.self) { try PointerEventsImporter.parse(Data(broken.utf8)) }
    }
}

@Suite("Chrome trace events")
struct ChromeTraceTests {
    @Test func oneTrackPerContact() throws {
        let samples = EvemuExportTests.synthetic
        let text = ChromeTraceExporter.export(metadata: TraceMetadata(device: "synth"), samples: samples)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        #expect(events.allSatisfy { $0["ph"] != nil })
        let spans = events.filter { $0["ph"] as? String == "X" }
        #expect(spans.count == 3)  // contacts 3, 9 and 10
        #expect(Set(spans.compactMap { $0["tid"] as? Int }).count == 3)
        let first = try #require(spans.first { $0["name"] as? String == "touch #3" })
        #expect(first["ts"] as? Double == 1000)
        #expect(first["dur"] as? Double == 16000)
    }
}

@Suite("format detection")
struct TraceFormatTests {
    @Test func guessesFromNamesAndContent() {
        #expect(TraceFormat.guess(fromPath: "a/EP0430M09.1-finger.events") == .evemu)
        #expect(TraceFormat.guess(fromPath: "rec.yml") == .libinput)
        #expect(TraceFormat.guess(fromPath: "x.json") == .pointerEvents)
        #expect(TraceFormat.guess(fromPath: "x.json", forExport: true) == .chromeTrace)
        #expect(TraceFormat.guess(fromContent: "# EVEMU 1.3\nN: x\n") == .evemu)
        #expect(TraceFormat.guess(fromContent: "E: 0.000001 0003 0039 0001\n") == .evemu)
        #expect(TraceFormat.guess(fromContent: Substring(GeteventTests.labelled)) == .getevent)
        #expect(TraceFormat.guess(fromContent: Substring(LibinputRecordTests.recording)) == .libinput)
        #expect(TraceFormat.guess(fromContent: "t,x,y\n0,1,2\n") == .csv)
        #expect(TraceFormat.guess(fromContent: Substring(PointerEventsTests.capture)) == .pointerEvents)
        // Comments first, in any number: an export of a marker-dense trace opens with one per
        // marker after a metadata comment that has commas (a getevent log named .txt was CSV).
        let comments = #"# TouchBench: {"device":"phone","digitizerHz":240}"# + "\n"
            + (0..<40).map { "# TouchBench-marker: \($0)000000 pause\n" }.joined()
        #expect(TraceFormat.guess(fromContent: Substring(comments + GeteventTests.labelled)) == .getevent)
        #expect(TraceFormat.guess(fromContent: Substring(comments + LibinputRecordTests.recording)) == .libinput)
        #expect(TraceFormat.guess(fromContent: Substring(comments + "t,x,y\n0,1,2\n")) == .csv)
        #expect(TraceFormat.guess(fromContent: Substring(comments)) == nil)
    }

    @Test func exportsAndReadsFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tb-formats-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.evemu").path
        try TraceFormat.export(.evemu, metadata: TraceMetadata(device: "synth"), samples: EvemuExportTests.synthetic, to: path)
        let again = try TraceFormat.importTrace(from: path)
        #expect(again.samples == EvemuExportTests.synthetic)
        #expect { try TraceFormat.importTrace(from: directory.appendingPathComponent("missing.csv").path) } throws: {
            ($0 as? TraceFormatError)?.kind == .unreadable
        }
    }
}

@Suite("evemu malformed input")
struct EvemuMalformedTests {
    @Test("each malformed line is named", arguments: [
        ("N: x\nA: 35 0 100 0 0 0\nE: 0.000001 0003 0035 0001\nE: 0.0000x1 0003 0035 0001\n", 4),
        ("N: x\nE: 0.000001 0003 0035\n", 2),
        ("N: x\nE: 0.000001 0003 zz35 0001\n", 2),
        ("N: x\nE: 0.000001 0003 0035 99999999999\n", 2),
        ("N: x\nE: 0.000001 0020 0035 1\n", 2),
        ("N: x\nX: what\n", 2),
        ("N: x\nB: 03 zz\n", 2),
        ("N: x\nB: 40 00\n", 2),
        ("N: x\nA: 35 0 100\n", 2),
        ("N: x\nA: 35 100 0 0 0 0\n", 2),
        ("N: x\nI: 0003 0001\n", 2),
        ("N: x\n" + String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 13), 14),
        ("N: x\nhello\n", 2),
    ])
    func malformed(text: String, line: Int) {
        #expect { try EvemuImporter.parse(text, path: "bad.evemu") } throws: { error in
            let error = error as? TraceFormatError
            return error?.line == line && error?.path == "bad.evemu" && error?.kind == .malformed
        }
    }

    @Test func descriptionFileHoldsNoEvents() {
        #expect { try EvemuImporter.parse("E: 0.1 0000 0000 0000\n", description: ("N: x\nE: 0.1 0000 0000 0000\n", "d.desc")) } throws: {
            ($0 as? TraceFormatError)?.path == "d.desc" && ($0 as? TraceFormatError)?.line == 2
        }
    }

    @Test func hostileInputNeverCrashes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["E:", "0.1", "-1", "0003", "002f", "0039", "ffff", "N:", "A:", "B:", "#", "99999999999999999999", "\t", "-", "0000"]
        for _ in 0..<300 {
            let line = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined(separator: " ")
            _ = try? EvemuImporter.parse("N: fuzz\n" + line + "\nE: 0.2 0000 0000 0000\n")
            _ = try? GeteventImporter.parse("[ 1.0 ] " + line + "\n")
            _ = try? LibinputRecordImporter.parse("version: 1\ndevices:\n- " + line + "\n")
            _ = try? CSVImporter.parse("t,x,y\n" + line + "\n")
        }
    }
}
