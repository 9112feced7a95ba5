/// The `di-inspect dump` JSON snapshot of a trace.
///
/// One JSON object with `header` (its `arguments` only when the trace recorded them), `complete`, `factories` (with statistics), `edges`,
/// `registrations`, `containers` and `issues` (every problem ``TraceChecker`` finds with default
/// options). Keys are sorted and arrays ordered by id (or time), so the output is deterministic.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: trace)
/// print(DumpReport.render(analysis))
/// ```
public enum DumpReport {
    /// Renders the snapshot as pretty-printed JSON.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// let json = DumpReport.render(analysis)
    /// ```
    public static func render(_ analysis: TraceAnalysis) -> String {
        render(analysis, sources: [])
    }

    /// ``render(_:)`` for several traces analysed as one: `sources` lists each file with the offset its container
    /// ids got (``Trace/merged(_:containerCeilings:resolutionCeilings:)``). With more than one, the snapshot gains
    /// `traces` (each file's path, pid and executable) and every container, registration and issue a `trace`: the
    /// index of the file it came from.
    package static func render(_ analysis: TraceAnalysis, sources: [(path: String, containerOffset: Int)]) -> String {
        let trace = analysis.trace
        let offsets = sources.map(\.containerOffset)
        /// The index of the source whose container ids hold `container`, when there are several sources.
        func source(of container: Int) -> JSONOutput? {
            guard sources.count > 1 else { return nil }
            let index = (offsets.lastIndex { $0 < container }) ?? 0
            return .int(index)
        }
        let problems = TraceChecker.check(analysis)
        let header = trace.header
        var headerObject: [String: JSONOutput] = [
            "version": .int(header.version), "pid": .int(header.pid), "executable": .string(header.executable),
            "argumentCount": .optional(header.argumentCount), "startTime": .string(header.startTime),
        ]
        // The arguments only when the trace holds them: they can be secrets, recorded only on request.
        if let arguments = header.arguments { headerObject["arguments"] = .array(arguments.map { .string($0) }) }
        var fields: [String: JSONOutput] = [
            "format": .string("di-inspect-dump"),
            "version": .int(1),
            "header": .object(headerObject),
            "complete": .bool(trace.endTime != nil),
            "factories": .array(
                zip(trace.factories, analysis.statistics).map { JSONOutput.factory($0, $1) }),
            "edges": .array(
                analysis.edges.map { .object(["from": .int($0.from), "to": .int($0.to), "count": .int($0.count)]) }),
            "registrations": .array(
                trace.registrations.map {
                    var object: [String: JSONOutput] = [
                        "action": .string($0.action.rawValue), "factory": .int($0.factory),
                        "container": .int($0.container), "file": .string($0.file), "line": .int($0.line),
                        "depth": .int($0.depth), "t": .unsigned($0.time),
                    ]
                    object["trace"] = source(of: $0.container)
                    return .object(object)
                }),
            "containers": .array(
                trace.containers.map {
                    var object: [String: JSONOutput] = [
                        "id": .int($0.id), "kind": .string($0.kind.rawValue), "parent": .optional($0.parent),
                        "file": .string($0.file), "line": .int($0.line), "function": .string($0.function),
                        "test": .optional($0.test), "t": .unsigned($0.time), "endT": .optional($0.endTime),
                    ]
                    object["trace"] = source(of: $0.id)
                    return .object(object)
                }),
            "issues": .array(
                problems.map { problem in
                    guard case .object(var object) = JSONOutput.problem(problem) else { return .null }
                    if let container = problem.container { object["trace"] = source(of: container) }
                    return .object(object)
                }),
        ]
        if sources.count > 1 {
            fields["traces"] = .array(sources.map { .object(["path": .string($0.path)]) })
        }
        let object: JSONOutput = .object(fields)
        return object.rendered() + "\n"
    }
}
