/// Turns the runtime's `issue` events into problems, merging repeats of the same issue.
enum RuntimeIssueCheck {
    private struct Key: Hashable {
        var kind: IssueRecord.Kind
        var factory: Int
        var path: [Int]
        var file: String
        var line: Int
    }

    static func problems(in analysis: TraceAnalysis) -> [Problem] {
        var order: [Key] = []
        var merged: [Key: Problem] = [:]
        for issue in analysis.trace.issues {
            let key = Key(kind: issue.kind, factory: issue.factory, path: issue.path, file: issue.file, line: issue.line)
            if merged[key] != nil {
                merged[key]!.occurrences += 1
                continue
            }
            order.append(key)
            merged[key] = Problem(
                kind: ProblemKind(issue.kind), factory: issue.factory, container: issue.container, path: issue.path,
                message: issue.message,
                sites: [SourceSite(label: "resolved from", file: issue.file, line: issue.line, function: issue.function)],
                time: issue.time)
        }
        return order.map { merged[$0]! }
    }
}
