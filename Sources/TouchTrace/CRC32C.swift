import CZstd

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every chunk,
/// index and header in a `.touchtrace` file. The CPU's own instruction where it has one
/// (SSE 4.2, ARMv8 CRC: `CZstd/crc32c.h`), eight bytes an instruction; slicing-by-8 tables
/// otherwise (``tableChecksum(_:continuing:)``, which the tests hold the hardware path to).
package enum CRC32C {
    /// Whether the hardware path is used (decided once, from cpuid on x86-64).
    package static let hardware = touchbench_crc32c_available() != 0

    /// Eight 256-entry tables laid end to end: entry `slice * 256 + byte`.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return table
    }()

    /// The checksum of `bytes`, continuing from `seed` (the checksum of what came before).
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing seed: UInt32 = 0) -> UInt32 {
        guard hardware, let base = bytes.baseAddress else { return tableChecksum(bytes, continuing: seed) }
        return ~touchbench_crc32c_update(~seed, base, bytes.count)
    }

    /// The checksum by table lookups, whatever the CPU.
    package static func tableChecksum(_ bytes: UnsafeRawBufferPointer, continuing seed: UInt32 = 0) -> UInt32 {
        table.withUnsafeBufferPointer { t in
            var crc = ~seed
            var index = 0
            let count = bytes.count
            while count - index >= 8 {
                let word = crc ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
                let next = bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
                crc = t[7 * 256 + Int(word & 0xFF)] ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)] ^ t[4 * 256 + Int(word >> 24)]
                    ^ t[3 * 256 + Int(next & 0xFF)] ^ t[2 * 256 + Int((next >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((next >> 16) & 0xFF)] ^ t[Int(next >> 24)]
                index += 8
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return ~crc
        }
    }

    /// The checksum of a byte array.
    package static func checksum(_ bytes: [UInt8], continuing seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: seed) }
    }
}
