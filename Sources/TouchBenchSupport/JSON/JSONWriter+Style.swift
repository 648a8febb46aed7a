extension JSONWriter {
    /// How ``JSONWriter`` lays a value out. Keys are sorted in every style.
    package struct Style: Sendable, Hashable {
        /// Nested containers on lines of their own, indented by two spaces per level.
        package var indented: Bool
        /// With ``indented``: a container whose members are all scalars stays on one line.
        package var scalarContainersInline: Bool
        /// With ``indented``: an empty container is written open, a blank line inside
        /// (`[\n\n]`), as Foundation's pretty printer does.
        package var emptyContainersSpread: Bool
        /// Between the members of a container written on one line.
        package var memberSeparator: String
        /// Between a key and its value.
        package var keySeparator: String
        /// Numbers in the shortest form that reads back to the same double (`1e-05`),
        /// instead of six decimals at most and never an exponent.
        package var shortestNumbers: Bool
        /// `/` written `\/`.
        package var escapesSlashes: Bool
        /// Backspace and form feed written `\b` and `\f` rather than `\u0008` and `\u000c`.
        package var namesControls: Bool

        /// Result files and reports: indented, scalar containers on one line, six decimals.
        package static let canonical = Style(indented: true, scalarContainersInline: true, emptyContainersSpread: false,
                                             memberSeparator: ", ", keySeparator: ": ", shortestNumbers: false,
                                             escapesSlashes: false, namesControls: false)
        /// The canonical style on one line (`{"a": 1, "b": [2, 3]}`).
        package static let canonicalLine = Style(indented: false, scalarContainersInline: true, emptyContainersSpread: false,
                                                 memberSeparator: ", ", keySeparator: ": ", shortestNumbers: false,
                                                 escapesSlashes: false, namesControls: false)
        /// One line, no spaces, exact numbers, `/` escaped: the bytes Foundation's JSON encoder
        /// and serializer write with sorted keys (the `.touchtrace` header and footer,
        /// `gestures --json`, `project --json`, `spring --json`).
        package static let compact = Style(indented: false, scalarContainersInline: false, emptyContainersSpread: false,
                                           memberSeparator: ",", keySeparator: ":", shortestNumbers: true,
                                           escapesSlashes: true, namesControls: true)
        /// ``compact`` with `/` as is (the metadata comments of text exports).
        package static let compactKeepingSlashes = Style(indented: false, scalarContainersInline: false,
                                                         emptyContainersSpread: false, memberSeparator: ",", keySeparator: ":",
                                                         shortestNumbers: true, escapesSlashes: false, namesControls: true)
        /// Every container indented, `" : "` after keys, exact numbers, `/` escaped: the bytes
        /// of Foundation's JSON serializer with sorted keys, pretty-printed (`info --json`,
        /// `velocity --json`).
        package static let pretty = Style(indented: true, scalarContainersInline: false, emptyContainersSpread: true,
                                          memberSeparator: ",", keySeparator: " : ", shortestNumbers: true,
                                          escapesSlashes: true, namesControls: true)
    }

    /// `value` in the ``Style/compact`` style (or ``Style/compactKeepingSlashes``).
    package static func compact(_ value: JSONValue, escapingSlashes: Bool = true) -> String {
        text(value, style: escapingSlashes ? .compact : .compactKeepingSlashes)
    }
}
