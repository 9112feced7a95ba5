extension Duration {
    /// Formats nanoseconds for people: `850 ns`, `12.3 µs`, `4.56 ms`, `1.20 s`.
    package static func format(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        func fixed(_ number: Double, _ unit: String) -> String {
            let digits = number >= 100 ? 0 : (number >= 10 ? 1 : 2)
            return "\(rounded(number, digits)) \(unit)"
        }
        if nanoseconds < 1_000 { return "\(nanoseconds) ns" }
        if nanoseconds < 1_000_000 { return fixed(value / 1_000, "µs") }
        if nanoseconds < 1_000_000_000 { return fixed(value / 1_000_000, "ms") }
        return fixed(value / 1_000_000_000, "s")
    }

    /// `number` with exactly `digits` decimals, without Foundation's locale-dependent formatting.
    package static func rounded(_ number: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((number * scale).rounded())
        if digits == 0 { return "\(scaled)" }
        let integer = scaled / Int(scale)
        var fraction = "\(scaled % Int(scale))"
        while fraction.count < digits { fraction = "0" + fraction }
        return "\(integer).\(fraction)"
    }
}
