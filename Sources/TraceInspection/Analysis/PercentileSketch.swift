/// Nearest-rank percentiles of a stream of durations in bounded memory: exact for the first
/// ``exactLimit`` values, then within 0.4 % of the exact value.
///
/// Up to ``exactLimit`` values are kept as they are. Beyond that they are counted in logarithmic buckets: values
/// below 128 ns each have their own bucket, larger ones share a bucket with the values that have the same highest
/// eight bits, and a percentile is reported as the middle of its bucket. Memory is at most a few kilobytes per
/// factory however many resolutions a trace holds; `stats` reads its p50 and p95 from here.
///
/// ```swift
/// var sketch = PercentileSketch()
/// for nanoseconds in [100, 300, 200] as [UInt64] { sketch.add(nanoseconds) }
/// sketch.percentile(0.5)   // 200
/// ```
package struct PercentileSketch: Sendable, Equatable {
    /// How many values are kept exactly before switching to buckets.
    package static let exactLimit = 512

    private var exact: [UInt64] = []
    /// Counts of buckets `lowestBucket...`, once there were more than ``exactLimit`` values (a few kilobytes:
    /// only the range of buckets the values reach). A count wraps past 2³² values in one bucket, which would take
    /// a trace of some 600 GB.
    private var buckets: [UInt32] = []
    private var lowestBucket = 0
    /// How many values were added.
    package private(set) var count = 0

    package init() {}

    package mutating func add(_ value: UInt64) {
        count += 1
        if count <= Self.exactLimit {
            exact.append(value)
            return
        }
        if !exact.isEmpty {
            let kept = exact
            exact = []
            for value in kept { count(Self.bucket(of: value)) }
        }
        count(Self.bucket(of: value))
    }

    /// Adds every value `other` holds (exactly while both together hold at most ``exactLimit``).
    package mutating func merge(_ other: PercentileSketch) {
        guard other.count > 0 else { return }
        if other.buckets.isEmpty {
            for value in other.exact { add(value) }
            return
        }
        if !exact.isEmpty {
            let kept = exact
            exact = []
            for value in kept { count(Self.bucket(of: value)) }
        }
        for (offset, bucketCount) in other.buckets.enumerated() where bucketCount > 0 {
            count(other.lowestBucket + offset, times: bucketCount)
        }
        count += other.count
    }

    private mutating func count(_ bucket: Int, times: UInt32 = 1) {
        if buckets.isEmpty {
            lowestBucket = bucket
            buckets = [0]
        } else if bucket < lowestBucket {
            buckets.insert(contentsOf: repeatElement(0, count: lowestBucket - bucket), at: 0)
            lowestBucket = bucket
        } else if bucket - lowestBucket >= buckets.count {
            buckets.append(contentsOf: repeatElement(0, count: bucket - lowestBucket - buckets.count + 1))
        }
        buckets[bucket - lowestBucket] &+= times
    }

    /// The nearest-rank percentile (`fraction` from 0 to 1), or 0 with no values.
    package func percentile(_ fraction: Double) -> UInt64 {
        if buckets.isEmpty { return Self.nearestRank(exact.sorted(), fraction) }
        let rank = Self.rank(of: fraction, among: count)
        var seen = 0
        for (offset, bucketCount) in buckets.enumerated() {
            seen += Int(bucketCount)
            if seen >= rank { return Self.middle(of: lowestBucket + offset) }
        }
        return 0
    }

    /// The nearest-rank percentile of `sorted` values (`fraction` from 0 to 1), or 0 with none.
    ///
    /// ```swift
    /// PercentileSketch.nearestRank([1, 2, 3, 4], 0.5)   // 2
    /// ```
    package static func nearestRank(_ sorted: [UInt64], _ fraction: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        return sorted[rank(of: fraction, among: sorted.count) - 1]
    }

    private static func rank(of fraction: Double, among count: Int) -> Int {
        min(max(Int((fraction * Double(count)).rounded(.up)), 1), count)
    }

    /// Values below 128 are their own bucket; above, 128 buckets for each power of two.
    private static func bucket(of value: UInt64) -> Int {
        guard value >= 128 else { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount  // 7...63
        let mantissa = (value >> UInt64(exponent - 7)) & 127
        return 128 + (exponent - 7) * 128 + Int(mantissa)
    }

    private static func middle(of bucket: Int) -> UInt64 {
        guard bucket >= 128 else { return UInt64(bucket) }
        let shift = UInt64((bucket - 128) / 128)
        let mantissa = UInt64((bucket - 128) % 128)
        let lower = (128 + mantissa) << shift
        let width: UInt64 = 1 << shift
        return lower &+ (width - 1) / 2
    }
}
