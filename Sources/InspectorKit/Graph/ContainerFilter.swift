/// Restricts a trace to what some containers resolved, for `graph --test NAME` and `--container ID`.
///
/// A selected container brings the containers nested in it (a test's `withNestedContainer` blocks).
/// Factories and containers are all kept, so that ids and names still resolve; resolutions,
/// registrations and issues of other containers are dropped.
enum ContainerFilter {
    /// The containers `options` selects, nested ones included; `nil` when neither `--test` nor
    /// `--container` is given.
    ///
    /// Throws ``InspectorError/testNotFound(query:suggestions:)`` or
    /// ``InspectorError/containerNotFound(id:known:)`` when nothing matches.
    static func selection(in trace: Trace, options: GraphOptions) throws(InspectorError) -> Set<Int>? {
        guard options.test != nil || options.container != nil else { return nil }
        var roots = Set(trace.containers.map(\.id))
        if let id = options.container {
            guard trace.container(id: id) != nil || trace.resolutions.contains(where: { $0.container == id }) else {
                throw .containerNotFound(id: id, known: trace.containers.map(\.id))
            }
            roots = [id]
        }
        if let query = options.test {
            let matching = trace.containers.filter { $0.test?.lowercased().contains(query.lowercased()) == true }
            guard !matching.isEmpty else {
                throw .testNotFound(query: query, suggestions: suggestions(for: query, in: trace))
            }
            roots.formIntersection(matching.map(\.id))
            if roots.isEmpty {
                throw .testNotFound(query: query, suggestions: [])
            }
        }
        var selected = roots
        var grew = true
        while grew {
            grew = false
            for container in trace.containers where !selected.contains(container.id) {
                if let parent = container.parent, selected.contains(parent) {
                    selected.insert(container.id)
                    grew = true
                }
            }
        }
        return selected
    }

    /// `trace` with only the resolutions, registrations and issues of `containers`.
    static func restrict(_ trace: Trace, to containers: Set<Int>) -> Trace {
        var ends: [Int: UInt64] = [:]
        for container in trace.containers { if let end = container.endTime { ends[container.id] = end } }
        return Trace(
            header: trace.header, factories: trace.factories.filter(\.isDeclared), containers: trace.containers,
            containerEnds: ends, registrations: trace.registrations.filter { containers.contains($0.container) },
            resolutions: trace.resolutions.filter { containers.contains($0.container) },
            issues: trace.issues.filter { containers.contains($0.container) }, endTime: trace.endTime)
    }

    /// Up to five test names that share a word with `query`, or the first five tests.
    private static func suggestions(for query: String, in trace: Trace) -> [String] {
        let tests = Array(Set(trace.containers.compactMap(\.test))).sorted()
        let words = query.lowercased().split { !$0.isLetter && !$0.isNumber }.filter { $0.count >= 3 }
        let close = tests.filter { test in words.contains { test.lowercased().contains($0) } }
        return Array((close.isEmpty ? tests : close).prefix(5))
    }
}
