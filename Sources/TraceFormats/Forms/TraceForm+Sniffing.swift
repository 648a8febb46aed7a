import TouchTrace

extension TraceForm {
    /// The form of the input at `path`: its extension's, else its first bytes'.
    ///
    /// Throws `TraceFileError` when the file cannot be opened or read, and
    /// ``TraceFormatError`` of kind ``TraceFormatError/Kind/unknownForm`` when neither tells.
    public static func of(inputAt path: String) throws -> TraceForm {
        try byExtension(of: path, forOutput: false) ?? sniff(path)
    }

    /// The form the first bytes of `path` show: the container's magic, JSON Lines samples,
    /// or a foreign format ``TraceFormat`` recognises.
    public static func sniff(_ path: String) throws -> TraceForm {
        let file = try SystemFile.openForReading(path)
        var head: [UInt8] = []
        try file.read(min(64 * 1024, try file.size()), at: 0, into: &head)
        if head.starts(with: ContainerFormat.fileMagic) { return .touchtrace }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        let text = String(decoding: head, as: UTF8.self)
        let firstLine = text.split { $0 == "\n" || $0 == "\r\n" }.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        if firstLine.hasPrefix("{\"touchtrace\"") || (firstLine.hasPrefix("{") && firstLine.contains("\"kind\"")) { return .jsonl }
        if let format = TraceFormat.guess(fromContent: Substring(text)) { return .foreign(format) }
        throw TraceFormatError("is not a trace in any form touchbench knows", path: path, offset: 0, kind: .unknownForm)
    }
}
