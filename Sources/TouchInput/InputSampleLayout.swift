/// Where the stored fields of an ``InputSample`` lie in its memory, for TouchTrace's block
/// decoder: it builds each sample once (time, kind, phase, id, fields, every value zero) and
/// then writes a column of values straight into the samples, a store per present value.
package struct InputSampleLayout: Sendable {
    /// Byte offsets of x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth,
    /// roll, dx, dy (each a `Double`), in the file's column order.
    package let values: [Int]
    package let buttons: Int
    package let key: Int
    package let modifiers: Int
    package let flags: Int
    package let label: Int

    /// The layout of this build, or `nil` if the compiler could not name an offset (it always
    /// can for stored properties; the decoder then keeps to its sample-by-sample path).
    package static let current: InputSampleLayout? = {
        typealias S = InputSample
        let values = [\S.storedX, \S.storedY, \S.storedForce, \S.storedMajorRadius, \S.storedMajorRadiusTolerance,
                      \S.storedAltitude, \S.storedAzimuth, \S.storedRoll, \S.storedDX, \S.storedDY]
            .compactMap { MemoryLayout<S>.offset(of: $0) }
        guard values.count == 10,
              let buttons = MemoryLayout<S>.offset(of: \S.storedButtons), let key = MemoryLayout<S>.offset(of: \S.storedKey),
              let modifiers = MemoryLayout<S>.offset(of: \S.storedModifiers), let flags = MemoryLayout<S>.offset(of: \S.storedFlags),
              let label = MemoryLayout<S>.offset(of: \S.storedLabel) else { return nil }
        return InputSampleLayout(values: values, buttons: buttons, key: key, modifiers: modifiers, flags: flags, label: label)
    }()
}
