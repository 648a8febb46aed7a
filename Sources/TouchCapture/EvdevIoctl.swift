import TouchBenchSupport
import TraceFormats

/// Every ioctl TouchBench sends to an evdev node, and the only place that sends any: the
/// request numbers are written out from the kernel's definitions (`include/uapi/linux/input.h`
/// with the `_IOC` encoding of `asm-generic/ioctl.h`, which x86_64 and aarch64 use), and
/// every return code is checked here.
enum EvdevIoctl {
    // _IOC: number in bits 0–7, type ('E' for evdev) in 8–15, argument size in 16–29,
    // direction in 30–31 (1 = the kernel reads the argument, 2 = the kernel writes it).
    private static let write: UInt = 1
    private static let read: UInt = 2

    static func request(direction: UInt, number: UInt, size: Int) -> UInt {
        direction << 30 | UInt(size) << 16 | UInt(UInt8(ascii: "E")) << 8 | number
    }

    /// EVIOCGVERSION, `_IOR('E', 0x01, int)`.
    static let getVersion = request(direction: read, number: 0x01, size: 4)
    /// EVIOCGID, `_IOR('E', 0x02, struct input_id)`: four u16.
    static let getID = request(direction: read, number: 0x02, size: 8)
    /// EVIOCGNAME(len), `_IOC(_IOC_READ, 'E', 0x06, len)`.
    static func getName(length: Int) -> UInt { request(direction: read, number: 0x06, size: length) }
    /// EVIOCGPROP(len), `_IOC(_IOC_READ, 'E', 0x09, len)`.
    static func getProperties(length: Int) -> UInt { request(direction: read, number: 0x09, size: length) }
    /// EVIOCGBIT(ev, len), `_IOC(_IOC_READ, 'E', 0x20 + ev, len)`; ev 0 gives the event types.
    static func getBits(type: UInt16, length: Int) -> UInt { request(direction: read, number: 0x20 + UInt(type), size: length) }
    /// EVIOCGABS(abs), `_IOR('E', 0x40 + abs, struct input_absinfo)`: six s32.
    static func getAbsolute(code: UInt16) -> UInt { request(direction: read, number: 0x40 + UInt(code), size: 24) }
    /// EVIOCSCLOCKID, `_IOW('E', 0xa0, int)`.
    static let setClock = request(direction: write, number: 0xa0, size: 4)

    /// Bytes of a code bit mask: KEY_MAX (0x2ff) + 1 bits.
    private static let codeMaskBytes = (Int(EvdevCode.codeMax) + 1) / 8

    /// Asks the device at `descriptor` for its name, ids, properties, codes and axes.
    /// A node that does not answer EVIOCGVERSION is not an evdev device.
    static func describe(descriptor fd: Int32, path: String) throws(EvdevCaptureError) -> EvdevDevice {
        var version: Int32 = 0
        try call(fd, getVersion, &version, path: path, what: "EVIOCGVERSION")

        var id = [UInt16](repeating: 0, count: 4)
        try call(fd, getID, &id, path: path, what: "EVIOCGID")

        var nameBytes = [UInt8](repeating: 0, count: 256)
        let nameLength = try call(fd, getName(length: nameBytes.count), &nameBytes, path: path, what: "EVIOCGNAME")
        let name = String(decoding: nameBytes.prefix(Int(nameLength)).prefix { $0 != 0 }, as: UTF8.self)

        var device = EvdevDevice(name: name, node: path, bus: id[0], vendor: id[1], product: id[2], version: id[3])
        var properties = [UInt8](repeating: 0, count: 8)
        let propertyLength = try call(fd, getProperties(length: properties.count), &properties, path: path, what: "EVIOCGPROP")
        device.properties = Set(setBits(properties.prefix(Int(propertyLength))))

        var types = [UInt8](repeating: 0, count: 4)
        let typeLength = try call(fd, getBits(type: 0, length: types.count), &types, path: path, what: "EVIOCGBIT(0)")
        let supportedTypes = setBits(types.prefix(Int(typeLength))).filter { $0 <= EvdevCode.evMax }
        // evemu writes the type mask as the codes of EV_SYN; doing the same keeps a live
        // device and its evemu description decoding alike.
        device.codes[EvdevCode.evSyn] = Set(supportedTypes)
        for type in supportedTypes where type != EvdevCode.evSyn {
            var mask = [UInt8](repeating: 0, count: codeMaskBytes)
            let length = try call(fd, getBits(type: type, length: mask.count), &mask, path: path, what: "EVIOCGBIT(\(type))")
            device.codes[type] = Set(setBits(mask.prefix(Int(length))))
        }
        for code in device.codes[EvdevCode.evAbs, default: []].sorted() where code <= EvdevCode.absMax {
            // value, minimum, maximum, fuzz, flat, resolution
            var info = [Int32](repeating: 0, count: 6)
            try call(fd, getAbsolute(code: code), &info, path: path, what: "EVIOCGABS(\(code))")
            device.axes[code] = EvdevDevice.Axis(minimum: info[1], maximum: info[2], fuzz: info[3], flat: info[4], resolution: info[5])
        }
        return device
    }

    /// Asks the device to stamp events with CLOCK_MONOTONIC, which never steps back, rather
    /// than the wall clock. Returns whether it agreed (kernels before 3.4 do not).
    static func useMonotonicClock(descriptor fd: Int32) -> Bool {
        #if os(Linux)
        var clock = Int32(CLOCK_MONOTONIC)
        return withUnsafeMutableBytes(of: &clock) { ioctl(fd, setClock, $0.baseAddress!) } == 0
        #else
        return false
        #endif
    }

    /// One ioctl whose argument is the bytes of `argument`; returns its non-negative result.
    @discardableResult
    private static func call<T>(_ fd: Int32, _ request: UInt, _ argument: inout T, path: String, what: String) throws(EvdevCaptureError) -> Int32 {
        let result = withUnsafeMutableBytes(of: &argument) { ioctl(fd, request, $0.baseAddress!) }
        if result >= 0 { return result }
        throw failure(errno, path: path, what: what)
    }

    @discardableResult
    private static func call<T>(_ fd: Int32, _ request: UInt, _ argument: inout [T], path: String, what: String) throws(EvdevCaptureError) -> Int32 {
        let result = argument.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        if result >= 0 { return result }
        throw failure(errno, path: path, what: what)
    }

    private static func failure(_ code: Int32, path: String, what: String) -> EvdevCaptureError {
        switch code {
        case ENOTTY, EINVAL:
            EvdevCaptureError(.cannotOpen, path: path, reason: "is not an evdev input device (\(what) is refused: \(SystemCall.errorText(code)))")
        case ENODEV:
            EvdevCaptureError(.cannotOpen, path: path, reason: "was disconnected while being described")
        default:
            EvdevCaptureError(.cannotOpen, path: path, reason: "cannot be described (\(what): \(SystemCall.errorText(code)))")
        }
    }

    /// The numbers of the bits set in a little-endian bit mask.
    private static func setBits(_ bytes: some Collection<UInt8>) -> [UInt16] {
        var bits: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(UInt16(index * 8 + bit)) }
        }
        return bits
    }
}
