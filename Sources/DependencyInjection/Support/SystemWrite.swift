#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// `write(2)` from the platform's C library, qualified by its module so that types with a `write` method of
/// their own can call it; returns what `write` returns.
///
/// ```swift
/// _ = systemWrite(2, bytes.baseAddress, bytes.count)
/// ```
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #elseif canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #endif
}
