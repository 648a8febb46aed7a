/// The codes and absolute values a device's events show, gathered event by event, for sources
/// that carry no description (``EvdevRecording/declareObservedCodes()``) and for the streamed
/// getevent reader, which gathers them in its first pass instead of holding the events.
struct EvdevObservedCodes {
    // Flat tables by code, not dictionaries: this runs once per event of the recording.
    private var seen = [Bool](repeating: false, count: Int(EvdevCode.evMax + 1) << 10)
    /// The codes seen, in the order first seen.
    private var order: [(type: UInt16, code: UInt16)] = []
    private var low = [Int32](repeating: 0, count: Int(EvdevCode.codeMax) + 1)
    /// The largest absolute value seen per code, from 0; which codes were seen is `seen`'s
    /// (an array of optionals cost an out-of-line uniqueness check per event).
    private var high = [Int32](repeating: 0, count: Int(EvdevCode.codeMax) + 1)

    @inline(__always)
    mutating func observe(_ event: EvdevEvent) {
        guard event.type <= EvdevCode.evMax, event.code <= EvdevCode.codeMax else { return }
        let key = Int(event.type) << 10 | Int(event.code)
        if !seen[key] {
            seen[key] = true
            order.append((event.type, event.code))
        }
        if event.type == EvdevCode.evAbs {
            let code = Int(event.code)
            low[code] = Swift.min(low[code], event.value)
            high[code] = Swift.max(high[code], event.value)
        }
    }

    /// Declares every code seen and gives every absolute axis without a declared range the
    /// observed one (minimum 0 or the smallest value seen, maximum the largest).
    func declare(into device: inout EvdevDevice) {
        for (type, code) in order { device.declare(type: type, code: code) }
        for code in high.indices {
            guard seen[Int(EvdevCode.evAbs) << 10 | code], device.axes[UInt16(code)] == nil else { continue }
            let maximum = high[code]
            // Tracking ids use −1 to end a contact; it is not part of their range.
            let minimum = UInt16(code) == EvdevCode.absMTTrackingID ? 0 : low[code]
            device.axes[UInt16(code)] = EvdevDevice.Axis(minimum: minimum, maximum: Swift.max(maximum, minimum))
        }
    }
}
