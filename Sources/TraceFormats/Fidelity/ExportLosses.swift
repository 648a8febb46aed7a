import TouchInput

/// What an export to a form cannot write, counted sample by sample as `convert` streams them
/// (``FormatFidelity`` says the same per field), so that nothing is dropped or changed in
/// silence: `convert` prints ``sentence(for:)`` on standard error.
public struct ExportLosses: Sendable {
    /// Counts by what was lost, in the order first seen.
    public private(set) var items: [(what: String, count: Int)] = []
    private var index: [String: Int] = [:]
    private let format: TraceFormat?
    private var heldModifiers: ModifierFlags = []
    private var metadataCounted = false

    /// A counter for an export to `format` (`nil`: the container or JSON Lines, which lose nothing).
    public init(format: TraceFormat?) {
        self.format = format
    }

    public var isEmpty: Bool { items.isEmpty }

    /// How many `what` were lost.
    public func count(of what: String) -> Int { index[what].map { items[$0].count } ?? 0 }

    private mutating func add(_ what: String, _ count: Int = 1) {
        if let position = index[what] {
            items[position].count += count
        } else {
            index[what] = items.count
            items.append((what, count))
        }
    }

    /// Counts what `sample` loses in the form.
    public mutating func count(_ sample: InputSample, metadata: TraceMetadata? = nil) {
        switch format {
        case .evemu?, .libinput?, .getevent?: countEvdev(sample)
        case .csv?:
            if sample.kind != .pointer, sample.buttons == 0 { add("zero button masks (read back as absent)") }
        case .chromeTrace?:
            if !metadataCounted, let metadata {
                metadataCounted = true
                let fields = [metadata.screen != nil, metadata.digitizerHz != nil, metadata.displayHz != nil, metadata.source != nil,
                              metadata.epochNanoseconds != nil, metadata.forceMaximum != nil, metadata.quanta != .standard]
                let lost = fields.filter { $0 }.count + metadata.extra.count
                if lost > 0 { add("metadata fields (only the device name is kept)", lost) }
            }
        case .pointerEvents?, nil: break
        }
    }

    private mutating func countEvdev(_ sample: InputSample) {
        if sample.time % 1000 != 0, sample.kind != .marker { add("times below the microsecond (rounded)") }
        if !sample.flags.isEmpty { add("flag sets") }
        if sample.roll != nil { add("roll values") }
        if sample.majorRadiusTolerance != nil { add("radius tolerances") }
        switch sample.kind {
        case .touch:
            if sample.phase.isHover { add("touch hover samples") }
            if sample.altitude != nil || sample.azimuth != nil { add("touch tilt values") }
            if sample.buttons != nil { add("touch button masks") }
        case .pencil:
            if sample.majorRadius != nil { add("pencil radii") }
        case .pointer:
            if sample.force != nil { add("pointer forces") }
            if sample.majorRadius != nil { add("pointer radii") }
            if sample.x != sample.x.rounded() || sample.y != sample.y.rounded() { add("pointer positions (rounded to whole points)") }
            if sample.phase == .hoverExited { add("pointer exits (written as moves)") }
        case .scroll:
            if let delta = sample.scrollDelta, !EvdevEncoder.isWritable(scroll: delta) {
                add("scroll steps finer than a wheel's 1/120 detent (not written)")
            } else if sample.phase != .moved {
                add("scroll phases (written as moves)")
            }
        case .key:
            if let usage = sample.key, let code = EvdevKeyUsage.keyCode(forUsage: usage) {
                if let held = EvdevKeyUsage.heldModifier(forKeyCode: code) {
                    if sample.phase == .began { heldModifiers.insert(held) } else if sample.phase.isTerminal { heldModifiers.remove(held) }
                }
            } else {
                add("keys without a Linux key code")
            }
        case .marker:
            break
        }
        if sample.kind.isContact {
            if sample.phase == .cancelled { add("cancellations (written as lifts)") }
            if sample.phase == .stationary { add("stationary phases (written as moves)") }
            if sample.modifiers != heldModifiers { add("modifier sets not backed by key events") }
        }
    }

    /// Adds what the evdev encoder could not write, which depends on the whole trace (the
    /// device's slots, its axes' origin) and is counted as the events are written.
    mutating func add(_ encoder: EvdevEncoder.Losses) {
        if encoder.contactsWithoutSlot > 0 { add("contact samples finding every slot taken (over \(EvdevDecoder.contactLimit) at once, or the device's slots; not written)", encoder.contactsWithoutSlot) }
        if encoder.clampedPositions > 0 { add("positions beyond the 32-bit axis units (written at the axis's end)", encoder.clampedPositions) }
    }

    /// `145 markers and 36 150 tilt values cannot be written as evemu`, or `nil` when nothing is lost.
    public func sentence(for formName: String) -> String? {
        guard !items.isEmpty else { return nil }
        let parts = items.map { "\(Self.grouped($0.count)) \($0.what)" }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
        return "\(list) cannot be written as \(formName)."
    }

    /// `36150` as `36 150`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }
}

extension SamplePhase {
    var isHover: Bool { self == .hoverEntered || self == .hoverMoved || self == .hoverExited }
}
