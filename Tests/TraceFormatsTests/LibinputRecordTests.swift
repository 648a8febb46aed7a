import Testing
import TouchInput
@testable import TraceFormats

@Suite("libinput record YAML")
struct LibinputRecordTests {
    static let recording = """
    version: 1
    ndevices: 1
    libinput:
      version: "1.25.0"
      git: "unknown"
    system:
      os: "fedora:39"
      kernel: "6.5.6-300.fc39.x86_64"
      dmi: "dmi:bvnLENOVO:bvrN2HET70W(1.53):bd01/01/2023:svnLENOVO:"
    devices:
    - node: /dev/input/event7
      evdev:
        # Name: ELAN Touchscreen
        # Supported Events:
        # Event type 3 (EV_ABS)
        name: "ELAN Touchscreen"
        id: [24, 1267, 10, 256]
        codes:
          0: [0, 1, 2, 3, 4] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57, 58] # EV_ABS
        absinfo:
          0: [0, 3456, 0, 0, 12]
          1: [0, 1944, 0, 0, 12]
          47: [0, 9, 0, 0, 0]
          53: [0, 3456, 0, 0, 12]
          54: [0, 1944, 0, 0, 12]
          57: [0, 65535, 0, 0, 0]
          58: [0, 255, 0, 0, 0]
        properties: [1]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
      quirks:
      events:
      # Current time is 10:11:12
      - evdev:
        - [  0,      0,   3,  57,    5] # EV_ABS / ABS_MT_TRACKING_ID      5
        - [  0,      0,   3,  53,  120] # EV_ABS / ABS_MT_POSITION_X     120
        - [  0,      0,   3,  54,  240] # EV_ABS / ABS_MT_POSITION_Y     240
        - [  0,      0,   3,  58,   51] # EV_ABS / ABS_MT_PRESSURE        51
        - [  0,      0,   1, 330,    1] # EV_KEY / BTN_TOUCH              1
        - [  0,      0,   0,   0,    0] # ------------ SYN_REPORT (0) ---------- +0ms
      - libinput:
        - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [3.33, 6.67]}
      - evdev:
        - [  0,   6944,   3,  53,  132] # EV_ABS / ABS_MT_POSITION_X     132
        - [  0,   6944,   0,   0,    0] # ------------ SYN_REPORT (0) ---------- +6ms
      - evdev:
        - [  0,  13889,   3,  57,   -1] # EV_ABS / ABS_MT_TRACKING_ID     -1
        - [  0,  13889,   1, 330,    0] # EV_KEY / BTN_TOUCH              0
        - [  0,  13889,   0,   0,    0] # ------------ SYN_REPORT (0) ---------- +7ms
    """

    @Test func readsTheRecording() throws {
        let trace = try LibinputRecordImporter.parse(Self.recording)
        #expect(trace.metadata.device == "ELAN Touchscreen")
        #expect(trace.metadata.source == "libinput")
        #expect(trace.metadata.extra["evdev.node"] == "/dev/input/event7")
        #expect(trace.metadata.extra["libinput.version"] == "1.25.0")
        #expect(trace.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(trace.samples.map(\.time) == [0, 6_944_000, 13_889_000])
        #expect(trace.samples.allSatisfy { $0.id == 5 })
        #expect(trace.samples.first?.force == 51.0 / 255)
        #expect(abs((trace.samples.first?.x ?? 0) - 10 * 72 / 25.4) < 1e-9)  // 120 units at 12/mm
        #expect(trace.metadata.screen.map { abs($0.width - 3457.0 / 12 * 72 / 25.4) < 1e-9 } == true)
    }

    @Test func otherYAMLIsAnErrorNamingTheLine() {
        let tabbed = "version: 1\ndevices:\n\t- node: x\n"
        #expect { try LibinputRecordImporter.parse(tabbed) } throws: { ($0 as? TraceFormatError)?.line == 3 }
        let anchor = "version: 1\ndevices: &a\n"
        #expect { try LibinputRecordImporter.parse(anchor) } throws: { ($0 as? TraceFormatError)?.line == 2 }
        let version2 = "version: 2\ndevices: []\n"
        #expect { try LibinputRecordImporter.parse(version2) } throws: { ($0 as? TraceFormatError)?.line == 1 }
        var badEvent = Self.recording.replacingOccurrences(of: "[  0,   6944,   3,  53,  132]", with: "[  0,   6944,   3,  53]")
        #expect { try LibinputRecordImporter.parse(badEvent) } throws: { ($0 as? TraceFormatError)?.line == 48 }
        badEvent = Self.recording.replacingOccurrences(of: "[  0,   6944,   3,  53,  132]", with: "[  0,   6944,   3,  53,  132")
        #expect { try LibinputRecordImporter.parse(badEvent) } throws: { ($0 as? TraceFormatError)?.line == 48 }
        let indented = "version: 1\n  stray: 2\n"
        #expect { try LibinputRecordImporter.parse(indented) } throws: { ($0 as? TraceFormatError)?.line == 2 }
    }

    /// Hostile report 17: an event of 4 or 6 numbers read "event is a list of 5 integers", as
    /// if it were right, and a negative resolution was taken as none.
    @Test("a list of the wrong length says what it holds; a negative resolution is refused", arguments: [
        ("[  0,   6944,   3,  53]", "event is not a list of 5 integers: it has 4."),
        ("[  0,   6944,   3,  53,  132, 7]", "event is not a list of 5 integers: it has 6."),
    ])
    func wrongLengths(event: String, reason: String) throws {
        let text = Self.recording.replacingOccurrences(of: "[  0,   6944,   3,  53,  132]", with: event)
        let error = try #require(throws: TraceFormatError.self) { try LibinputRecordImporter.parse(text) }
        #expect(error.reason == reason && error.line == 48)
        let negative = Self.recording.replacingOccurrences(of: "53: [0, 3456, 0, 0, 12]", with: "53: [0, 3456, 0, 0, -12]")
        let refused = try #require(throws: TraceFormatError.self) { try LibinputRecordImporter.parse(negative) }
        #expect(refused.reason == "axis 53 has a negative resolution, -12." && refused.line == 26, "\(refused)")
    }

    /// Comments and trailing blanks are cut on bytes: a name ending in a multi-byte character,
    /// a `#` inside quotes or inside a word, and a tab before a comment.
    @Test func commentsAndTrailingBlanksKeepEveryCharacterOfAValue() throws {
        let cases = [
            ("name: \"ELAN Touchscreen\"", "name: Écran tactile élan  \t# a comment", "Écran tactile élan"),
            ("name: \"ELAN Touchscreen\"", "name: \"pen # 2\" # a comment", "pen # 2"),
            ("name: \"ELAN Touchscreen\"", "name: pen#2\t# a comment", "pen#2"),
            ("name: \"ELAN Touchscreen\"", "name: 日本 ", "日本"),
        ]
        for (original, replacement, device) in cases {
            let trace = try LibinputRecordImporter.parse(Self.recording.replacingOccurrences(of: original, with: replacement))
            #expect(trace.metadata.device == device, "\(replacement)")
        }
    }
}
