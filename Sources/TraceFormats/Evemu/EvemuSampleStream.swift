import Foundation
import TouchInput
import TouchTrace

/// An evemu recording decoded as it is read, line by line from one block buffer into the
/// decoder: memory stays bounded by a block, a line and the markers, where ``EvemuImporter``
/// holds every event and every sample. It yields exactly the samples and metadata of the whole
/// import and fails where it fails, with the same words (an error found after the first
/// samples arrives from ``nextSample()`` as a ``TraceFileError`` naming the same line).
///
/// It streams what TouchBench writes: a recording that holds its own description (before its
/// events) and TouchBench's metadata comment, so that the metadata is known before the first
/// sample. ``open(path:options:)`` answers `nil` for any other recording, which is imported
/// whole (an observed device needs every event first; the decoder's own metadata, such as the
/// rate, is known only at the end). Markers, which the whole import merges among the samples
/// by time, are found first by a quick scan for their comments, so that each goes back to the
/// same place; a description line after the first event, which the whole import would apply
/// to every event, is an error here.
final class EvemuSampleStream: SampleSource {
    let metadata: TraceMetadata
    let path: String
    // One stored struct, so that a sample costs one exclusive access to the object rather
    // than one per field touched (those checks were a fifth of an import).
    private var state: State

    /// The stream of the evemu file at `path`, or `nil` when it must be imported whole.
    static func open(path: String, options: ImportOptions) throws -> EvemuSampleStream? {
        guard try EvemuImporter.containsDescription(.file(path), path: path) else { return nil }
        let lines = try ByteLines.Reader(path: path)
        var reader = EvemuImporter.Reader()
        var first: EvdevEvent?
        while first == nil, let bytes = try lines.next() {
            first = try reader.streamLine(bytes, number: lines.number, path: path)
        }
        guard reader.sawDescription, let restored = reader.touchBenchMetadata, let first else { return nil }
        if let problem = restored.problem { throw TraceFormatError("the capture \(problem).", path: path) }
        let markers = try Self.markers(inFile: path)
        for (index, header) in reader.markers.enumerated() where index >= markers.count || markers[index] != header.sample {
            throw TraceFormatError("the marker comment does not read the same twice.", path: path, line: lines.number)
        }
        var options = options
        if options.screen == nil { options.screen = restored.screen }
        let state = State(lines: lines, reader: reader, metadata: restored, screen: options.screen, first: first, markers: markers)
        return EvemuSampleStream(path: path, metadata: restored, state: state)
    }

    private init(path: String, metadata: TraceMetadata, state: State) {
        self.path = path
        self.metadata = metadata
        self.state = state
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        try StreamedSample.next(path: path) { try state.next() }
    }

    private struct State {
        let lines: ByteLines.Reader
        var reader: EvemuImporter.Reader
        let device: EvdevDevice
        let mapping: EvdevMapping?
        let metadata: TraceMetadata
        var decoder: EvdevDecoder
        var pendingEvent: EvdevEvent?
        /// Every marker of the file, in file order; the event count before each once its line is read.
        let markers: [InputSample]
        var markerEventIndex: [Int]
        var nextMarker = 0
        var eventIndex = 0
        let origin: Int64
        var previousTime: Int64 = 0
        /// Samples decoded and markers placed, not yet returned; the decoder's output of one event.
        var ready: [InputSample] = []
        var readyIndex = 0
        var decoded: [InputSample] = []
        var finished = false
        var returned = 0

        init(lines: ByteLines.Reader, reader: EvemuImporter.Reader, metadata: TraceMetadata, screen: TraceMetadata.Screen?,
             first: EvdevEvent, markers: [InputSample]) {
            self.lines = lines
            self.reader = reader
            self.metadata = metadata
            device = reader.device
            mapping = reader.mapping
            let chosen = EvdevMapping.choose(for: reader.device, screen: screen, explicit: reader.mapping)
            decoder = EvdevDecoder(device: reader.device, mapping: chosen, screen: screen)
            origin = first.time
            pendingEvent = first
            self.markers = markers
            // Markers before the first event were read with the header.
            markerEventIndex = reader.markers.map(\.eventIndex)
            self.reader.markers.removeAll()
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

        /// Reads on until something may be ready; false at the end of the file.
        private mutating func advance() throws -> Bool {
            if let event = pendingEvent {
                pendingEvent = nil
                feed(event)
                return true
            }
            guard !finished else { return false }
            guard let bytes = try lines.next() else {
                finished = true
                // The whole import puts markers after the last sample last.
                ready.append(contentsOf: markers[nextMarker...])
                nextMarker = markers.count
                if returned == 0, ready.isEmpty {
                    throw TraceFormatError("the file holds no input samples that touchbench can read as evemu.", path: lines.path)
                }
                return true
            }
            let markerCount = reader.markers.count
            if let event = try reader.streamLine(bytes, number: lines.number, path: lines.path) {
                feed(event)
            } else if reader.markers.count > markerCount {
                let read = reader.markers.removeLast()
                let index = markerEventIndex.count
                guard index < markers.count, markers[index] == read.sample else {
                    throw TraceFormatError("the marker comment does not read the same twice.", path: lines.path, line: lines.number)
                }
                markerEventIndex.append(eventIndex)
            } else if reader.device != device || reader.touchBenchMetadata != metadata || reader.mapping != mapping {
                throw TraceFormatError("the device description or TouchBench's metadata continues after the first event; it belongs before the events.",
                                       path: lines.path, line: lines.number)
            }
            return true
        }

        /// Decodes one event, placing markers among its samples as ``EvdevRecording/precedes(_:_:decodedAt:)`` does.
        private mutating func feed(_ original: EvdevEvent) {
            var event = original
            event.time = event.time &- origin
            // Clocks of old recordings could step back; time must not.
            if event.time < previousTime { event.time = previousTime }
            previousTime = event.time
            let index = eventIndex
            eventIndex += 1
            // Only a SYN_REPORT completes samples: the other events need no output buffer.
            guard event.type == EvdevCode.evSyn else {
                decoder.feed(event) { _ in }
                return
            }
            var output = decoded
            decoded = []
            output.removeAll(keepingCapacity: true)
            decoder.feed(event) { output.append($0) }
            for sample in output {
                while nextMarker < markers.count {
                    // A marker whose line is not read yet comes after this event in the file.
                    let markerIndex = nextMarker < markerEventIndex.count ? markerEventIndex[nextMarker] : Int.max
                    guard EvdevRecording.precedes((markerIndex, markers[nextMarker]), sample, decodedAt: index) else { break }
                    ready.append(markers[nextMarker])
                    nextMarker += 1
                }
                ready.append(sample)
            }
            decoded = output
        }
    }
}
