import TouchInput

/// What an export to a form cannot write, counted sample by sample as `convert` streams them
/// (``FormatFidelity`` says the same per field), so that nothing is dropped or changed in
/// silence: `convert` prints ``sentence(for:)`` on standard error.
public struct ExportLosses: Sendable {
    /// Counts by what was lost, in the order first seen.
    public var items: [(what: String, count: Int)] { order.map { ($0.words, counts[$0.rawValue]) } }
    // Counted by case, not by sentence: a string key hashed for every sample of an export was
    // a tenth of `convert`'s time to evemu.
    private var counts = [Int](repeating: 0, count: Loss.allCases.count)
    private var order: [Loss] = []
    private let format: TraceFormat?
    private var heldModifiers: ModifierFlags = []
    private var metadataCounted = false

    /// A counter for an export to `format` (`nil`: the container or JSON Lines, which lose nothing).
    public init(format: TraceFormat?) {
        self.format = format
    }

    public var isEmpty: Bool { order.isEmpty }

    /// How many `what` were lost.
    public func count(of what: String) -> Int { order.first { $0.words == what }.map { counts[$0.rawValue] } ?? 0 }

    @inline(__always)
    private mutating func add(_ loss: Loss, _ count: Int = 1) {
        guard count > 0 else { return }
        if counts[loss.rawValue] == 0 { order.append(loss) }
        counts[loss.rawValue] += count
    }

    /// Counts what `sample` loses in the form.
    public mutating func count(_ sample: InputSample, metadata: TraceMetadata? = nil) {
        switch format {
        case .evemu?, .libinput?, .getevent?: countEvdev(sample)
        case .csv?:
            if sample.kind != .pointer, sample.buttons == 0 { add(.zeroButtonMasks) }
        case .chromeTrace?:
            if !metadataCounted, let metadata {
                metadataCounted = true
                let fields = [metadata.screen != nil, metadata.digitizerHz != nil, metadata.displayHz != nil, metadata.source != nil,
                              metadata.epochNanoseconds != nil, metadata.forceMaximum != nil, metadata.quanta != .standard]
                let lost = fields.filter { $0 }.count + metadata.extra.count
                if lost > 0 { add(.metadataFields, lost) }
            }
        case .pointerEvents?, nil: break
        }
    }

    private mutating func countEvdev(_ sample: InputSample) {
        if sample.time % 1000 != 0, sample.kind != .marker { add(.subMicrosecondTimes) }
        if !sample.flags.isEmpty { add(.flagSets) }
        if sample.roll != nil { add(.rollValues) }
        if sample.majorRadiusTolerance != nil { add(.radiusTolerances) }
        switch sample.kind {
        case .touch:
            if sample.phase.isHover { add(.touchHover) }
            if sample.altitude != nil || sample.azimuth != nil { add(.touchTilt) }
            if sample.buttons != nil { add(.touchButtons) }
        case .pencil:
            if sample.majorRadius != nil { add(.pencilRadii) }
        case .pointer:
            if sample.force != nil { add(.pointerForces) }
            if sample.majorRadius != nil { add(.pointerRadii) }
            if sample.x != sample.x.rounded() || sample.y != sample.y.rounded() { add(.pointerPositions) }
            if sample.phase == .hoverExited { add(.pointerExits) }
        case .scroll:
            if let delta = sample.scrollDelta, !EvdevEncoder.isWritable(scroll: delta) {
                add(.fineScrollSteps)
            } else if sample.phase != .moved {
                add(.scrollPhases)
            }
        case .key:
            if let usage = sample.key, let code = EvdevKeyUsage.keyCode(forUsage: usage) {
                if let held = EvdevKeyUsage.heldModifier(forKeyCode: code) {
                    if sample.phase == .began { heldModifiers.insert(held) } else if sample.phase.isTerminal { heldModifiers.remove(held) }
                }
            } else {
                add(.keysWithoutCode)
            }
        case .marker:
            break
        }
        if sample.kind.isContact {
            if sample.phase == .cancelled { add(.cancellations) }
            if sample.phase == .stationary { add(.stationaryPhases) }
            if sample.modifiers != heldModifiers { add(.unbackedModifiers) }
        }
    }

    /// Adds what the evdev encoder could not write, which depends on the whole trace (the
    /// device's slots, its axes' origin) and is counted as the events are written.
    mutating func add(_ encoder: EvdevEncoder.Losses) {
        add(.contactsWithoutSlot, encoder.contactsWithoutSlot)
        add(.flattenedTilts, encoder.flattenedTilts)
        add(.clampedPositions, encoder.clampedPositions)
        add(.pointersOffScreen, encoder.pointersOffScreen)
        add(.pointersBetweenPoints, encoder.pointersBetweenPoints)
        add(.scrollsAwayFromPointer, encoder.scrollsAwayFromPointer)
        add(.hoverMovesAfterLift, encoder.hoverMovesAfterLift)
        add(.exitsAfterLeaving, encoder.exitsAfterLeaving)
        add(.exitsAtOrigin, encoder.exitsAtOrigin)
    }

    /// One kind of loss; its words name it in ``sentence(for:)``.
    private enum Loss: Int, CaseIterable {
        case zeroButtonMasks, metadataFields, subMicrosecondTimes, flagSets, rollValues, radiusTolerances
        case touchHover, touchTilt, touchButtons, pencilRadii, pointerForces, pointerRadii, pointerPositions, pointerExits
        case fineScrollSteps, scrollPhases, keysWithoutCode, cancellations, stationaryPhases, unbackedModifiers
        case contactsWithoutSlot, flattenedTilts, clampedPositions
        case pointersOffScreen, pointersBetweenPoints, scrollsAwayFromPointer, hoverMovesAfterLift, exitsAfterLeaving, exitsAtOrigin

        var words: String {
            switch self {
            case .zeroButtonMasks: "zero button masks (read back as absent)"
            case .metadataFields: "metadata fields (only the device name is kept)"
            case .subMicrosecondTimes: "times below the microsecond (rounded)"
            case .flagSets: "flag sets"
            case .rollValues: "roll values"
            case .radiusTolerances: "radius tolerances"
            case .touchHover: "touch hover samples"
            case .touchTilt: "touch tilt values"
            case .touchButtons: "touch button masks"
            case .pencilRadii: "pencil radii"
            case .pointerForces: "pointer forces"
            case .pointerRadii: "pointer radii"
            case .pointerPositions: "pointer positions (rounded to whole points)"
            case .pointerExits: "pointer exits (written as moves)"
            case .fineScrollSteps: "scroll steps finer than a wheel's 1/120 detent (not written)"
            case .scrollPhases: "scroll phases (written as moves)"
            case .keysWithoutCode: "keys without a Linux key code"
            case .cancellations: "cancellations (written as lifts)"
            case .stationaryPhases: "stationary phases (written as moves)"
            case .unbackedModifiers: "modifier sets not backed by key events"
            case .contactsWithoutSlot: "contact samples finding every slot taken (over \(EvdevDecoder.contactLimit) at once, or the device's slots; not written)"
            case .flattenedTilts: "pencil samples lying flatter than the tilt axes can say (altitude 0, or a tilt past the axis range; written at their flattest tilt)"
            case .clampedPositions: "positions beyond the 32-bit axis units (written at the axis's end)"
            case .pointersOffScreen: "pointer positions off the screen (written at its edge, where the importer keeps the pointer)"
            case .pointersBetweenPoints: "pointer positions half a point from where the moves reach (the pointer starts at the screen's centre, between whole points on a screen of odd size)"
            case .scrollsAwayFromPointer: "scroll positions away from the pointer (wheel events carry none: read back at the pointer's)"
            case .hoverMovesAfterLift: "pencil hover samples right after a lift (read back as the pen entering)"
            case .exitsAfterLeaving: "pencil hover exits right after a lift (not written: the lift ends the pen's proximity)"
            case .exitsAtOrigin: "pencil samples leaving proximity at the device's origin (read back with the values before)"
            }
        }
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
