import TraceVocabulary

/// The one-screen summary `di-inspect record` prints after the command ends.
///
/// Counts of factories, resolutions and problems, the five factories with the most self time (time in their
/// own resolvers; names through ``TerminalEscaping``), and where the trace is with the commands to look closer.
///
/// ```swift
/// print(RecordSummary.render(analysis, tracePath: "app.ditrace", exitCode: 0), terminator: "")
/// ```
public enum RecordSummary {
    /// Renders the summary.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// let text = RecordSummary.render(analysis, tracePath: "app.ditrace", exitCode: status)
    /// ```
    public static func render(_ analysis: TraceAnalysis, tracePath: String, exitCode: Int32) -> String {
        let trace = analysis.trace
        let problems = TraceChecker.check(analysis)
        var output = "── di-inspect record ──────────────────────────────\n"
        output += "command exited with \(exitCode)\n"
        output += "trace:        \(tracePath)\(trace.endTime == nil ? " (cut short: no end event)" : "")\n"
        output += "factories:    \(trace.factories.count)\n"
        output += "resolutions:  \(trace.resolutions.count)\n"
        output += "problems:     \(problems.count)"
        if !problems.isEmpty {
            var counts: [ProblemKind: Int] = [:]
            for problem in problems { counts[problem.kind, default: 0] += 1 }
            output += " (" + counts.keys.sorted().map { "\(counts[$0]!) \($0.rawValue)" }.joined(separator: ", ") + ")"
        }
        output += "\n"
        let slowest = StatsReport.rows(analysis).filter { $0.statistics.resolutions > 0 }.prefix(5)
        if !slowest.isEmpty {
            output += "slowest (self time):\n"
            let names = slowest.map { TerminalEscaping.escape($0.factory.displayName) }
            let width = names.map(\.count).max() ?? 0
            for (rank, row) in slowest.enumerated() {
                output += "  \(rank + 1). \(names[rank].padded(to: width))  max "
                    + "\(Duration.format(row.statistics.selfMaxNanoseconds).padded(to: 9))  "
                    + "\(row.statistics.resolutions) resolution\(row.statistics.resolutions == 1 ? "" : "s")\n"
            }
        }
        output += "next:         di-inspect check \(tracePath)\n"
        output += "              di-inspect graph \(tracePath) -o graph.svg\n"
        return output
    }
}
