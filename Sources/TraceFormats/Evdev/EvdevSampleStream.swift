import TouchInput
import TouchTrace

/// Where a streamed evdev import takes its events from: the chosen device's events of a file,
/// in file order, one at a time (read from one block buffer of lines).
protocol EvdevEventReader {
    /// The next event of the chosen device, or `nil` after the last.
    mutating func nextEvent() throws -> EvdevEvent?
}

/// The events of a getevent log or a libinput recording decoded as they are read: what
/// ``EvdevRecording/makeTrace(source:options:explicitMapping:markers:extra:)`` and
/// ``TouchBenchComments/restore(into:)`` make of the whole file, one sample at a time, with
/// memory bounded by a block, a line and the markers. The device, the mapping, the metadata
/// (TouchBench's comment) and the markers are known before the first event (the readers'
/// first pass finds them); markers go back among the samples as
/// ``EvdevRecording/precedes(_:_:decodedAt:)`` puts them: by time, and at one time by the
/// number of events before them (`Int.max`: after the samples of their time, as
/// ``TouchBenchComments/merge(_:into:)`` puts a header's markers).
///
/// Not generic over its reader: the stream is used as `any SampleSource`, so a generic class
/// ran unspecialized — its state's layout, the reader's and the decoder's calls looked up at
/// run time for every event (type metadata, value witnesses, `memcpy` of each sample).
final class EvdevSampleStream: SampleSource, EvdevStreamReport {
    typealias Reader = SpooledEvents

    let metadata: TraceMetadata
    /// Events read so far whose time stepped back and was held (``EvdevRecording/Clock``).
    var heldBackEvents: Int { state.decoder.heldBackEvents }
    /// The file's cut last event line, found by the first pass (``ImportedTrace/cutLine``).
    let cutLine: Int?
    private let path: String
    // One stored struct, so that a sample costs one access to the object; unchecked, as
    // nothing the decoder or the reader calls reaches back into this stream.
    @exclusivity(unchecked) private var state: State

    init(path: String, format: TraceFormat, metadata: TraceMetadata, decoder: EvdevTraceDecoder, reader: Reader,
         markers: [(eventIndex: Int, sample: InputSample)], cutLine: Int?) {
        self.path = path
        self.metadata = metadata
        self.cutLine = cutLine
        state = State(reader: reader, decoder: decoder, markers: markers, format: format, path: path, cutLine: cutLine)
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        try StreamedSample.next(path: path, quanta: metadata.quanta) { try state.next() }
    }

    private struct State {
        var reader: Reader
        var decoder: EvdevTraceDecoder
        let markers: [(eventIndex: Int, sample: InputSample)]
        let format: TraceFormat
        let path: String
        let cutLine: Int?
        var nextMarker = 0
        /// Events read so far (the place of each among them is what a marker's `eventIndex` counts).
        var eventIndex = 0
        /// Samples decoded and markers placed, not yet returned.
        var ready: [InputSample] = []
        var readyIndex = 0
        var finished = false
        var returned = 0

        init(reader: Reader, decoder: EvdevTraceDecoder, markers: [(eventIndex: Int, sample: InputSample)], format: TraceFormat, path: String, cutLine: Int?) {
            self.cutLine = cutLine
            self.reader = reader
            self.decoder = decoder
            self.markers = markers
            self.format = format
            self.path = path
        }

        mutating func next() throws -> InputSample? {
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                guard try advance() else { return nil }
            }
            readyIndex += 1
            returned += 1
            return ready[readyIndex - 1]
        }

        /// Reads on until something may be ready; false at the end.
        private mutating func advance() throws -> Bool {
            guard !finished else { return false }
            guard let event = try reader.nextEvent() else {
                finished = true
                // Markers after the last sample go last.
                ready.append(contentsOf: markers[nextMarker...].map(\.sample))
                nextMarker = markers.count
                if returned == 0, ready.isEmpty {
                    throw TraceFormatError(EvdevTraceDecoder.noSamplesProblem(form: format.rawValue, cutLine: cutLine) + ".",
                                           path: path, line: cutLine)
                }
                return true
            }
            feed(event)
            return true
        }

        private mutating func feed(_ event: EvdevEvent) {
            let index = eventIndex
            eventIndex += 1
            // Only a SYN_REPORT completes samples: the other events need no output buffer.
            guard event.type == EvdevCode.evSyn else {
                decoder.feed(event) { _ in }
                return
            }
            // The samples go straight to the ready list (moved out of the state while the
            // decoder runs), markers placed before them as they come.
            var output = ready
            ready = []
            var next = nextMarker
            let markers = self.markers
            decoder.feed(event) { sample in
                while next < markers.count, EvdevRecording.precedes(markers[next], sample, decodedAt: index) {
                    output.append(markers[next].sample)
                    next += 1
                }
                output.append(sample)
            }
            ready = output
            nextMarker = next
        }
    }
}

extension EvdevEvent: BitwiseCopyable {}

/// A streamed evdev import's report: the events whose time it held back
/// (``ImportedTrace/heldBackEvents``) and its cut last event line (``ImportedTrace/cutLine``,
/// known once the stream has returned `nil`).
protocol EvdevStreamReport: AnyObject {
    var heldBackEvents: Int { get }
    var cutLine: Int? { get }
}

/// An event parsed by a streamed import's first pass, parked until its second, with the index
/// of its device among the file's.
struct SpooledEvent: BitwiseCopyable {
    var event: EvdevEvent
    var device: Int
}

/// The second pass of a streamed import: the chosen device's events read back from the spool.
struct SpooledEvents: EvdevEventReader {
    let spool: ScratchSpool<SpooledEvent>.Reader
    let device: Int

    @inline(__always)
    mutating func nextEvent() throws -> EvdevEvent? {
        while let spooled = try spool.next() {
            if spooled.device == device { return spooled.event }
        }
        return nil
    }
}
