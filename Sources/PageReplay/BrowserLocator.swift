import TouchBenchSupport

/// Finds headless Chromium the way the project's scripts do (scripts/lib.sh,
/// `tb_find_chromium`): `TOUCHBENCH_CHROMIUM` if set, else the first of
/// `chromium-headless-shell`, `chromium`, `chromium-browser`, `google-chrome` on `PATH`,
/// else Debian's places outside it.
public enum BrowserLocator {
    /// The names looked up on `PATH`, in order.
    public static let names = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]
    /// Where Debian puts the browsers outside `PATH` in some releases.
    public static let fixedPaths = ["/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium"]

    /// The browser to launch, or a `browserMissing` error naming what to install.
    public static func locate(environment: [String: String] = currentEnvironment(),
                              fixedPaths: [String] = fixedPaths) throws(PageReplayError) -> String {
        if let named = environment["TOUCHBENCH_CHROMIUM"], !named.isEmpty {
            guard access(named, X_OK) == 0 else {
                throw PageReplayError(.browserMissing, file: named,
                                      reason: "named by TOUCHBENCH_CHROMIUM, is not an executable file; " + PageReplayError.installHint)
            }
            return named
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            for directory in directories where !directory.isEmpty {
                let candidate = directory + "/" + name
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        for candidate in fixedPaths where access(candidate, X_OK) == 0 { return candidate }
        throw PageReplayError(.browserMissing, reason: "headless Chromium was not found: none of \(names.joined(separator: ", ")) is on PATH; "
                              + PageReplayError.installHint)
    }

    /// This process's environment.
    public static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
