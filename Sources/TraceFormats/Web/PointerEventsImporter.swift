import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace

/// Reads W3C Pointer Events captured by a web page (the shape is ``PointerEventsDocument``).
///
/// `pointerType` touch becomes touch samples, pen pencil samples, mouse pointer samples;
/// `pointerId` is the id. Phases: `pointerdown` began, `pointermove` moved while down and
/// hoverMoved otherwise, `pointerup` ended, `pointercancel` cancelled, `pointerover`
/// hoverEntered and `pointerout` hoverExited for pens and mice that are not down (touch has
/// no hover; `pointerenter`/`pointerleave` repeat over/out and capture events carry nothing,
/// so they are skipped). `wheel` becomes a scroll sample (lines count 16 points, pages the
/// screen height). A move's coalesced events come first, flagged coalesced (the last of them
/// is the event itself); its predicted events are kept at the times they predict, flagged
/// predicted, unless the contact has ended by then. Times are made relative to the earliest
/// timestamp; `timeOrigin` plus that timestamp becomes the metadata epoch. One pointer's
/// events at one time are read in their meaningful order (``EqualTimeOrder``), and a
/// `pointerdown` of a pointer that is already down is refused.
public enum PointerEventsImporter {
    /// Reads the file at `path`; errors name the file and, for malformed content, the line.
    public static func read(contentsOf path: String, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        // Through SystemFile: a FIFO is refused rather than waited on, the size is checked
        // before the read, and a byte-order mark is dropped.
        let bytes: [UInt8]
        do { bytes = try SystemFile.readWhole(path, limit: TextInput.maximumFileSize) } catch {
            throw TraceFormatError("the file \(error.reason).", path: path, kind: error.kind == .malformed ? .malformed : .unreadable)
        }
        return try parse(Data(bytes), path: path, options: options)
    }

    /// Parses the content of a file; `path` only names it in errors.
    public static func parse(_ data: Data, path: String? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        let document: PointerEventsDocument
        var bytes = [UInt8](data)
        do {
            document = try PointerEventsDocument(json: JSONValue.parse(bytes: &bytes))
        } catch let error as JSONValue.SyntaxError {
            throw TraceFormatError("the file is not valid JSON (\(error.reason) at byte \(error.offset)).", path: path,
                                   line: bytes.prefix(error.offset).reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) })
        } catch let problem as PointerEventsDocument.Problem {
            throw TraceFormatError(problem.message, path: path)
        } catch {
            throw TraceFormatError("the file is not a pointer events capture: \(error).", path: path)
        }
        do {
            return try convert(document, options: options)
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
    }

    /// The largest magnitude of a timeStamp or an epoch, in milliseconds: 2^62 ns.
    private static let limitMilliseconds = Double(SampleTime.limit) / 1e6

    private static func convert(_ document: PointerEventsDocument, options: ImportOptions) throws -> ImportedTrace {
        var origin = Double.infinity
        for (index, event) in document.events.enumerated() {
            let stamps = [("", event.timeStamp)] + event.coalescedEvents.map { (" (a coalesced event)", $0.timeStamp) }
                + event.predictedEvents.map { (" (a predicted event)", $0.timeStamp) }
            for (which, stamp) in stamps {
                // Each is checked here, so that a wild one is named rather than the event its
                // wild origin pushes out of range.
                guard abs(stamp) <= limitMilliseconds else {
                    throw TraceFormatError("event \(index + 1)\(which): timeStamp \(stamp) ms is outside ±(2^62 − 1) ns (about 146 years).")
                }
                origin = Swift.min(origin, stamp)
            }
        }
        guard origin.isFinite else {
            return ImportedTrace(metadata: try metadata(document, options: options, origin: 0), samples: [])
        }
        var state = PointerState()
        var samples: [InputSample] = []
        let order = EqualTimeOrder(document.events, origin: origin)
        // The event read at each place, where a run of one pointer's events at one time
        // reorders them (``EqualTimeOrder``).
        var moved: [Int: Int] = [:]
        let screenHeight = document.screen?.height ?? options.screen?.height ?? 0
        for place in document.events.indices {
            if let run = order.run(startingAt: place, events: document.events, isDown: { state.down.contains($0) }) {
                for (runPlace, member) in zip(run.places, run.events) where runPlace != member { moved[runPlace] = member }
            }
            let index = moved.removeValue(forKey: place) ?? place
            do {
                try state.convert(document.events[index], origin: origin, screenHeight: screenHeight, into: &samples)
            } catch let error as TraceFormatError {
                throw TraceFormatError("event \(index + 1): " + error.reason)
            }
        }
        return ImportedTrace(metadata: try metadata(document, options: options, origin: origin), samples: orderedDroppingStalePredictions(samples))
    }

    private static func metadata(_ document: PointerEventsDocument, options: ImportOptions, origin: Double) throws -> TraceMetadata {
        var metadata = TraceMetadata(device: document.device, source: "pointer-events")
        metadata.screen = options.screen ?? document.screen.map {
            TraceMetadata.Screen(width: $0.width, height: $0.height, scale: $0.devicePixelRatio ?? 1)
        }
        if let timeOrigin = document.timeOrigin {
            // The epoch every trace keeps within ±(2^62 − 1) ns; a wild timeOrigin is refused, never dropped.
            let epoch = ((timeOrigin + origin) * 1e6).rounded()
            guard abs(epoch) <= Double(SampleTime.limit) else {
                throw TraceFormatError("timeOrigin \(timeOrigin) ms plus the earliest timeStamp, \(origin) ms, is not a time within ±(2^62 − 1) ns (about 146 years) of 1970.")
            }
            metadata.epochNanoseconds = Int64(epoch)
        }
        metadata.extra["pointerEvents.units"] = "CSS px taken as points; timeStamp ms"
        return metadata
    }

    /// Stable time order; predicted samples after their contact ended are dropped.
    private static func orderedDroppingStalePredictions(_ samples: [InputSample]) -> [InputSample] {
        let ordered = samples.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var ended = Set<UInt64>()
        var result: [InputSample] = []
        for sample in ordered {
            let key = sample.contact.packed
            if sample.flags.contains(.predicted) {
                if ended.contains(key) { continue }
            } else if sample.phase.isTerminal || sample.phase == .hoverExited {
                ended.insert(key)
            } else {
                ended.remove(key)
            }
            result.append(sample)
        }
        return result
    }
}
