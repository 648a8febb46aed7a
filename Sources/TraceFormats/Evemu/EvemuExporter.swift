import Foundation
import TouchInput

/// Writes a trace as an evemu recording (description and events) that `evemu-play` can
/// replay on a uinput device, and that ``EvemuImporter`` reads back to the same samples.
///
/// A trace that came from evdev keeps its device description (from metadata `extra`);
/// any other trace gets a plausible synthetic device: a multitouch screen (protocol B) for
/// touches, a pen tablet for a trace of pencil samples only, with relative axes and
/// buttons when it has a pointer or scrolling, and keys for its key samples. Positions are
/// written in units of the trace's position quantum, forces in units of its force quantum.
///
/// Two comments carry what evdev cannot: `# TouchBench: {metadata}` and
/// `# TouchBench-mapping: scaleX scaleY originX originY quantum`.
///
/// What evdev cannot express is approximated, and does not survive the round trip:
/// `cancelled` becomes a lift, `stationary` a move; pencil contacts in a trace that also has
/// touches become multitouch pen contacts (no tilt, no hover); times are written to the
/// microsecond (markers keep their nanoseconds in `# TouchBench-marker:` comments); pencil ids are renumbered from 1 in order of
/// appearance, as the importer numbers pens.
public enum EvemuExporter {
    /// The evemu text for `samples` (in time order) described by `metadata`.
    public static func export(metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        let plan = DevicePlan(metadata: metadata, samples: samples)
        var writer = FrameWriter(plan: plan, epoch: metadata.epochNanoseconds, screen: metadata.screen, samples: samples)
        var out = plan.descriptionText(metadata: metadata)
        out += "################################\n#      Waiting for events      #\n################################\n"
        if let first = samples.first(where: { $0.kind != .marker }), first.time != 0 {
            // The importer counts time from the first event: an empty frame marks zero.
            writer.syn(at: 0)
        }
        var index = 0
        while index < samples.count {
            let time = samples[index].time
            if samples[index].kind == .marker {
                writer.marker(samples[index])
                index += 1
                continue
            }
            guard time >= (index > 0 ? samples[index - 1].time : 0) || index == 0 else {
                throw TraceFormatError("sample \(index + 1) is earlier than the one before it.")
            }
            var frame: [(InputSample, Bool)] = []
            var ids = Set<String>()
            while index < samples.count, samples[index].time == time {
                let sample = samples[index]
                // A marker ends the frame, so that it keeps its place among the samples.
                if sample.kind == .marker { break }
                let key = "\(sample.kind.rawValue).\(sample.id)"
                if sample.kind.isContact, ids.contains(key) { break }
                if sample.kind.isContact { ids.insert(key) }
                frame.append((sample, penLeaves(after: index, in: samples)))
                index += 1
            }
            try writer.write(frame: frame, at: time)
        }
        return out + writer.text
    }

    /// Whether the pen of pencil sample `index` leaves proximity after it: it lifts and is
    /// not seen hovering or touching again under the same id.
    static func penLeaves(after index: Int, in samples: [InputSample]) -> Bool {
        let sample = samples[index]
        guard sample.kind == .pencil else { return false }
        if sample.phase == .hoverExited { return true }
        guard sample.phase.isTerminal else { return false }
        guard let next = samples[(index + 1)...].first(where: { $0.kind == .pencil }) else { return true }
        return next.id != sample.id || ![.hoverEntered, .hoverMoved, .began].contains(next.phase)
    }

    /// Writes the evemu text to `path`.
    public static func write(metadata: TraceMetadata, samples: [InputSample], to path: String) throws {
        let text = try export(metadata: metadata, samples: samples)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TraceFormatError("the file cannot be written.", path: path, kind: .unwritable)
        }
    }
}
