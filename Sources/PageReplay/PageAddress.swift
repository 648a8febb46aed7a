import TouchBenchSupport

/// The page a replay drives: a local file or a URL on this machine. Nothing may reach
/// beyond it, so any other host is refused (`pageNotLocal`), before a browser starts.
public struct PageAddress: Sendable, Hashable, CustomStringConvertible {
    /// What the browser navigates to (`file:///…` or `http://localhost:…/…`).
    public let url: String
    /// The argument as given (named in errors).
    public let argument: String

    /// The hosts accepted in a URL.
    public static let localHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]

    /// Parses `--page`: an `http(s)://` URL whose host is local, a `file://` URL, or a path
    /// to an existing file (relative to the current directory).
    public init(_ argument: String) throws(PageReplayError) {
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let rest = argument[argument.index(argument.startIndex, offsetBy: lower.hasPrefix("http://") ? 7 : 8)...]
            // A browser reads `\` as `/` in an http URL, so `http://1.1.1.1\@localhost/` is
            // 1.1.1.1 to it and localhost to a reader that does not: no backslash is taken.
            guard !argument.contains("\\") else {
                throw PageReplayError(.pageNotLocal, file: argument, reason: "has a backslash, which browsers read as a slash; write the URL with '/'")
            }
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let hostAndPort = authority.split(separator: "@").last.map(String.init) ?? ""
            let host: String
            if hostAndPort.hasPrefix("[") {
                host = String(hostAndPort.prefix { $0 != "]" }) + "]"
            } else {
                host = String(hostAndPort.prefix { $0 != ":" })
            }
            guard Self.localHosts.contains(host.lowercased()) else {
                throw PageReplayError(.pageNotLocal, file: argument,
                                      reason: "is not on this machine; a page must be a file or a localhost URL (http://localhost:PORT/…)")
            }
            self.init(url: argument, argument: argument)
            return
        }
        if lower.hasPrefix("file://") {
            try self.init(path: String(argument.dropFirst(7)), argument: argument)
            return
        }
        guard !lower.contains("://") else {
            throw PageReplayError(.pageNotLocal, file: argument, reason: "is neither a file nor an http URL on localhost")
        }
        try self.init(path: argument, argument: argument)
    }

    private init(url: String, argument: String) {
        self.url = url
        self.argument = argument
    }

    private init(path: String, argument: String) throws(PageReplayError) {
        var absolute = path
        if !path.hasPrefix("/") {
            guard let directory = getcwd(nil, 0) else {
                throw PageReplayError(.pageUnavailable, file: argument, reason: "cannot be found: the current directory is unreadable")
            }
            defer { free(directory) }
            absolute = String(decoding: UnsafeRawBufferPointer(start: directory, count: strlen(directory)), as: UTF8.self) + "/" + path
        }
        var info = stat()
        guard stat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(absolute, R_OK) == 0 else {
            throw PageReplayError(.pageUnavailable, file: argument, reason: "cannot be opened (no such readable file)")
        }
        self.init(url: "file://" + Self.percentEncoded(absolute), argument: argument)
    }

    private static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "/-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    public var description: String { url }
}
