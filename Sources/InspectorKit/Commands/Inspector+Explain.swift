import Foundation
import TraceVocabulary

/// `why`, `diff`, `report` and the critical path: the subcommands that explain and compare traces.
extension Inspector {
    /// `di-inspect why TRACE… FACTORY`: every path to the factory, where it was created or reused, what
    /// supplied it, and who depends on it (see ``WhyReport``).
    ///
    /// `factory` is matched as `graph --focus` matches (``FactoryMatcher``); every match is explained. Exit
    /// code 0, or 2 when a trace cannot be read or nothing matches (the error suggests close names).
    ///
    /// ```swift
    /// let result = Inspector.why(tracePaths: ["app.ditrace"], factory: "CalendarServicing")
    /// ```
    public static func why(tracePaths: [String], factory query: String, json: Bool = false, limit: Int = 20)
        -> CommandResult
    {
        withTraces(tracePaths) { inputs in
            let analysis = inputs.analysis
            if let error = unmatched(query, in: analysis.trace) { return failure(error) }
            let explainer = FactoryExplainer(analysis: analysis)
            let explanations = analysis.trace.factories.filter { FactoryMatcher.matches(query, $0) }
                .map { explainer.explain(factory: $0.id) }
            let text =
                json
                ? WhyReport.json(explanations, analysis: analysis, query: query)
                : TerminalEscaping.escape(WhyReport.text(explanations, analysis: analysis, limit: limit), keepingNewlines: true)
            return CommandResult(exitCode: exitSuccess, output: Data(text.utf8))
        }
    }

    /// `di-inspect diff OLD NEW`: what changed between two traces or directories of traces (see ``TraceDiff``).
    ///
    /// Exit code 1 when a change's kind is in `failOn`, 0 otherwise, 2 when an input cannot be read.
    ///
    /// ```swift
    /// let result = Inspector.diff(oldPaths: ["main.ditrace"], newPaths: ["branch.ditrace"], format: .markdown,
    ///                             failOn: [.newCycle, .scopeChange])
    /// ```
    public static func diff(
        oldPaths: [String], newPaths: [String], format: DiffReport.Format = .text,
        options: TraceDiff.Options = TraceDiff.Options(), failOn: Set<TraceDiff.ChangeKind> = []
    ) -> CommandResult {
        let old: TraceInputs
        let new: TraceInputs
        do {
            old = try TraceInputs.read(oldPaths)
            new = try TraceInputs.read(newPaths)
        } catch {
            return failure(error)
        }
        let diff = TraceDiff(old: old.analysis, new: new.analysis, options: options)
        let labels = (TraceInputs.label(oldPaths), TraceInputs.label(newPaths))
        let rendered = DiffReport.render(diff, format: format, labels: labels, failOn: failOn)
        // Names from the traces reach a terminal, a CI log or a comment in every format but JSON (kept exact).
        let output = format == .json ? rendered : TerminalEscaping.escape(rendered, keepingNewlines: true)
        return CommandResult(
            exitCode: diff.changes(of: failOn).isEmpty ? exitSuccess : exitProblems, output: Data(output.utf8),
            diagnostics: render(old.warnings + new.warnings))
    }

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
                : TerminalEscaping.escape(CriticalPathReport.text(path, analysis: inputs.analysis), keepingNewlines: true)
            return CommandResult(exitCode: exitSuccess, output: Data(text.utf8))
        }
    }

    /// `di-inspect report TRACE… -o FILE`: writes the self-contained HTML report (see ``HTMLReport``).
    ///
    /// Exit code 0, or 2 when a trace cannot be read or the file cannot be written. A graph Graphviz cannot
    /// lay out is left out of the page with a note, and the rest is still written.
    ///
    /// ```swift
    /// let result = Inspector.report(tracePaths: ["app.ditrace"], outputPath: "report.html")
    /// ```
    public static func report(
        tracePaths: [String], outputPath: String, options: HTMLReport.Options = HTMLReport.Options()
    ) -> CommandResult {
        withTraces(tracePaths) { inputs in
            let html = HTMLReport.render(inputs.analysis, title: TraceInputs.label(inputs.files), options: options)
            if outputPath == "-" { return CommandResult(exitCode: exitSuccess, output: Data(html.utf8)) }
            do {
                try OutputFile.write(Data(html.utf8), to: outputPath)
            } catch {
                return failure(error)
            }
            return CommandResult(exitCode: exitSuccess, output: Data("Wrote \(outputPath).\n".utf8))
        }
    }

    /// The `--focus`-style error for a query that matches no factory of `trace`, or `nil` when one matches.
    static func unmatched(_ query: String, in trace: Trace) -> InspectorError? {
        guard !trace.factories.contains(where: { FactoryMatcher.matches(query, $0) }) else { return nil }
        return .focusNotFound(query: query, suggestions: FactoryMatcher.closeMatches(for: query, in: trace.factories))
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
