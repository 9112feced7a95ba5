/// FNV-1a, 64 bits: stable ids from the process and resolution ids (not for security), as ``OTLPExport`` needs.
///
/// ```swift
/// let id = Hash64().adding("span").adding(42).value
/// ```
struct Hash64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    func adding(_ text: String) -> Hash64 {
        var copy = self
        for byte in text.utf8 { copy.mix(byte) }
        copy.mix(0xFF)
        return copy
    }

    func adding(_ number: Int) -> Hash64 {
        var copy = self
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            copy.mix(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
        return copy
    }

    private mutating func mix(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }
}
