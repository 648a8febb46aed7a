#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// The C library's elementary functions, gathered so the module needs no Foundation and
/// no other file depends on the platform's C module.
enum Elementary {
    static func exp(_ x: Double) -> Double { libm_exp(x) }
    static func expm1(_ x: Double) -> Double { libm_expm1(x) }
    static func log(_ x: Double) -> Double { libm_log(x) }
    static func log1p(_ x: Double) -> Double { libm_log1p(x) }
    static func sin(_ x: Double) -> Double { libm_sin(x) }
    static func cos(_ x: Double) -> Double { libm_cos(x) }
    static func sinh(_ x: Double) -> Double { libm_sinh(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { libm_atan2(y, x) }
}

// Module-level aliases so the calls above reach the C functions, not the enum's own.
private func libm_exp(_ x: Double) -> Double { exp(x) }
private func libm_expm1(_ x: Double) -> Double { expm1(x) }
private func libm_log(_ x: Double) -> Double { log(x) }
private func libm_log1p(_ x: Double) -> Double { log1p(x) }
private func libm_sin(_ x: Double) -> Double { sin(x) }
private func libm_cos(_ x: Double) -> Double { cos(x) }
private func libm_sinh(_ x: Double) -> Double { sinh(x) }
private func libm_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
