import TraceVocabulary

/// Renders the problems `di-inspect check` found, as text for people, JSON for machines, or
/// GitHub Actions annotations.
///
/// Text shows each problem with its kind's stable id, the message, the resolution path (type and
/// declaration site per step), the relevant source sites and a hint.
///
/// ```swift
/// let problems = TraceChecker.check(analysis)
/// print(CheckReport.text(problems, analysis: analysis, path: "app.ditrace"))
/// ```
public enum CheckReport {
    /// The output formats of `check`.
    ///
    /// Chosen with `--format`.
    ///
    /// ```swift
    /// CheckReport.Format(rawValue: "github")
    /// ```
    public enum Format: String, Sendable, CaseIterable {
        /// Text for people (the default).
        case text
        /// One JSON object for machines.
        case json
        /// `::error file=…,line=…::message` lines for GitHub Actions.
        case github
    }

    /// The result of checking one trace file: its problems and warnings, or why it could not be read.
    ///
    /// The CLI makes one per argument.
    ///
    /// ```swift
    /// let outcome = CheckReport.Outcome(path: "app.ditrace", problems: problems, analysis: analysis)
    /// ```
    public struct Outcome: Sendable {
        /// The trace file's path.
        public var path: String
        /// Problems found (empty on error).
        public var problems: [Problem]
        /// The analysis, when the trace could be read.
        public var analysis: TraceAnalysis?
        /// Reader warnings.
        public var warnings: [TraceWarning]
        /// Why the trace could not be read, if it could not.
        public var error: TraceReadError?

        /// Creates an outcome.
        ///
        /// Pass `error` (and no analysis) for a trace that could not be read.
        ///
        /// ```swift
        /// CheckReport.Outcome(path: "bad.ditrace", error: .empty(path: "bad.ditrace"))
        /// ```
        public init(
            path: String, problems: [Problem] = [], analysis: TraceAnalysis? = nil, warnings: [TraceWarning] = [],
            error: TraceReadError? = nil
        ) {
            self.path = path
            self.problems = problems
            self.analysis = analysis
            self.warnings = warnings
            self.error = error
        }
    }

    /// Renders several outcomes in `format`.
    ///
    /// Read errors are left out of text and GitHub output (the CLI prints them on standard error)
    /// but included in JSON.
    ///
    /// ```swift
    /// let output = CheckReport.render([outcome], format: .json)
    /// ```
    public static func render(_ outcomes: [Outcome], format: Format, style: TextStyle = .plain) -> String {
        switch format {
        case .text:
            return outcomes.compactMap { outcome in
                outcome.analysis.map { text(outcome.problems, analysis: $0, path: outcome.path, style: style) }
            }.joined(separator: "\n")
        case .github:
            return outcomes.compactMap { outcome in
                outcome.analysis.map { github(outcome.problems, analysis: $0) }
            }.joined()
        case .json:
            return json(outcomes)
        }
    }

    /// Text for people: every problem with its path, sites and hint, then a one-line summary.
    ///
    /// Ends with a newline. Text from the trace goes through ``TerminalEscaping`` (messages keep their line breaks);
    /// `style` colours the headings (``TextStyle/forStandardOutput(environment:isTerminal:)`` on a terminal).
    ///
    /// ```swift
    /// print(CheckReport.text(problems, analysis: analysis, path: "app.ditrace"), terminator: "")
    /// ```
    public static func text(_ problems: [Problem], analysis: TraceAnalysis, path: String, style: TextStyle = .plain) -> String {
        let trace = analysis.trace
        var output = ""
        for problem in problems {
            let heading = "\(problem.isError ? "error" : "warning")[\(problem.kind.rawValue)]"
            let message = TerminalEscaping.escape(problem.message, keepingNewlines: true)
            output += "\(problem.isError ? style.error(heading) : style.warning(heading)): \(message)\n"
            if let primary = problem.sites.first {
                output += "  \(style.location("-->")) \(TerminalEscaping.escape(primary.file)):\(primary.line)\n"
            }
            if !problem.path.isEmpty {
                output += "  resolution path (outermost first):\n"
                let names = problem.path.map { TerminalEscaping.escape(trace.factory(id: $0).displayName) }
                let width = names.map(\.count).max() ?? 0
                for (step, id) in problem.path.enumerated() {
                    let factory = trace.factory(id: id)
                    let name = names[step].padded(to: width)
                    let site = factory.isDeclared ? TerminalEscaping.escape(factory.site) : "(not declared in this trace)"
                    output += "    \(step + 1). \(name)  \(site)\n"
                }
            }
            for site in problem.sites { output += "  \(TerminalEscaping.escape(site.description))\n" }
            if problem.occurrences > 1 { output += "  seen \(problem.occurrences) times\n" }
            output += "  \(style.hint("hint:")) \(TerminalEscaping.escape(problem.hint, keepingNewlines: true))\n\n"
        }
        output += outlivedTests(problems)
        output += style.strong(summary(problems, analysis: analysis, path: path)) + "\n"
        return output
    }

    /// Late and leaked resolutions grouped by the test that started the work, with each call site and how long
    /// after that test ended it ran; empty when there are none.
    static func outlivedTests(_ problems: [Problem]) -> String {
        let outlived = problems.filter { $0.kind == .late || $0.kind == .leaked }
        guard !outlived.isEmpty else { return "" }
        var order: [String] = []
        var byTest: [String: [Problem]] = [:]
        for problem in outlived {
            let test = problem.startedByTest ?? "(a test container without a test name)"
            if byTest[test] == nil { order.append(test) }
            byTest[test, default: []].append(problem)
        }
        var output = "Work that outlived the test that started it:\n"
        for test in order {
            output += "  test \(TerminalEscaping.escape(test))\n"
            for problem in byTest[test] ?? [] {
                let site = problem.sites.first.map { "\(TerminalEscaping.escape($0.file)):\($0.line)" } ?? "unknown call site"
                let after = problem.afterTestEnded.map { ", \(Duration.format($0)) after it ended" } ?? ""
                output += "    \(problem.kind.rawValue) at \(site)\(after)\n"
            }
        }
        return output + "\n"
    }

    /// GitHub Actions workflow commands, one line per problem.
    ///
    /// File paths are the `#fileID`s the runtime recorded (`Module/File.swift`). Messages and properties go through
    /// ``GitHubEscaping``, so nothing from the trace can end a line and start a command of its own.
    ///
    /// ```swift
    /// print(CheckReport.github(problems, analysis: analysis), terminator: "")
    /// ```
    public static func github(_ problems: [Problem], analysis: TraceAnalysis) -> String {
        var output = ""
        for problem in problems {
            let command = problem.isError ? "error" : "warning"
            var properties: [String] = []
            if let site = problem.sites.first {
                properties.append("file=\(GitHubEscaping.property(site.file))")
                properties.append("line=\(site.line)")
            }
            properties.append("title=\(GitHubEscaping.property("di-inspect \(problem.kind.rawValue)"))")
            var message = problem.message
            if problem.path.count > 1 {
                let steps = problem.path.map { id -> String in
                    let factory = analysis.trace.factory(id: id)
                    return "\(factory.displayName) (\(factory.site))"
                }
                message += "\nPath: " + steps.joined(separator: " → ")
            }
            message += "\n" + problem.hint
            output += "::\(command) \(properties.joined(separator: ","))::\(GitHubEscaping.message(message))\n"
        }
        return output
    }

    private static func json(_ outcomes: [Outcome]) -> String {
        let traces: [JSONOutput] = outcomes.map { outcome in
            .object([
                "file": .string(outcome.path),
                "error": .optional(outcome.error?.description),
                "warnings": .array(outcome.warnings.map { .string($0.description) }),
                "problems": .array(outcome.problems.map { JSONOutput.problem($0) }),
            ])
        }
        let total = outcomes.reduce(0) { $0 + $1.problems.count }
        return JSONOutput.object(["traces": .array(traces), "problemCount": .int(total)]).rendered() + "\n"
    }

    static func summary(_ problems: [Problem], analysis: TraceAnalysis, path: String) -> String {
        let trace = analysis.trace
        if problems.isEmpty {
            return "No problems in \(TerminalEscaping.escape(path)) (\(trace.factories.count) factories, "
                + "\(analysis.resolutionCount) resolutions)."
        }
        var counts: [ProblemKind: Int] = [:]
        for problem in problems { counts[problem.kind, default: 0] += 1 }
        let parts = counts.keys.sorted().map { "\(counts[$0]!) \($0.rawValue)" }
        let noun = problems.count == 1 ? "problem" : "problems"
        return "\(problems.count) \(noun) in \(TerminalEscaping.escape(path)): \(parts.joined(separator: ", "))."
    }
}

extension String {
    /// Pads or leaves the string so it is at least `width` characters wide.
    package func padded(to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - count))
        return right ? padding + self : self + padding
    }
}
