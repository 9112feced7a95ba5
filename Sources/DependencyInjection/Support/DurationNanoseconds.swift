extension Duration {
    /// The duration in whole nanoseconds, clamped to `0...UInt64.max` (negative durations are zero).
    ///
    /// ```swift
    /// Duration.milliseconds(2).clampedNanoseconds   // 2_000_000
    /// ```
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, seconds > 0 || attoseconds > 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, carry) = whole.addingReportingOverflow(UInt64(max(0, attoseconds / 1_000_000_000)))
        return carry ? .max : total
    }
}
