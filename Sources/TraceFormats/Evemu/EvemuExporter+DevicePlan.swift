import Foundation
import TouchInput

// The device the exported events are written for, and the description text of it.
extension EvemuExporter {
    struct DevicePlan {
        var device: EvdevDevice
        var mapping: EvdevMapping
        /// Whether pencil samples are written as a pen tool (else as multitouch contacts).
        var penTool: Bool
        var pressureMaximum: Int32
        var tiltResolution: Int32

        init(metadata: TraceMetadata, samples: [InputSample]) {
            let kinds = Set(samples.map(\.kind))
            let hasTouch = kinds.contains(.touch)
            penTool = kinds.contains(.pencil) && !hasTouch
            let forceUnits = 1 / metadata.quanta.force
            pressureMaximum = forceUnits.isFinite && forceUnits >= 1 && forceUnits <= 16_777_216 ? Int32(forceUnits.rounded()) : 4096
            tiltResolution = 4096
            if var recorded = EvdevDevice(metadata: metadata.extra), let recordedMapping = EvdevMapping(metadata: metadata.extra) {
                device = recorded
                mapping = recordedMapping
                penTool = penTool && recorded.hasPen
                if let axis = recorded.axes[EvdevCode.absMTPressure] ?? recorded.axes[EvdevCode.absPressure] {
                    pressureMaximum = axis.maximum
                }
                tiltResolution = recorded.axes[EvdevCode.absTiltX]?.resolution ?? 0
                Self.declareMissing(&recorded, kinds: kinds, samples: samples)
                device = recorded
                return
            }
            let quantum = metadata.quanta.position > 0 && metadata.quanta.position.isFinite ? metadata.quanta.position : 1.0 / 256
            var minX = 0.0, minY = 0.0, maxX = 1.0, maxY = 1.0
            for sample in samples where sample.kind == .touch || sample.kind == .pencil {
                minX = Swift.min(minX, sample.x); maxX = Swift.max(maxX, sample.x)
                minY = Swift.min(minY, sample.y); maxY = Swift.max(maxY, sample.y)
            }
            if let screen = metadata.screen { maxX = Swift.max(maxX, screen.width); maxY = Swift.max(maxY, screen.height) }
            mapping = EvdevMapping(method: .explicit, originX: EvdevMapping.clamp(minX / quantum), originY: EvdevMapping.clamp(minY / quantum),
                                   scaleX: quantum, scaleY: quantum, positionQuantum: quantum)
            let x = EvdevDevice.Axis(minimum: mapping.originX, maximum: EvdevMapping.clamp(maxX / quantum))
            let y = EvdevDevice.Axis(minimum: mapping.originY, maximum: EvdevMapping.clamp(maxY / quantum))
            device = EvdevDevice(name: metadata.device ?? "TouchBench synthetic device", bus: 0x06, vendor: 0x1d6b,
                                 product: 0x7462, version: 1, properties: [EvdevDevice.propertyDirect])
            for code in [EvdevCode.synReport, EvdevCode.synConfig, EvdevCode.synMTReport, EvdevCode.synDropped] {
                device.declare(type: EvdevCode.evSyn, code: code)
            }
            device.axes[EvdevCode.absX] = x
            device.axes[EvdevCode.absY] = y
            device.declare(type: EvdevCode.evKey, code: EvdevCode.btnTouch)
            if hasTouch || (kinds.contains(.pencil) && !penTool) {
                let concurrent = Self.maximumConcurrentContacts(samples)
                let largestID = samples.filter { $0.kind == .touch || $0.kind == .pencil }.map(\.id).max() ?? 0
                device.axes[EvdevCode.absMTSlot] = .init(minimum: 0, maximum: Int32(Swift.max(0, concurrent - 1)))
                device.axes[EvdevCode.absMTTrackingID] = .init(minimum: 0, maximum: Int32(clamping: Swift.max(65535, Int64(largestID))))
                device.axes[EvdevCode.absMTPositionX] = x
                device.axes[EvdevCode.absMTPositionY] = y
                if samples.contains(where: { $0.force != nil && $0.kind != .pointer }) {
                    device.axes[EvdevCode.absMTPressure] = .init(minimum: 0, maximum: pressureMaximum)
                }
                if samples.contains(where: { $0.majorRadius != nil }) {
                    let largest = samples.compactMap(\.majorRadius).max() ?? 0
                    device.axes[EvdevCode.absMTTouchMajor] = .init(minimum: 0, maximum: EvdevMapping.clamp(2 * largest / quantum) + 1)
                }
                if kinds.contains(.pencil) { device.axes[EvdevCode.absMTToolType] = .init(minimum: 0, maximum: 2) }
            }
            if penTool {
                device.declare(type: EvdevCode.evKey, code: EvdevCode.btnToolPen)
                device.declare(type: EvdevCode.evKey, code: EvdevCode.btnStylus)
                device.declare(type: EvdevCode.evKey, code: EvdevCode.btnStylus2)
                if samples.contains(where: { $0.kind == .pencil && $0.force != nil }) {
                    device.axes[EvdevCode.absPressure] = .init(minimum: 0, maximum: pressureMaximum)
                }
                guard samples.contains(where: { $0.kind == .pencil && $0.altitude != nil }) else {
                    Self.declareMissing(&device, kinds: kinds, samples: samples)
                    return
                }
                let range = Int32((Double.pi / 2 * Double(tiltResolution)).rounded(.up))
                device.axes[EvdevCode.absTiltX] = .init(minimum: -range, maximum: range, resolution: tiltResolution)
                device.axes[EvdevCode.absTiltY] = .init(minimum: -range, maximum: range, resolution: tiltResolution)
            }
            Self.declareMissing(&device, kinds: kinds, samples: samples)
        }

        /// Declares the relative axes, buttons and keys the samples need.
        private static func declareMissing(_ device: inout EvdevDevice, kinds: Set<SampleKind>, samples: [InputSample]) {
            if kinds.contains(.pointer) || kinds.contains(.scroll) {
                for code in [EvdevCode.relX, EvdevCode.relY, EvdevCode.relHWheel, EvdevCode.relWheel, 0x0b, 0x0c] {
                    device.declare(type: EvdevCode.evRel, code: code)
                }
                for code in EvdevCode.btnLeft...EvdevCode.btnMiddle { device.declare(type: EvdevCode.evKey, code: code) }
            }
            for sample in samples where sample.kind == .key {
                if let usage = sample.key, let code = EvdevKeyUsage.keyCode(forUsage: usage) {
                    device.declare(type: EvdevCode.evKey, code: code)
                }
            }
        }

        private static func maximumConcurrentContacts(_ samples: [InputSample]) -> Int {
            var live = Set<UInt32>(), most = 1
            for sample in samples where sample.kind == .touch || sample.kind == .pencil {
                if sample.phase.isTerminal || sample.phase == .hoverExited { live.remove(sample.id) } else { live.insert(sample.id) }
                most = Swift.max(most, live.count)
            }
            return Swift.min(most, EvdevDecoder.contactLimit)
        }

        func descriptionText(metadata: TraceMetadata) -> String {
            var out = "# EVEMU 1.3\n"
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let json = try? encoder.encode(metadata), let text = String(data: json, encoding: .utf8) {
                out += EvemuImporter.Reader.touchBenchPrefix + text + "\n"
            }
            out += EvemuImporter.Reader.mappingPrefix + mapping.serialized + "\n"
            out += "# Input device name: \"\(device.name)\"\n"
            out += "N: \(device.name)\n"
            out += "I: \([device.bus, device.vendor, device.product, device.version].map(hex4).joined(separator: " "))\n"
            out += "P:" + Self.bytes(of: device.properties, minimumBytes: 8) + "\n"
            for type in UInt16(0)...EvdevCode.evMax {
                guard let codes = device.codes[type], !codes.isEmpty || type == 0 else { continue }
                let bytes = Self.bitmask(codes)
                var offset = 0
                while offset < bytes.count {
                    let line = bytes[offset..<Swift.min(offset + 8, bytes.count)]
                    out += "B: " + hex2(UInt8(type)) + line.map { " " + hex2($0) }.joined() + "\n"
                    offset += 8
                }
            }
            for code in device.axes.keys.sorted() {
                guard let a = device.axes[code] else { continue }
                out += "A: \(hex2(UInt8(truncatingIfNeeded: code))) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
            }
            return out
        }

        private static func bitmask(_ codes: Set<UInt16>) -> [UInt8] {
            let largest = Int(codes.max() ?? 0)
            var bytes = [UInt8](repeating: 0, count: ((largest / 8) / 8 + 1) * 8)
            for code in codes { bytes[Int(code) / 8] |= 1 << (code % 8) }
            return bytes
        }

        private static func bytes(of bits: Set<UInt16>, minimumBytes: Int) -> String {
            var bytes = [UInt8](repeating: 0, count: minimumBytes)
            for bit in bits where Int(bit) < minimumBytes * 8 { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
            return bytes.map { " " + hex2($0) }.joined()
        }
    }
}

func hex2(_ value: UInt8) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
}
