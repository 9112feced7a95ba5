/// Finds dependencies a trace shows that the scanned sources do not: factory A's resolver resolved B at
/// runtime, both are declared in the scan, and A's resolver (its closure, or an injected property of a
/// type it constructs) does not show B. Such a resolution goes through a closure, a protocol or a
/// helper the scan cannot follow. Resolutions under a registered override are left out: the override's
/// closure is not the declared resolver.
enum HiddenDependencyCheck {
    private struct Key: Hashable {
        var from: Int
        var to: Int
    }

    static func problems(in analysis: TraceAnalysis, join: StaticJoin) -> [Problem] {
        let trace = analysis.trace
        let ids = join.scanIDs(in: trace)
        guard !ids.isEmpty else { return [] }
        let declared = Set(join.model.edges.map { Key(from: $0.from, to: $0.to) })
        let resolutions = trace.resolutions
        var order: [Key] = []
        var seen: [Key: (count: Int, start: UInt64)] = [:]
        for index in resolutions.indices {
            let parentPosition = Int(analysis.parentIndex[index])
            guard parentPosition >= 0 else { continue }
            let parent = resolutions[parentPosition]
            let child = resolutions[index]
            guard parent.source != .override, let from = ids[parent.factory], let to = ids[child.factory],
                !declared.contains(Key(from: from, to: to))
            else { continue }
            let key = Key(from: parent.factory, to: child.factory)
            if let known = seen[key] {
                seen[key] = (known.count + 1, min(known.start, child.start))
            } else {
                order.append(key)
                seen[key] = (1, child.start)
            }
        }
        return order.map { key in
            let entry = seen[key]!
            let resolver = trace.factory(id: key.from)
            let dependency = trace.factory(id: key.to)
            return Problem(
                kind: .hiddenDependency, factory: key.from, path: [key.from, key.to],
                message: "\(resolver.displayName) resolved \(dependency.displayName) at runtime, but its resolver in "
                    + "the scanned sources does not (no call in its closure, no injected property of a type it "
                    + "constructs): the resolution goes through a closure, a protocol or a helper the scan cannot follow.",
                sites: [
                    SourceSite(label: "resolver declared at", file: resolver.file, line: resolver.line),
                    SourceSite(label: "dependency declared at", file: dependency.file, line: dependency.line),
                ],
                occurrences: entry.count, time: entry.start)
        }
    }
}
