extension Double {
    /// The number `text` writes in decimal — digits, a sign, a point, an exponent — or `nil`.
    /// `Double(_:)` also reads hexadecimal (`0x10` is 16), `inf`, `infinity` and `nan`, which
    /// nobody giving a rate, a length or a parameter on a command line means: the one place
    /// those are refused, for every option and value that takes a number.
    package init?(decimalText text: some StringProtocol) {
        let allowed = text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        guard allowed, let value = Double(String(text)) else { return nil }
        self = value
    }
}
