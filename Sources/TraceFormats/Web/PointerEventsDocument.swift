/// The JSON a capture page writes from W3C Pointer Events, read by ``PointerEventsImporter``.
///
/// ```json
/// {
///   "version": 1,
///   "device": "iPad Pro (M4)",                          // optional
///   "timeOrigin": 1733040000123.456,                     // optional: performance.timeOrigin, ms since 1970
///   "screen": {"width": 1032, "height": 1376, "devicePixelRatio": 2},   // optional, CSS px
///   "events": [
///     {"type": "pointerdown", "pointerId": 2, "pointerType": "touch", "timeStamp": 1523.25,
///      "clientX": 100.5, "clientY": 200, "pressure": 0.5, "width": 12, "height": 14,
///      "tiltX": 0, "tiltY": 0, "twist": 0, "altitudeAngle": 1.57, "azimuthAngle": 0,
///      "buttons": 1, "shiftKey": false, "ctrlKey": false, "altKey": false, "metaKey": false,
///      "coalescedEvents": [ {…same fields…} ], "predictedEvents": [ {…} ]},
///     {"type": "wheel", "timeStamp": 1600, "clientX": 10, "clientY": 10, "deltaX": 0, "deltaY": 53, "deltaMode": 0}
///   ]
/// }
/// ```
///
/// `type` is a pointer event type (`pointerdown`, `pointermove`, `pointerup`, `pointercancel`,
/// `pointerover`, `pointerout`, `pointerenter`, `pointerleave`, `pointerrawupdate`,
/// `gotpointercapture`, `lostpointercapture`) or `wheel`. `timeStamp` is the event's
/// DOMHighResTimeStamp in milliseconds; `clientX`/`clientY`, `width`/`height` and wheel deltas
/// are CSS pixels, taken as points; `tiltX`/`tiltY`/`twist` are degrees, `altitudeAngle` and
/// `azimuthAngle` radians. The arrays of coalesced and predicted events (also accepted as
/// `coalesced` / `predicted`) hold what `getCoalescedEvents()` and `getPredictedEvents()`
/// returned; their own nested arrays are ignored.
public struct PointerEventsDocument: Sendable, Decodable {
    public struct Screen: Sendable, Decodable {
        public var width: Double
        public var height: Double
        public var devicePixelRatio: Double?
    }

    public struct Event: Sendable, Decodable {
        public var type: String
        public var pointerId: Int64?
        public var pointerType: String?
        public var timeStamp: Double
        public var clientX: Double?
        public var clientY: Double?
        public var pressure: Double?
        public var width: Double?
        public var height: Double?
        public var tiltX: Double?
        public var tiltY: Double?
        public var twist: Double?
        public var altitudeAngle: Double?
        public var azimuthAngle: Double?
        public var buttons: Int64?
        public var shiftKey: Bool?
        public var ctrlKey: Bool?
        public var altKey: Bool?
        public var metaKey: Bool?
        public var deltaX: Double?
        public var deltaY: Double?
        public var deltaMode: Int?
        public var coalescedEvents: [Event]
        public var predictedEvents: [Event]

        enum CodingKeys: String, CodingKey {
            case type, pointerId, pointerType, timeStamp, clientX, clientY, pressure, width, height, tiltX, tiltY
            case twist, altitudeAngle, azimuthAngle, buttons, shiftKey, ctrlKey, altKey, metaKey
            case deltaX, deltaY, deltaMode, coalescedEvents, predictedEvents, coalesced, predicted
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decode(String.self, forKey: .type)
            pointerId = try c.decodeIfPresent(Int64.self, forKey: .pointerId)
            pointerType = try c.decodeIfPresent(String.self, forKey: .pointerType)
            timeStamp = try c.decode(Double.self, forKey: .timeStamp)
            clientX = try c.decodeIfPresent(Double.self, forKey: .clientX)
            clientY = try c.decodeIfPresent(Double.self, forKey: .clientY)
            pressure = try c.decodeIfPresent(Double.self, forKey: .pressure)
            width = try c.decodeIfPresent(Double.self, forKey: .width)
            height = try c.decodeIfPresent(Double.self, forKey: .height)
            tiltX = try c.decodeIfPresent(Double.self, forKey: .tiltX)
            tiltY = try c.decodeIfPresent(Double.self, forKey: .tiltY)
            twist = try c.decodeIfPresent(Double.self, forKey: .twist)
            altitudeAngle = try c.decodeIfPresent(Double.self, forKey: .altitudeAngle)
            azimuthAngle = try c.decodeIfPresent(Double.self, forKey: .azimuthAngle)
            buttons = try c.decodeIfPresent(Int64.self, forKey: .buttons)
            shiftKey = try c.decodeIfPresent(Bool.self, forKey: .shiftKey)
            ctrlKey = try c.decodeIfPresent(Bool.self, forKey: .ctrlKey)
            altKey = try c.decodeIfPresent(Bool.self, forKey: .altKey)
            metaKey = try c.decodeIfPresent(Bool.self, forKey: .metaKey)
            deltaX = try c.decodeIfPresent(Double.self, forKey: .deltaX)
            deltaY = try c.decodeIfPresent(Double.self, forKey: .deltaY)
            deltaMode = try c.decodeIfPresent(Int.self, forKey: .deltaMode)
            for (long, short) in [(CodingKeys.coalescedEvents, CodingKeys.coalesced), (.predictedEvents, .predicted)]
            where try c.contains(long) && c.contains(short) && !c.decodeNil(forKey: long) && !c.decodeNil(forKey: short) {
                throw DecodingError.dataCorruptedError(forKey: short, in: c, debugDescription: "has both \(long.stringValue) and \(short.stringValue): give one list, under one name")
            }
            coalescedEvents = try c.decodeIfPresent([Event].self, forKey: .coalescedEvents)
                ?? c.decodeIfPresent([Event].self, forKey: .coalesced) ?? []
            predictedEvents = try c.decodeIfPresent([Event].self, forKey: .predictedEvents)
                ?? c.decodeIfPresent([Event].self, forKey: .predicted) ?? []
        }
    }

    public var version: Int?
    public var device: String?
    public var timeOrigin: Double?
    public var screen: Screen?
    public var events: [Event]
}
