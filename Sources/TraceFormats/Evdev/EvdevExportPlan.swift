import TouchInput

/// The evdev device an exported trace is written for, complete enough for the programs that
/// replay it: every event type in the type mask, every code it sends declared, every
/// absolute axis with a range that holds every value written and a resolution.
///
/// A trace that came from evdev keeps its device description (from metadata `extra`), with
/// what its samples need added; any other trace gets a plausible synthetic device (bus
/// virtual, vendor 0x1d6b, `INPUT_PROP_DIRECT`): a multitouch screen (protocol B) for
/// touches, a pen tool (pressure, tilt, hover) for pencils, both on one device when the trace
/// has both, relative axes and buttons for a pointer or scrolling, and keys for key samples.
/// Positions are written in units of the trace's position quantum, forces in units of its
/// force quantum, and axes resolve positions in units per millimetre of typographic points
/// (``EvdevMapping/pointsPerMillimetre``), as the importers read them.
struct EvdevExportPlan {
    var device: EvdevDevice
    var mapping: EvdevMapping
    /// Whether pencil samples are written as a pen tool (else as multitouch contacts).
    var penTool: Bool
    var pressureMaximum: Int32
    var tiltResolution: Int32

    init(metadata: TraceMetadata, survey: EvdevExportSurvey) {
        let kinds = survey.kinds
        let hasTouch = kinds.contains(.touch)
        penTool = kinds.contains(.pencil)
        let forceUnits = 1 / metadata.quanta.force
        pressureMaximum = forceUnits.isFinite && forceUnits >= 1 && forceUnits <= 16_777_216 ? Int32(forceUnits.rounded()) : 4096
        tiltResolution = 4096
        if var recorded = EvdevDevice(metadata: metadata.extra), let recordedMapping = EvdevMapping(metadata: metadata.extra) {
            // The description comes from free metadata strings (a JSON Lines file may say
            // anything): an axis whose minimum lies above its maximum, which libevemu's device
            // and the kernel refuse, is written with its bounds in order.
            recorded.axes = recorded.axes.mapValues { axis in
                var ordered = axis
                (ordered.minimum, ordered.maximum) = (Swift.min(axis.minimum, axis.maximum), Swift.max(axis.minimum, axis.maximum))
                return ordered
            }
            mapping = recordedMapping
            penTool = penTool && recorded.hasPen
            if let axis = recorded.axes[EvdevCode.absMTPressure] ?? recorded.axes[EvdevCode.absPressure] {
                pressureMaximum = axis.maximum
            }
            tiltResolution = recorded.axes[EvdevCode.absTiltX]?.resolution ?? 0
            Self.declareMissing(&recorded, survey: survey)
            Self.complete(&recorded, mapping: recordedMapping)
            device = recorded
            return
        }
        let quantum = metadata.quanta.position > 0 && metadata.quanta.position.isFinite ? metadata.quanta.position : 1.0 / 256
        let (minX, minY) = (survey.minX, survey.minY)
        var (maxX, maxY) = (survey.maxX, survey.maxY)
        if let screen = metadata.screen { maxX = Swift.max(maxX, screen.width); maxY = Swift.max(maxY, screen.height) }
        // Unit 0 is point 0 and a unit is a quantum, so the value written is the position in
        // quanta and the axes declare the extent of the values written: a negative position
        // lies at or above the axis minimum (hostile report 4: an origin at the minimum moved
        // every value by it again, below the declared range, and halved the range a position
        // has before it is clamped).
        mapping = EvdevMapping(method: .explicit, originX: 0, originY: 0,
                               scaleX: quantum, scaleY: quantum, positionQuantum: quantum)
        let resolution = Self.resolution(pointsPerUnit: quantum)
        let x = EvdevDevice.Axis(minimum: EvdevMapping.clamp(minX / quantum), maximum: EvdevMapping.clamp(maxX / quantum), resolution: resolution)
        let y = EvdevDevice.Axis(minimum: EvdevMapping.clamp(minY / quantum), maximum: EvdevMapping.clamp(maxY / quantum), resolution: resolution)
        device = EvdevDevice(name: metadata.device ?? "TouchBench synthetic device", bus: 0x06, vendor: 0x1d6b,
                             product: 0x7462, version: 1, properties: [EvdevDevice.propertyDirect])
        device.declare(type: EvdevCode.evSyn, code: EvdevCode.synReport)
        device.axes[EvdevCode.absX] = x
        device.axes[EvdevCode.absY] = y
        device.declare(type: EvdevCode.evKey, code: EvdevCode.btnTouch)
        if hasTouch {
            let concurrent = survey.maximumConcurrentTouches
            let largestID = survey.largestTouchID
            device.axes[EvdevCode.absMTSlot] = .init(minimum: 0, maximum: Int32(Swift.max(0, concurrent - 1)))
            device.axes[EvdevCode.absMTTrackingID] = .init(minimum: 0, maximum: Int32(clamping: Swift.max(65535, Int64(largestID))))
            device.axes[EvdevCode.absMTPositionX] = x
            device.axes[EvdevCode.absMTPositionY] = y
            if survey.touchHasForce {
                device.axes[EvdevCode.absMTPressure] = .init(minimum: 0, maximum: pressureMaximum)
            }
            if let largest = survey.largestTouchRadius {
                device.axes[EvdevCode.absMTTouchMajor] = .init(minimum: 0, maximum: EvdevMapping.clamp(2 * Swift.max(0, largest) / quantum + 1),
                                                               resolution: resolution)
            }
        }
        if penTool {
            device.declare(type: EvdevCode.evKey, code: EvdevCode.btnToolPen)
            device.declare(type: EvdevCode.evKey, code: EvdevCode.btnStylus)
            device.declare(type: EvdevCode.evKey, code: EvdevCode.btnStylus2)
            if survey.pencilHasForce {
                device.axes[EvdevCode.absPressure] = .init(minimum: 0, maximum: pressureMaximum)
            }
            if survey.pencilHasAltitude {
                let range = Int32((Double.pi / 2 * Double(tiltResolution)).rounded(.up))
                device.axes[EvdevCode.absTiltX] = .init(minimum: -range, maximum: range, resolution: tiltResolution)
                device.axes[EvdevCode.absTiltY] = .init(minimum: -range, maximum: range, resolution: tiltResolution)
            }
        }
        Self.declareMissing(&device, survey: survey)
        Self.complete(&device, mapping: mapping)
    }

    /// Units per millimetre for a unit of `pointsPerUnit` points, at least 1.
    static func resolution(pointsPerUnit: Double) -> Int32 {
        let perMillimetre = EvdevMapping.pointsPerMillimetre / pointsPerUnit
        guard perMillimetre.isFinite else { return 1 }
        return Int32(Swift.max(1, Swift.min(Double(Int32.max), perMillimetre.rounded())))
    }

    /// Declares every axis as an `EV_ABS` code and gives position axes without a resolution
    /// the one of the mapping, so that replaying programs know the surface's size. A recorded
    /// device mapped one unit to one point declared no size, and none is invented for it.
    private static func complete(_ device: inout EvdevDevice, mapping: EvdevMapping) {
        for code in device.axes.keys { device.declare(type: EvdevCode.evAbs, code: code) }
        device.declare(type: EvdevCode.evSyn, code: EvdevCode.synReport)
        guard mapping.method != .identity else { return }
        for (code, scale) in [(EvdevCode.absX, mapping.scaleX), (EvdevCode.absY, mapping.scaleY),
                              (EvdevCode.absMTPositionX, mapping.scaleX), (EvdevCode.absMTPositionY, mapping.scaleY)] {
            if var axis = device.axes[code], axis.resolution <= 0 {
                axis.resolution = resolution(pointsPerUnit: scale)
                device.axes[code] = axis
            }
        }
    }

    /// Declares the relative axes, buttons and keys the samples need.
    private static func declareMissing(_ device: inout EvdevDevice, survey: EvdevExportSurvey) {
        if survey.kinds.contains(.pointer) || survey.kinds.contains(.scroll) {
            for code in [EvdevCode.relX, EvdevCode.relY, EvdevCode.relHWheel, EvdevCode.relWheel, 0x0b, 0x0c] {
                device.declare(type: EvdevCode.evRel, code: code)
            }
            for code in EvdevCode.btnLeft...EvdevCode.btnMiddle { device.declare(type: EvdevCode.evKey, code: code) }
        }
        for code in survey.keyCodes { device.declare(type: EvdevCode.evKey, code: code) }
    }

    /// Event types with at least one code, `EV_SYN` always: the type mask (`B: 00`, codes of
    /// type 0 in libinput's list).
    var eventTypes: [UInt16] {
        var types: Set<UInt16> = [EvdevCode.evSyn]
        for (type, codes) in device.codes where !codes.isEmpty { types.insert(type) }
        if !device.axes.isEmpty { types.insert(EvdevCode.evAbs) }
        return types.sorted()
    }
}
