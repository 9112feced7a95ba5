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
        let containers = Dictionary(analysis.trace.containers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for issue in analysis.trace.issues {
            let key = Key(kind: issue.kind, factory: issue.factory, path: issue.path, file: issue.file, line: issue.line)
            if merged[key] != nil {
                merged[key]!.occurrences += 1
                continue
            }
            order.append(key)
            var problem = Problem(
                kind: ProblemKind(issue.kind), factory: issue.factory, container: issue.container, path: issue.path,
                message: issue.message,
                sites: [SourceSite(label: "resolved from", file: issue.file, line: issue.line, function: issue.function)],
                time: issue.time)
            if issue.kind == .late || issue.kind == .leaked {
                problem.startedByTest = issue.test ?? testName(ofContainer: issue.container, in: containers)
                problem.afterTestEnded = issue.afterEnd
            }
            merged[key] = problem
        }
        return order.map { merged[$0]! }
    }

    /// The test name of the nearest test container at or above `id`.
    private static func testName(ofContainer id: Int, in byID: [Int: ContainerRecord]) -> String? {
        var cursor = byID[id]
        var steps = 0
        while let container = cursor, steps <= byID.count {
            if let test = container.test { return test }
            cursor = container.parent.flatMap { byID[$0] }
            steps += 1
        }
        return nil
    }
}
