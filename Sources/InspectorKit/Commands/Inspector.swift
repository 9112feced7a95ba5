import Foundation
import TraceVocabulary

/// The `di-inspect` subcommands as functions: each reads its inputs, does the work, and returns
/// a ``CommandResult`` (output, diagnostics, exit code) without printing or exiting.
///
/// The executable only parses arguments, calls one of these, writes the streams and exits, so
/// tests exercise the exact behaviour (including exit codes) by calling them directly.
///
/// ```swift
/// let result = Inspector.dump(tracePath: "app.ditrace")
/// FileHandle.standardOutput.write(result.output)
/// exit(result.exitCode)
/// ```
public enum Inspector {
    /// Exit code: success, or `check` found nothing.
    public static let exitSuccess: Int32 = 0
    /// Exit code: `check` found problems.
    public static let exitProblems: Int32 = 1
    /// Exit code: bad input or usage.
    public static let exitBadInput: Int32 = 2

    /// `di-inspect dump TRACE…`: the JSON snapshot (see ``DumpReport``) of the traces (files or directories,
    /// analysed as one, each record naming its file); for one scan result, the scan again.
    ///
    /// Exit code 0, or 2 if a trace cannot be read.
    ///
    /// ```swift
    /// let json = Inspector.dump(tracePaths: ["traces/"]).outputText
    /// ```
    public static func dump(tracePaths: [String]) -> CommandResult {
        withInputs(tracePaths, streaming: ResolutionFacts.Options(keepsPercentiles: false)) { analysis, inputs in
            let text: String
            switch inputs {
            case .traces(let traces):
                text = DumpReport.render(
                    analysis, sources: zip(traces.files, traces.containerOffsets).map { ($0, $1) })
            case .scan(let model): text = StaticModelWriter.render(model)
            }
            return CommandResult(exitCode: exitSuccess, output: Data(text.utf8))
        }
    }

    /// ``dump(tracePaths:)`` of one trace.
    ///
    /// ```swift
    /// let json = Inspector.dump(tracePath: "app.ditrace").outputText
    /// ```
    public static func dump(tracePath: String) -> CommandResult { dump(tracePaths: [tracePath]) }

    /// `di-inspect check TRACE…`: every problem in each trace.
    ///
    /// Exit code 0 when all traces are clean, 1 when any problem was found, 2 when any trace could not be read
    /// (the others are still checked). `slowMilliseconds` turns on the slow-resolver check; a value that is not a
    /// number from 0 to ``TraceChecker/Options/maximumSlowMilliseconds`` is exit code 2.
    /// `mainThreadMilliseconds` is the main-thread frame budget (`nil` turns that check off). With
    /// `scanPath` (see ``checkScan(_:path:analyses:)``) the traces are joined to a scan of the sources. `strict`
    /// reports every problem as an error. `captiveScopes` also reports `.shared` and `.unique` instances kept by
    /// cached ones (``TraceChecker/Options/reportsScopeCaptures``). `style` colours text output.
    ///
    /// ```swift
    /// let result = Inspector.check(tracePaths: ["a.ditrace", "b.ditrace"], format: .github, slowMilliseconds: 5)
    /// ```
    public static func check(
        tracePaths: [String], format: CheckReport.Format = .text, slowMilliseconds: Double? = nil,
        mainThreadMilliseconds: Double? = 16, scanPath: String? = nil, strict: Bool = false, captiveScopes: Bool = false,
        style: TextStyle = .plain
    ) -> CommandResult {
        var diagnostics = ""
        var outcomes: [CheckReport.Outcome] = []
        var options = TraceChecker.Options(
            mainThreadThresholdNanoseconds: mainThreadMilliseconds.map(nanoseconds(milliseconds:)),
            reportsScopeCaptures: captiveScopes)
        if let slowMilliseconds {
            guard let threshold = TraceChecker.Options.slowThreshold(milliseconds: slowMilliseconds) else {
                return failure(InspectorError.invalidSlowMilliseconds(slowMilliseconds))
            }
            options.slowThresholdNanoseconds = threshold
        }
        let join: StaticJoin?
        do {
            join = try scanPath.map { StaticJoin(model: try StaticModelReader.read(path: $0)) }
        } catch {
            return failure(error)
        }
        // A directory stands for the traces in it, each checked on its own like a file named alone.
        var files: [String] = []
        for path in tracePaths {
            do {
                files += try TraceInputs.expand(path)
            } catch {
                return failure(error)
            }
        }
        for path in files {
            do {
                // Joined to a scan, the trace is renamed and its resolution tree is needed; otherwise it streams.
                let result =
                    try join == nil
                    ? TraceReader.analyze(
                        path: path,
                        options: .init(
                            mainThreadThresholdNanoseconds: options.mainThreadThresholdNanoseconds,
                            keepsPercentiles: false))
                    : TraceReader.read(path: path)
                diagnostics += render(result.warnings)
                let analysis = join.map { TraceAnalysis(trace: $0.naming(result.trace)) } ?? result.analysis
                var problems = TraceChecker.check(analysis, options: options)
                if let join { problems += ScanChecker.check(analysis, join: join) }
                if strict { for index in problems.indices { problems[index].isError = true } }
                outcomes.append(.init(path: path, problems: problems, analysis: analysis, warnings: result.warnings))
            } catch {
                diagnostics += "error: \(TerminalEscaping.escape(error.description))\n"
                outcomes.append(.init(path: path, error: error))
            }
        }
        if let join, let scanPath {
            outcomes.append(checkScan(join, path: scanPath, analyses: outcomes.compactMap(\.analysis)))
        }
        let output = CheckReport.render(outcomes, format: format, style: style)
        let exitCode: Int32 =
            outcomes.contains { $0.error != nil }
            ? exitBadInput : (outcomes.contains { !$0.problems.isEmpty } ? exitProblems : exitSuccess)
        return CommandResult(exitCode: exitCode, output: Data(output.utf8), diagnostics: diagnostics)
    }

    /// `di-inspect graph TRACE [-o FILE]`: renders the dependency graph and writes it to `outputPath`;
    /// without one (or with `-`), to standard output, returned in ``CommandResult/output``.
    ///
    /// `format` overrides `options.format`; without it the format comes from the file extension (DOT on
    /// standard output, as Graphviz's `dot` writes). PNG and PDF are refused on standard output when
    /// `standardOutputIsTerminal`. Notices (collapsed to modules, factories left out, a layout that fell
    /// back) go to ``CommandResult/diagnostics``. Exit code 0, or 2 on a bad trace, an unknown focus,
    /// test or container, a render or write failure.
    ///
    /// ```swift
    /// let result = Inspector.graph(tracePath: "app.ditrace", outputPath: "graph.svg", format: nil,
    ///                              options: GraphOptions(clustering: .scope))
    /// ```
    public static func graph(
        tracePath: String, outputPath: String? = nil, format: GraphOptions.Format? = nil,
        options: GraphOptions = GraphOptions(), standardOutputIsTerminal: Bool = false
    ) -> CommandResult {
        graph(
            tracePaths: [tracePath], outputPath: outputPath, format: format, options: options,
            standardOutputIsTerminal: standardOutputIsTerminal)
    }

    /// ``graph(tracePath:outputPath:format:options:standardOutputIsTerminal:)`` of several traces (files or
    /// directories) analysed as one.
    ///
    /// ```swift
    /// let result = Inspector.graph(tracePaths: ["traces/"], outputPath: "graph.svg")
    /// ```
    public static func graph(
        tracePaths: [String], outputPath: String? = nil, format: GraphOptions.Format? = nil,
        options: GraphOptions = GraphOptions(), standardOutputIsTerminal: Bool = false
    ) -> CommandResult {
        var options = options
        let toStandardOutput = outputPath == nil || outputPath == "-"
        if let format {
            options.format = format
        } else if toStandardOutput {
            options.format = .dot
        } else if let outputPath, let inferred = GraphOptions.Format(path: outputPath) {
            options.format = inferred
        } else {
            return failure(InspectorError.unknownOutputFormat(path: outputPath ?? "-"))
        }
        if toStandardOutput && standardOutputIsTerminal && (options.format == .png || options.format == .pdf) {
            return failure(InspectorError.binaryOutputToTerminal(format: options.format.rawValue))
        }
        // Filtered to tests or containers, the graph is made from the resolutions kept; otherwise they stream.
        let filtered = options.test != nil || options.container != nil
        return withInputs(tracePaths, streaming: filtered ? nil : ResolutionFacts.Options(keepsPercentiles: false)) {
            analysis, _ in
            let data: Data
            var notices: [String] = []
            do {
                data = try renderGraph(DependencyGraph(analysis: analysis, options: options), notices: &notices)
            } catch {
                return failure(error)
            }
            let diagnostics = notices.map { $0 + "\n" }.joined()
            guard let outputPath, outputPath != "-" else {
                return CommandResult(exitCode: exitSuccess, output: data, diagnostics: diagnostics)
            }
            do {
                try OutputFile.write(data, to: outputPath)
            } catch {
                var result = failure(error)
                result.diagnostics = diagnostics + result.diagnostics
                return result
            }
            return CommandResult(
                exitCode: exitSuccess, output: Data("Wrote \(outputPath).\n".utf8), diagnostics: diagnostics)
        }
    }

    /// `di-inspect stats TRACE…`: the per-factory table (see ``StatsReport``), or JSON, of the traces (files or
    /// directories, analysed as one).
    ///
    /// Exit code 0, or 2 if a trace cannot be read.
    ///
    /// ```swift
    /// let table = Inspector.stats(tracePaths: ["app.ditrace"]).outputText
    /// ```
    public static func stats(tracePaths: [String], json: Bool = false) -> CommandResult {
        withInputs(tracePaths, streaming: ResolutionFacts.Options(mainThreadThresholdNanoseconds: nil)) { analysis, _ in
            let text = json ? StatsReport.json(analysis) : StatsReport.text(analysis)
            return CommandResult(exitCode: exitSuccess, output: Data(text.utf8))
        }
    }

    /// ``stats(tracePaths:json:)`` of one trace.
    ///
    /// ```swift
    /// let table = Inspector.stats(tracePath: "app.ditrace").outputText
    /// ```
    public static func stats(tracePath: String, json: Bool = false) -> CommandResult {
        stats(tracePaths: [tracePath], json: json)
    }

    /// `di-inspect trace TRACE`: the indented resolution tree (see ``renderResolutionTree(_:filter:)-(Trace,_)``),
    /// coloured by `style`.
    ///
    /// Exit code 0, or 2 if the trace cannot be read or `--factory` matches no factory (the error suggests
    /// close names, as `graph --focus` does).
    ///
    /// ```swift
    /// let tree = Inspector.trace(tracePath: "app.ditrace", filter: ResolutionTreeFilter(test: "placesOrder"))
    /// ```
    public static func trace(
        tracePath: String, filter: ResolutionTreeFilter = ResolutionTreeFilter(), style: TextStyle = .plain
    ) -> CommandResult {
        trace(tracePaths: [tracePath], filter: filter, style: style)
    }

    /// ``trace(tracePath:filter:style:)`` of several traces (files or directories) analysed as one: each process's
    /// resolution trees, one after another.
    ///
    /// ```swift
    /// let tree = Inspector.trace(tracePaths: ["traces/"])
    /// ```
    public static func trace(
        tracePaths: [String], filter: ResolutionTreeFilter = ResolutionTreeFilter(), style: TextStyle = .plain
    ) -> CommandResult {
        withInputs(tracePaths) { analysis, _ in
            if let query = filter.factory, let error = unmatched(query, in: analysis.trace) { return failure(error) }
            let tree = renderResolutionTree(analysis, filter: filter, style: style)
            return CommandResult(exitCode: exitSuccess, output: Data(tree.utf8))
        }
    }

    /// `di-inspect record -o TRACE -- COMMAND ARGS…`: runs the command with recording on, then summarises.
    ///
    /// The child's own output goes straight to the terminal; the summary is returned in
    /// ``CommandResult/diagnostics`` (standard error). The exit code is the child's, or 2 if it could
    /// not be started or `tracePath` cannot take the trace (see ``CommandRecorder/run(command:arguments:tracePath:force:environment:)``).
    ///
    /// ```swift
    /// let result = Inspector.record(tracePath: "tests.ditrace", command: ["swift", "test"])
    /// ```
    public static func record(tracePath: String, command: [String], force: Bool = false) -> CommandResult {
        guard let executable = command.first else {
            return CommandResult(
                exitCode: exitBadInput,
                diagnostics: "error: No command to record; write it after `--`, as in "
                    + "`di-inspect record -o app.ditrace -- ./App`.\n")
        }
        let recording: CommandRecorder.Recording
        do {
            recording = try CommandRecorder.run(
                command: executable, arguments: Array(command.dropFirst()), tracePath: tracePath, force: force)
        } catch {
            return failure(error)
        }
        let status = recording.exitStatus
        guard recording.wroteTrace else {
            return CommandResult(
                exitCode: status,
                diagnostics: "warning: \(executable) exited with \(status) and wrote no trace to \(tracePath) "
                    + "(left as it was); does it link DependencyInjection, and does it run any resolution?\n")
        }
        do {
            let result = try TraceReader.read(path: tracePath)
            let summary = RecordSummary.render(
                TraceAnalysis(trace: result.trace), tracePath: tracePath, exitCode: status)
            return CommandResult(exitCode: status, diagnostics: render(result.warnings) + summary)
        } catch {
            return CommandResult(exitCode: status, diagnostics: "warning: \(TerminalEscaping.escape(error.description))\n")
        }
    }

    /// The exit code for an error a subcommand met: 2 (bad input or usage) for every error InspectorKit throws.
    ///
    /// Anything else (an unexpected error) is also 2.
    ///
    /// ```swift
    /// Inspector.exitCode(for: TraceReadError.empty(path: "x"))   // 2
    /// ```
    public static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case let error as InspectorError: error.exitCode
        default: exitBadInput
        }
    }

    // MARK: Helpers

    /// What a command read: traces (files and directories, analysed as one), or one scan result.
    private enum Inputs {
        case traces(TraceInputs)
        case scan(StaticModel)
    }

    /// Reads `paths` (trace files and directories, or one scan result, see ``ModelInput``) and runs `body` on the
    /// analysis; with `streaming`, each trace's resolutions are folded while it is read rather than kept
    /// (``TraceInputs/read(_:streaming:)``). Reader warnings go before the command's own diagnostics.
    private static func withInputs(
        _ paths: [String], streaming: ResolutionFacts.Options? = nil, _ body: (TraceAnalysis, Inputs) -> CommandResult
    ) -> CommandResult {
        do {
            if paths.count == 1, ModelInput.looksLikeScan(path: paths[0]) {
                let model = try StaticModelReader.read(path: paths[0])
                return body(model.analysis, .scan(model))
            }
            let inputs = try TraceInputs.read(paths, streaming: streaming)
            var commandResult = body(inputs.analysis, .traces(inputs))
            commandResult.diagnostics = render(inputs.warnings) + commandResult.diagnostics
            return commandResult
        } catch {
            return failure(error)
        }
    }

    /// Diagnostics carry text from traces (event names, factory names), so they go through ``TerminalEscaping``.
    static func failure(_ error: any Error) -> CommandResult {
        CommandResult(exitCode: exitCode(for: error), diagnostics: "error: \(TerminalEscaping.escape("\(error)"))\n")
    }

    static func render(_ warnings: [TraceWarning]) -> String {
        warnings.map { "warning: \(TerminalEscaping.escape($0.description))\n" }.joined()
    }
}
