import Foundation
import TouchInput
import TouchTrace

/// An evemu recording decoded as it is read, line by line from one block buffer into the
/// decoder: memory stays bounded by a block, a line and the markers, where ``EvemuImporter``
/// holds every event and every sample. It yields exactly the samples and metadata of the whole
/// import and fails where it fails, with the same words (an error found after the first
/// samples arrives from ``nextSample()`` as a ``TraceFileError`` naming the same line).
///
/// It streams a recording whose device is described before its events, at its top or in a
/// `.desc` (given, or found beside it as the whole import finds it, and read first): what
/// TouchBench writes (its metadata comment states the metadata before the first sample), and a
/// recording of its own (`evemu-record`), whose metadata (the rate, the frame counts) is found
/// by decoding the events once before they are decoded again as the stream.
/// ``open(path:options:)`` answers `nil` for any other recording, which is imported whole (an
/// observed device needs every event first). Markers, which the whole import merges among the samples
/// by time, are found first by a quick scan for their comments, so that each goes back to the
/// same place; a description line after the first event, which the whole import would apply
/// to every event, is an error here.
final class EvemuSampleStream: SampleSource, EvdevStreamReport {
    let metadata: TraceMetadata
    let path: String
    var heldBackEvents: Int { state.decoder.heldBackEvents }
    var cutLine: Int? { state.lines.cutLine }
    // One stored struct, so that a sample costs one access to the object rather than one
    // per field touched (those checks were a fifth of an import); unchecked, as nothing the
    // reader or the decoder calls reaches back into this stream.
    @exclusivity(unchecked) private var state: State

    /// The stream of the evemu file at `path`, or `nil` when it must be imported whole: this
    /// class for a described device, ``EvemuObservedStream`` for a recording without a description.
    static func open(path: String, options: ImportOptions) throws -> (any SampleSource)? {
        let (described, description): (EvemuImporter.Reader, String?)
        switch try describedReader(path: path, options: options) {
        case .described(let reader, let path): (described, description) = (reader, path)
        case .observed: return try EvemuObservedStream.open(path: path, options: options)
        case .whole: return nil
        }
        let lines = try ByteLines.Reader(path: path, cutting: .evemu)
        var reader = described
        var first: EvdevEvent?
        while first == nil, let bytes = try lines.next() {
            first = try reader.streamLine(bytes, number: lines.number, path: path)
        }
        guard reader.sawDescription, let first else { return nil }
        guard let restored = reader.touchBenchMetadata else {
            // A recording of its own (`evemu-record`): its metadata is what decoding it tells.
            guard reader.mapping == nil, reader.markers.isEmpty, try Self.markers(inFile: path).isEmpty,
                  let found = ownMetadata(path: path, described: described, header: reader, description: description,
                                          options: options) else { return nil }
            let state = State(lines: lines, reader: reader, screen: options.screen, first: first, markers: [])
            return EvemuSampleStream(path: path, metadata: found, state: state)
        }
        if let problem = restored.problem { throw TraceFormatError("the capture \(problem).", path: path) }
        let markers = try Self.markers(inFile: path)
        for (index, header) in reader.markers.enumerated() where index >= markers.count || markers[index] != header.sample {
            throw TraceFormatError("the marker comment does not read the same twice.", path: path, line: lines.number)
        }
        var options = options
        if options.screen == nil { options.screen = restored.screen }
        let state = State(lines: lines, reader: reader, screen: options.screen, first: first, markers: markers)
        return EvemuSampleStream(path: path, metadata: restored, state: state)
    }

    /// Where a recording's device comes from.
    private enum Described {
        /// The line reader that the recording's own lines start from, with the device
        /// described, and the path of the `.desc` that described it.
        case described(EvemuImporter.Reader, String?)
        /// No description at all, or `N:`, `I:` or `P:` lines alone and no `.desc`: the device
        /// is what the events show (``EvemuObservedStream``).
        case observed
        /// The whole import must read it.
        case whole
    }

    /// The recording's description, found as the whole import finds it
    /// (``EvemuImporter/read(contentsOf:options:)``: its own, else the `.desc` given, else the
    /// one beside the file); ``Described/whole`` for a partial one beside a `.desc` (the whole
    /// import's error) or a `.desc` that holds markers (placed before every event of the
    /// recording). An error in the `.desc` is the whole import's, which reads the `.desc` first.
    private static func describedReader(path: String, options: ImportOptions) throws -> Described {
        var reader = EvemuImporter.Reader()
        let own = try EvemuImporter.ownDescription(.file(path), path: path)
        if own == .whole { return .described(reader, nil) }
        guard let description = options.descriptionPath ?? EvemuImporter.findDescription(forEventsAt: path) else { return .observed }
        guard own == .none else { return .whole }
        try reader.read(lines: .file(description), path: description, allowEvents: false)
        guard reader.sawDescription, reader.markers.isEmpty else { return .whole }
        return .described(reader, description)
    }

    /// The metadata the whole import gives a recording without TouchBench's comments, found
    /// by decoding its events once without keeping a sample (`described`: the reader as the
    /// recording's lines start, `header`: as its first event ends the header); `nil` for
    /// anything the stream would not read as the whole import does (a description changed
    /// after the first event, an error: the whole import then reads it or words its error).
    private static func ownMetadata(path: String, described: EvemuImporter.Reader, header: EvemuImporter.Reader,
                                    description: String?, options: ImportOptions) -> TraceMetadata? {
        guard let lines = try? ByteLines.Reader(path: path, cutting: .evemu) else { return nil }
        let device = header.device
        var events = OwnEvents(lines: lines, reader: described, device: device)
        let extra = EvemuImporter.extra(version: header.version, description: description)
        let mapping = EvdevMapping.choose(for: device, screen: options.screen, explicit: nil)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: options.screen)
        guard let metadata = try? EvdevRecording.metadata(of: &events, device: device, deviceIsObserved: false, mapping: mapping,
                                                          decoder: decoder, source: "evemu", options: options, extra: extra),
              // A quantum out of range (a --screen far too small for the device) is the whole
              // import's to name, as for every form.
              !events.describedLate, metadata.problem == nil else { return nil }
        return metadata
    }

    /// The events of a recording's lines, noting a description that changes after the first.
    private struct OwnEvents: EvdevEventReader {
        let lines: ByteLines.Reader
        let device: EvdevDevice
        var reader: EvemuImporter.Reader
        var describedLate = false
        private var sawEvent = false

        init(lines: ByteLines.Reader, reader: EvemuImporter.Reader, device: EvdevDevice) {
            self.lines = lines
            self.reader = reader
            self.device = device
        }

        mutating func nextEvent() throws -> EvdevEvent? {
            while let bytes = try lines.next() {
                if let event = try reader.streamLine(bytes, number: lines.number, path: lines.path) {
                    sawEvent = true
                    return event
                }
                if sawEvent, reader.device != device || reader.touchBenchMetadata != nil || reader.mapping != nil || !reader.markers.isEmpty {
                    describedLate = true
                    return nil
                }
            }
            return nil
        }
    }

    private init(path: String, metadata: TraceMetadata, state: State) {
        self.path = path
        self.metadata = metadata
        self.state = state
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        try StreamedSample.next(path: path, quanta: metadata.quanta) { try state.next() }
    }

    private struct State {
        let lines: ByteLines.Reader
        var reader: EvemuImporter.Reader
        let device: EvdevDevice
        let mapping: EvdevMapping?
        /// TouchBench's metadata as the header states it (`nil` in a recording of its own).
        let metadata: TraceMetadata?
        var decoder: EvdevTraceDecoder
        var pendingEvent: EvdevEvent?
        /// Every marker of the file, in file order; the event count before each once its line is read.
        let markers: [InputSample]
        var markerEventIndex: [Int]
        var nextMarker = 0
        var eventIndex = 0
        /// Samples decoded and markers placed, not yet returned; the decoder's output of one event.
        var ready: [InputSample] = []
        var readyIndex = 0
        var decoded: [InputSample] = []
        var finished = false
        var returned = 0

        init(lines: ByteLines.Reader, reader: EvemuImporter.Reader, screen: TraceMetadata.Screen?,
             first: EvdevEvent, markers: [InputSample]) {
            self.lines = lines
            self.reader = reader
            metadata = reader.touchBenchMetadata
            device = reader.device
            mapping = reader.mapping
            let chosen = EvdevMapping.choose(for: reader.device, screen: screen, explicit: reader.mapping)
            decoder = EvdevTraceDecoder(device: reader.device, mapping: chosen, screen: screen)
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
                    throw TraceFormatError(EvdevTraceDecoder.noSamplesProblem(form: "evemu", cutLine: lines.cutLine) + ".",
                                           path: lines.path, line: lines.cutLine)
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
        private mutating func feed(_ event: EvdevEvent) {
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
