import Foundation

/// `why`, `diff`, `report` and the critical path: the subcommands that explain and compare traces.
extension Inspector {
    /// `di-inspect stats --critical-path`: the chain of resolutions with the most self time, among those
    /// that started in the first `startupMilliseconds` (or the whole trace) (see ``CriticalPath``).
    ///
    /// Exit code 0, or 2 when a trace cannot be read.
    ///
    /// ```swift
    /// let result = Inspector.criticalPath(tracePaths: ["app.ditrace"], startupMilliseconds: 100)
    /// ```
    public static func criticalPath(tracePaths: [String], startupMilliseconds: Double? = nil, json: Bool = false)
        -> CommandResult
    {
        withTraces(tracePaths) { inputs in
            let window = startupMilliseconds.map { UInt64(($0 * 1_000_000).rounded()) }
            let path = CriticalPath(analysis: inputs.analysis, window: window)
            let text =
                json
                ? CriticalPathReport.json(path, analysis: inputs.analysis)
                : CriticalPathReport.text(path, analysis: inputs.analysis)
            return CommandResult(exitCode: exitSuccess, output: Data(text.utf8))
        }
    }

    private static func withTraces(_ paths: [String], _ body: (TraceInputs) -> CommandResult) -> CommandResult {
        do {
            let inputs = try TraceInputs.read(paths)
            var result = body(inputs)
            result.diagnostics = render(inputs.warnings) + result.diagnostics
            return result
        } catch {
            return failure(error)
        }
    }
}
