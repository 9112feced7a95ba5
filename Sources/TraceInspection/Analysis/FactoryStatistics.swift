/// Counts and timings of one factory's resolutions.
///
/// ``totalNanoseconds`` and ``maxNanoseconds`` include the time of child resolutions (they are what the
/// runtime measured); the `self` ones leave it out (see ``TraceAnalysis/selfNanoseconds``).
///
/// ```swift
/// let stats = analysis.statistics(for: 3)
/// print(stats.resolutions, stats.cacheHitRatio, stats.maxNanoseconds, stats.selfMaxNanoseconds)
/// ```
public struct FactoryStatistics: Sendable, Equatable {
    /// The factory id.
    public var factory: Int
    /// How many times it was resolved.
    public var resolutions = 0
    /// How many resolutions ran a resolver (`outcome` `created`).
    public var creations = 0
    /// How many resolutions returned a cached instance.
    public var cacheHits = 0
    /// How many resolutions failed.
    public var failures = 0
    /// The sum of all resolution durations, in nanoseconds.
    public var totalNanoseconds: UInt64 = 0
    /// The longest resolution, in nanoseconds.
    public var maxNanoseconds: UInt64 = 0
    /// The sum of all resolutions' self times (children left out), in nanoseconds.
    public var selfTotalNanoseconds: UInt64 = 0
    /// The longest self time of one resolution, in nanoseconds.
    public var selfMaxNanoseconds: UInt64 = 0

    /// Creates empty statistics for a factory.
    ///
    /// ``TraceAnalysis`` fills them in.
    ///
    /// ```swift
    /// var stats = FactoryStatistics(factory: 3)
    /// ```
    public init(factory: Int) {
        self.factory = factory
    }

    /// Cache hits over resolutions, from 0 to 1 (0 when never resolved).
    ///
    /// A `.unique` factory always has 0.
    ///
    /// ```swift
    /// String(format: "%.0f%%", stats.cacheHitRatio * 100)
    /// ```
    public var cacheHitRatio: Double {
        resolutions == 0 ? 0 : Double(cacheHits) / Double(resolutions)
    }

    package mutating func add(_ resolution: ResolutionRecord) {
        resolutions += 1
        switch resolution.outcome {
        case .created: creations += 1
        case .cacheHit: cacheHits += 1
        case .failed: failures += 1
        }
        totalNanoseconds &+= resolution.nanoseconds
        if resolution.nanoseconds > maxNanoseconds { maxNanoseconds = resolution.nanoseconds }
    }

    package mutating func addSelfTime(_ own: UInt64) {
        selfTotalNanoseconds &+= own
        if own > selfMaxNanoseconds { selfMaxNanoseconds = own }
    }

    /// Adds another trace's statistics of the same factory.
    package mutating func merge(_ other: FactoryStatistics) {
        resolutions += other.resolutions
        creations += other.creations
        cacheHits += other.cacheHits
        failures += other.failures
        totalNanoseconds &+= other.totalNanoseconds
        maxNanoseconds = max(maxNanoseconds, other.maxNanoseconds)
        selfTotalNanoseconds &+= other.selfTotalNanoseconds
        selfMaxNanoseconds = max(selfMaxNanoseconds, other.selfMaxNanoseconds)
    }
}
