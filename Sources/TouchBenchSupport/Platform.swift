// The platform's C library, imported in this one place and re-exported, so that no other
// file of the package repeats the `#if canImport` ladder to reach POSIX or libm.
#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(ucrt)
@_exported import ucrt
#endif

// The C library's functions under names of their own, so `Elementary` can call them
// without reaching its own members (the import above is this file's alone).
func libmExp(_ x: Double) -> Double { exp(x) }
func libmExpm1(_ x: Double) -> Double { expm1(x) }
func libmLog(_ x: Double) -> Double { log(x) }
func libmLog1p(_ x: Double) -> Double { log1p(x) }
func libmSin(_ x: Double) -> Double { sin(x) }
func libmCos(_ x: Double) -> Double { cos(x) }
func libmSinh(_ x: Double) -> Double { sinh(x) }
func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
