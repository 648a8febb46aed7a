/// The document `touchbench gestures --json` writes, one JSON array on one line and a
/// newline, built an element at a time so a stream of events is written as it is recognized
/// and never held: the one home of that format (the CLI streams through it; whole documents,
/// as the golden tests compare, come from ``document(_:)``).
public struct GestureEventJSONArray: Sendable {
    /// How many events the array holds so far.
    public private(set) var count = 0

    public init() {}

    /// The text that adds `event`: `[` before the first, `,` before any other, then the
    /// event's object (``GestureEvent/jsonText``).
    public mutating func text(adding event: GestureEvent) -> String {
        count += 1
        return (count == 1 ? "[" : ",") + event.jsonText
    }

    /// The text that ends the document: `]` and a newline, or `[]` and a newline when no
    /// event was added.
    public var closingText: String {
        count == 0 ? "[]\n" : "]\n"
    }

    /// The whole document for `events`.
    public static func document(_ events: some Sequence<GestureEvent>) -> String {
        var array = GestureEventJSONArray()
        var text = ""
        for event in events { text += array.text(adding: event) }
        return text + array.closingText
    }
}
