/// Times on the command line: `1.5s`, `250ms`, `120us`, `40ns` or a bare integer of
/// nanoseconds.
enum TimeArgument {
    static func nanoseconds(_ text: String, option: String) throws(UsageError) -> Int64 {
        let units: [(suffix: String, scale: Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
        if let integer = Int64(text), integer >= 0 { return integer }
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            if let value = Double(number), value.isFinite, value >= 0, value * unit.scale < 9.2e18 {
                return Int64((value * unit.scale).rounded())
            }
            break
        }
        throw UsageError(message: "--\(option) takes a time such as 1.5s, 250ms, 120us or an integer of nanoseconds, not '\(text)'")
    }
}
