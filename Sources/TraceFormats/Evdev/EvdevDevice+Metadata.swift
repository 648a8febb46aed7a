import TouchInput

// The device description travels in metadata `extra` under `evdev.*` keys, so that a trace
// converted from evdev remembers exactly what it came from and the evemu exporter can
// describe the same device again:
//   evdev.name, evdev.node, evdev.id ("bus vendor product version", hex),
//   evdev.properties ("1 …"), evdev.codes.<type> ("0 1 330 …"), evdev.abs.<code>
//   ("min max fuzz flat resolution"), all numbers decimal unless stated.
extension EvdevDevice {
    /// Writes this description into `extra`.
    public func record(into extra: inout [String: String]) {
        extra["evdev.name"] = name
        if let node { extra["evdev.node"] = node }
        extra["evdev.id"] = [bus, vendor, product, version].map { hex4($0) }.joined(separator: " ")
        extra["evdev.properties"] = properties.sorted().map(String.init).joined(separator: " ")
        for (type, set) in codes where !set.isEmpty {
            extra["evdev.codes.\(type)"] = set.sorted().map(String.init).joined(separator: " ")
        }
        for (code, axis) in axes {
            extra["evdev.abs.\(code)"] = "\(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)"
        }
    }

    /// The description recorded in `extra` by ``record(into:)``, or `nil` when there is none
    /// or it is malformed.
    public init?(metadata extra: [String: String]) {
        guard let name = extra["evdev.name"] else { return nil }
        self.init(name: name, node: extra["evdev.node"])
        if let id = extra["evdev.id"] {
            let parts = id.split(separator: " ").compactMap { TextInput.hex($0, as: UInt16.self) }
            guard parts.count == 4 else { return nil }
            (bus, vendor, product, version) = (parts[0], parts[1], parts[2], parts[3])
        }
        if let list = extra["evdev.properties"] {
            properties = Set(list.split(separator: " ").compactMap { UInt16($0) })
        }
        for (key, value) in extra {
            if key.hasPrefix("evdev.codes."), let type = UInt16(key.dropFirst("evdev.codes.".count)),
               type <= EvdevCode.evMax {
                codes[type] = Set(value.split(separator: " ").compactMap { UInt16($0) }.filter { $0 <= EvdevCode.codeMax })
            } else if key.hasPrefix("evdev.abs."), let code = UInt16(key.dropFirst("evdev.abs.".count)),
                      code <= EvdevCode.absMax {
                let n = value.split(separator: " ").compactMap { Int32($0) }
                guard n.count == 5 else { return nil }
                axes[code] = Axis(minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n[4])
            }
        }
    }
}

func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
}
