extension Inspector {
    /// `milliseconds` as nanoseconds, for thresholds given on the command line: negative and NaN are 0, and
    /// anything over a million seconds is a million seconds (so the conversion cannot overflow).
    ///
    /// ```swift
    /// Inspector.nanoseconds(milliseconds: 16)   // 16_000_000
    /// ```
    public static func nanoseconds(milliseconds: Double) -> UInt64 {
        guard milliseconds > 0 else { return 0 }
        return UInt64(min(milliseconds, 1_000_000_000) * 1_000_000)
    }
}
