extension FrameCost {
    /// The most a term may charge: a minute per frame (a larger one is a typo, and would
    /// make a replay of a short trace run for hours of virtual time).
    static let limit: Int64 = 60_000_000_000

    /// Parses a `--frame-cost` profile; the error says which term is wrong and what is valid.
    public init(profile text: String) throws(FrameCostError) {
        self.init()
        guard !text.isEmpty else { throw FrameCostError(term: text, reason: "is empty") }
        // A file's name may hold '+': everything after `recorded:` is the file.
        var terms = text
        if let range = text.firstRange(of: "recorded:"), range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)] == "+" {
            let file = String(text[range.upperBound...])
            guard !file.isEmpty else { throw FrameCostError(term: "recorded:", reason: "needs the file of a recording (recorded:FILE)") }
            recordedFile = file
            terms = String(text[..<range.lowerBound])
            if terms.isEmpty { return }
            guard terms.hasSuffix("+") else { throw FrameCostError(term: text, reason: "is not KIND:VALUE terms joined by +") }
            terms.removeLast()
        }
        for term in terms.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            guard let colon = term.firstIndex(of: ":") else {
                throw FrameCostError(term: term, reason: "is not KIND:VALUE (constant, spikes, first, per-sample, measured, busy, recorded)")
            }
            let kind = term[..<colon], value = String(term[term.index(after: colon)...])
            switch kind {
            case "constant": constant = try Self.duration(value, term: term)
            case "first": first = try Self.duration(value, term: term)
            case "per-sample": perSample = try Self.duration(value, term: term)
            case "busy":
                busy = try Self.duration(value, term: term)
                // Real time spent per frame: a second is already a replay of hours.
                guard busy <= 1_000_000_000 else {
                    throw FrameCostError(term: term, reason: "needs a duration of at most 1s (it is spent for real in every frame)")
                }
            case "spikes":
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let every = Int(parts[1]), (1...1_000_000).contains(every) else {
                    throw FrameCostError(term: term, reason: "is not spikes:DURATION/N with N a whole number of frames from 1 to 1000000")
                }
                spike = try Self.duration(String(parts[0]), term: term)
                spikeEvery = every
            case "measured":
                guard let factor = Double(value), factor.isFinite, factor > 0, factor <= 1000 else {
                    throw FrameCostError(term: term, reason: "needs a factor above 0 and at most 1000")
                }
                measuredFactor = factor
            default:
                throw FrameCostError(term: term, reason: "has kind '\(kind)', not constant, spikes, first, per-sample, measured, busy or recorded")
            }
        }
    }

    /// `10ms`, `200us`, `1500ns`, `0.5s` → nanoseconds, within ``limit``.
    static func duration(_ text: String, term: String) throws(FrameCostError) -> Int64 {
        let units: [(suffix: String, scale: Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let number = Double(text.dropLast(unit.suffix.count)), number.isFinite, number >= 0 else { break }
            let nanoseconds = (number * unit.scale).rounded()
            guard nanoseconds <= Double(limit) else { break }
            return Int64(nanoseconds)
        }
        throw FrameCostError(term: term, reason: "needs a duration from 0 to 60s with a unit (ns, us, ms, s), not '\(text)'")
    }
}

/// A `--frame-cost` profile that does not parse: a usage error.
public struct FrameCostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The term at fault.
    public var term: String
    public var reason: String

    public init(term: String, reason: String) {
        self.term = term
        self.reason = reason
    }

    public var description: String { "--frame-cost term '\(term)' \(reason)" }
}
