/// An error of a `di-inspect` command other than reading the trace.
///
/// Every case's ``description`` is a full sentence saying what happened and what to do; the CLI
/// prints it on standard error and exits with ``exitCode`` (2).
///
/// ```swift
/// do { _ = try renderGraph(analysis, options: options) } catch { print(error) }
/// ```
public enum InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The trace could not be read.
    case read(TraceReadError)
    /// `--focus` matched no factory.
    case focusNotFound(query: String, suggestions: [String])
    /// `--test` matched no test container.
    case testNotFound(query: String, suggestions: [String])
    /// `--container` named a container the trace does not have.
    case containerNotFound(id: Int, known: [Int])
    /// A binary format was asked for on standard output, and standard output is a terminal.
    case binaryOutputToTerminal(format: String)
    /// Graphviz failed to lay out or render the graph.
    case renderFailed(format: String, layout: String, reason: String)
    /// The output file could not be written.
    case cannotWrite(path: String, reason: String)
    /// An OTLP/HTTP endpoint could not be reached or refused the export.
    case endpoint(url: String, reason: String)
    /// A trace could not be turned into OTLP spans.
    case export(OTLPExport.Failure)
    /// The output format could not be told from `-o` and no `--format` was given.
    case unknownOutputFormat(path: String)
    /// `record` could not find the command in `PATH`.
    case commandNotFound(String)
    /// `record` was given a command path (with a `/`) where no file exists.
    case commandMissing(String)
    /// `record -o` names a directory.
    case outputIsDirectory(path: String)
    /// `record -o` names an existing file that is not a trace, or a symbolic link (`what` says which); `--force`
    /// replaces it.
    case outputNotATrace(path: String, what: String)
    /// `-o` names a directory, FIFO, device or socket (`kind`), which is never replaced.
    case outputNotAFile(path: String, kind: String)
    /// `check --slow-ms` is not a number of milliseconds `check` can use.
    case invalidSlowMilliseconds(Double)
    /// `record` could not start the command.
    case launchFailed(command: String, reason: String)
    /// A directory given as a trace holds no `.ditrace` files.
    case noTracesInDirectory(path: String)
    /// The container or resolution ids of the trace at `path` are too large to number after those of the traces
    /// before it (beginning with `first`), so the traces cannot be analysed as one.
    case idsTooLargeToCombine(path: String, first: String)

    /// The process exit code for this error: always 2 (bad input or usage).
    ///
    /// `check` uses 1 for problems found, so 2 keeps errors apart.
    ///
    /// ```swift
    /// exit(error.exitCode)
    /// ```
    public var exitCode: Int32 { 2 }

    /// One or two sentences for people: what happened, where, and what to do.
    ///
    /// Printed by the CLI after `error: `.
    ///
    /// ```swift
    /// print("error: \(error.description)")
    /// ```
    public var description: String {
        switch self {
        case .read(let error):
            return error.description
        case .focusNotFound(let query, let suggestions):
            if suggestions.isEmpty {
                return "No factory has the name or type \"\(query)\"; run `di-inspect stats TRACE` to list them."
            }
            let list = suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
            return "No factory has the name or type \"\(query)\"; did you mean \(list)?"
        case .testNotFound(let query, let suggestions):
            if suggestions.isEmpty {
                return "No test container has a test name containing \"\(query)\"; run `di-inspect trace TRACE` "
                    + "to list the tests."
            }
            let list = suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
            return "No test container has a test name containing \"\(query)\"; tests in this trace include \(list)."
        case .containerNotFound(let id, let known):
            let list = known.prefix(10).map(String.init).joined(separator: ", ")
            return "The trace has no container \(id); its containers are \(list)\(known.count > 10 ? ", …" : "") "
                + "(`di-inspect trace TRACE` shows what each one resolved)."
        case .binaryOutputToTerminal(let format):
            return "Not writing \(format.uppercased()) to the terminal; pass -o graph.\(format), or redirect standard "
                + "output to a file."
        case .renderFailed(let format, let layout, let reason):
            return "Graphviz could not render the graph as \(format) with the \(layout) layout (\(reason)); "
                + "try `--format dot` to see the graph source, or another `--layout`."
        case .cannotWrite(let path, let reason):
            return "Could not write \(path) (\(reason)); check that its folder exists and is writable."
        case .unknownOutputFormat(let path):
            let formats = GraphOptions.Format.allCases.map(\.rawValue).joined(separator: ", ")
            return "Cannot tell the output format from \"\(path)\"; give the file one of the extensions "
                + "\(formats), or pass --format."
        case .commandNotFound(let command):
            return "Command \"\(command)\" was not found in PATH; give its full path."
        case .commandMissing(let command):
            return "\(command): no such file; check the path of the command to record."
        case .outputIsDirectory(let path):
            return "\(path) is a directory; give the trace a file name, as in `-o \(path)/app.ditrace`."
        case .outputNotATrace(let path, let what):
            return "\(path) exists and is \(what); pass --force to replace it, or choose another -o path."
        case .endpoint(let url, let reason):
            return "Could not send the spans to \(url): \(reason). Check that an OTLP/HTTP receiver (an OpenTelemetry "
                + "Collector, Jaeger, Tempo) listens there, as in http://127.0.0.1:4318/v1/traces."
        case .export(let failure):
            return failure.description
        case .outputNotAFile(let path, let kind):
            return "\(path) is \(kind), not a file, and was left as it is; give -o the path of a file (an existing "
                + "file is replaced whole)."
        case .invalidSlowMilliseconds(let value):
            return "--slow-ms must be a number of milliseconds from 0 to "
                + "\(Int(TraceChecker.Options.maximumSlowMilliseconds)), not \(value)."
        case .launchFailed(let command, let reason):
            return "Could not start \"\(command)\" (\(reason)); check that it is an executable file."
        case .noTracesInDirectory(let path):
            return "\(path) is a directory with no .ditrace files in it; record into it first, or pass trace files."
        case .idsTooLargeToCombine(let path, let first):
            return "\(path): its container or resolution ids are too large to number after those of the traces "
                + "before it (from \(first)) without passing \(Int.max); analyse it on its own."
        }
    }
}
