#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library's `atan2`, in one place so no other file imports the platform module.
enum Trigonometry {
    static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
}

private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
