/// Renders a ``CriticalPath``, as `di-inspect stats --critical-path` prints it.
///
/// ```text
/// critical path, resolutions started in the first 100 ms: 2.60 ms of self time in 2 steps
///   STEP  FACTORY              SELF     SHARE  TOTAL    START    CONTAINER
///      1  any AppCoordinating  100 µs    3.8%  2.60 ms  1.00 µs  1
///      2  any LLMEngine        2.50 ms  96.2%  2.50 ms  46.5 µs  1
/// ```
///
/// ```swift
/// print(CriticalPathReport.text(CriticalPath(analysis: analysis), analysis: analysis), terminator: "")
/// ```
public enum CriticalPathReport {
    /// An aligned table of the steps under a one-line summary.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// let text = CriticalPathReport.text(path, analysis: analysis)
    /// ```
    public static func text(_ path: CriticalPath, analysis: TraceAnalysis) -> String {
        let scope = path.window.map { "resolutions started in the first \(Duration.format($0))" } ?? "whole trace"
        guard !path.steps.isEmpty else { return "critical path, \(scope): no resolutions.\n" }
        var out =
            "critical path, \(scope): \(Duration.format(path.totalSelfNanoseconds)) of self time in "
            + "\(path.steps.count) step\(path.steps.count == 1 ? "" : "s")\n"
        var table = [["STEP", "FACTORY", "SELF", "SHARE", "TOTAL", "START", "CONTAINER"]]
        for (number, step) in path.steps.enumerated() {
            table.append([
                "\(number + 1)", analysis.trace.factory(id: step.factory).displayName,
                Duration.format(step.selfNanoseconds), Duration.rounded(step.share * 100, 1) + "%",
                Duration.format(step.nanoseconds), Duration.format(step.start), "\(step.container)",
            ])
        }
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for cells in table {
            let line = cells.enumerated().map { column, cell in
                cell.padded(to: widths[column], right: column == 0 || column == 3)
            }.joined(separator: "  ")
            out += "  " + String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        }
        return out
    }

    /// The path as JSON: `{"criticalPath": {"windowNanoseconds", "totalSelfNanoseconds", "steps": [...]}}`.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// let json = CriticalPathReport.json(path, analysis: analysis)
    /// ```
    public static func json(_ path: CriticalPath, analysis: TraceAnalysis) -> String {
        JSONOutput.object(["criticalPath": object(path, analysis: analysis)]).rendered() + "\n"
    }

    package static func object(_ path: CriticalPath, analysis: TraceAnalysis) -> JSONOutput {
        .object([
            "windowNanoseconds": .optional(path.window),
            "totalSelfNanoseconds": .unsigned(path.totalSelfNanoseconds),
            "steps": .array(
                path.steps.map { step in
                    let factory = analysis.trace.factory(id: step.factory)
                    return .object([
                        "resolution": .int(step.resolution), "factory": .int(step.factory),
                        "type": .string(factory.type), "name": .optional(factory.name), "site": .string(factory.site),
                        "container": .int(step.container), "start": .unsigned(step.start),
                        "selfNanoseconds": .unsigned(step.selfNanoseconds), "nanoseconds": .unsigned(step.nanoseconds),
                        "share": .double(step.share),
                    ])
                }),
        ])
    }
}
