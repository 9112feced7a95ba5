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
    /// Durations are in nanoseconds; percentiles use the nearest-rank method, exact up to 512 resolutions of a
    /// factory and within 0.4 % of the exact value beyond (so a trace of any size is read in bounded memory).
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
    /// Percentiles come from ``PercentileSketch``: exact up to 512 resolutions of a factory, within 0.4 % beyond.
    ///
    /// ```swift
    /// for row in StatsReport.rows(analysis) { print(row.factory.type, row.p95Nanoseconds) }
    /// ```
    public static func rows(_ analysis: TraceAnalysis) -> [Row] {
        var rows: [Row] = []
        for (index, factory) in analysis.trace.factories.enumerated() {
            let percentiles = analysis.facts.percentiles(of: factory.id)
            rows.append(
                Row(
                    factory: factory, statistics: analysis.statistics[index], p50Nanoseconds: percentiles.p50,
                    p95Nanoseconds: percentiles.p95, selfP50Nanoseconds: percentiles.selfP50,
                    selfP95Nanoseconds: percentiles.selfP95))
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
        let resolutions = analysis.resolutionCount
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
}
