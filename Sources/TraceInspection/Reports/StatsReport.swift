import TraceVocabulary

/// Per-factory counts and time percentiles, as `di-inspect stats` prints them.
///
/// Rows are sorted by where the time went: total self time (children left out), then maximum self time,
/// then id. Both self and inclusive times are shown.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: trace)
/// print(StatsReport.text(analysis), terminator: "")
/// ```
public enum StatsReport {
    /// One factory's row.
    ///
    /// Durations are in nanoseconds; percentiles use the nearest-rank method.
    ///
    /// ```swift
    /// let slowest = StatsReport.rows(analysis).first
    /// ```
    public struct Row: Sendable, Equatable {
        /// The factory.
        public var factory: FactoryRecord
        /// Its counts and totals.
        public var statistics: FactoryStatistics
        /// The median resolution duration.
        public var p50Nanoseconds: UInt64
        /// The 95th percentile resolution duration.
        public var p95Nanoseconds: UInt64
        /// The median self time (children left out).
        public var selfP50Nanoseconds: UInt64 = 0
        /// The 95th percentile self time.
        public var selfP95Nanoseconds: UInt64 = 0
    }

    /// The rows, most self time first; factories that were never resolved come last.
    ///
    /// Sorting durations is the only cost beyond ``TraceAnalysis``.
    ///
    /// ```swift
    /// for row in StatsReport.rows(analysis) { print(row.factory.type, row.p95Nanoseconds) }
    /// ```
    public static func rows(_ analysis: TraceAnalysis) -> [Row] {
        let trace = analysis.trace
        var indexByFactory: [Int: Int] = [:]
        for (index, factory) in trace.factories.enumerated() { indexByFactory[factory.id] = index }
        var durations = [[UInt64]](repeating: [], count: trace.factories.count)
        var selfDurations = durations
        for (index, stats) in analysis.statistics.enumerated() { durations[index].reserveCapacity(stats.resolutions) }
        for (position, resolution) in trace.resolutions.enumerated() {
            if let index = indexByFactory[resolution.factory] {
                durations[index].append(resolution.nanoseconds)
                selfDurations[index].append(analysis.selfNanoseconds[position])
            }
        }
        var rows: [Row] = []
        for (index, factory) in trace.factories.enumerated() {
            durations[index].sort()
            selfDurations[index].sort()
            rows.append(
                Row(
                    factory: factory, statistics: analysis.statistics[index],
                    p50Nanoseconds: percentile(durations[index], 0.50),
                    p95Nanoseconds: percentile(durations[index], 0.95),
                    selfP50Nanoseconds: percentile(selfDurations[index], 0.50),
                    selfP95Nanoseconds: percentile(selfDurations[index], 0.95)))
        }
        return rows.sorted { a, b in
            let (x, y) = (a.statistics, b.statistics)
            if (x.resolutions > 0) != (y.resolutions > 0) { return x.resolutions > 0 }
            return (y.selfTotalNanoseconds, y.selfMaxNanoseconds, a.factory.id)
                < (x.selfTotalNanoseconds, x.selfMaxNanoseconds, b.factory.id)
        }
    }

    /// An aligned text table of ``rows(_:)``.
    ///
    /// Ends with a newline. Factory names go through ``TerminalEscaping``.
    ///
    /// ```swift
    /// print(StatsReport.text(analysis), terminator: "")
    /// ```
    public static func text(_ analysis: TraceAnalysis) -> String {
        let rows = rows(analysis)
        let heading = ["FACTORY", "SCOPE", "RESOLUTIONS", "CREATIONS", "HIT%", "SELF P95", "SELF MAX", "SELF TOTAL"]
        var table: [[String]] = [heading + ["P50", "P95", "MAX", "TOTAL"]]
        for row in rows {
            let stats = row.statistics
            table.append([
                TerminalEscaping.escape(row.factory.displayName), row.factory.scope.rawValue, "\(stats.resolutions)", "\(stats.creations)",
                stats.resolutions == 0 ? "-" : Duration.rounded(stats.cacheHitRatio * 100, 1) + "%",
                Duration.format(row.selfP95Nanoseconds), Duration.format(stats.selfMaxNanoseconds),
                Duration.format(stats.selfTotalNanoseconds), Duration.format(row.p50Nanoseconds),
                Duration.format(row.p95Nanoseconds),
                Duration.format(stats.maxNanoseconds), Duration.format(stats.totalNanoseconds),
            ])
        }
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        var output = ""
        for cells in table {
            let line = cells.enumerated().map { column, cell in
                cell.padded(to: widths[column], right: column >= 2)
            }.joined(separator: "  ")
            output += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        }
        let resolutions = analysis.trace.resolutions.count
        output += "\n\(rows.count) factor\(rows.count == 1 ? "y" : "ies"), \(resolutions) resolution\(resolutions == 1 ? "" : "s").\n"
        return output
    }

    /// The rows as JSON: `{"factories": [...]}` with counts, ratio and percentiles in nanoseconds.
    ///
    /// Same order as the text table.
    ///
    /// ```swift
    /// let json = StatsReport.json(analysis)
    /// ```
    public static func json(_ analysis: TraceAnalysis) -> String {
        let rows: [JSONOutput] = rows(analysis).map { row in
            guard case .object(var object) = JSONOutput.factory(row.factory, row.statistics) else { return .null }
            object["cacheHitRatio"] = .double(row.statistics.cacheHitRatio)
            object["p50Nanoseconds"] = .unsigned(row.p50Nanoseconds)
            object["p95Nanoseconds"] = .unsigned(row.p95Nanoseconds)
            object["selfP50Nanoseconds"] = .unsigned(row.selfP50Nanoseconds)
            object["selfP95Nanoseconds"] = .unsigned(row.selfP95Nanoseconds)
            return .object(object)
        }
        return JSONOutput.object(["factories": .array(rows)]).rendered() + "\n"
    }

    static func percentile(_ sorted: [UInt64], _ fraction: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
