/// Finds cached instances that hold a dependency which was re-registered after they were created.
///
/// A `.cached` factory A created in container C, whose creation resolved B, is stale when B later
/// gets a new resolver (`push`, `testDefault` or `useProduction`) in C or an ancestor of C: the
/// cached A still holds the old B.
enum StaleSingletonCheck {
    private struct Key: Hashable {
        var cached: Int
        var container: Int
        var dependency: Int
    }

    static func problems(in analysis: TraceAnalysis) -> [Problem] {
        let trace = analysis.trace
        var changes: [Int: [RegistrationRecord]] = [:]
        for registration in trace.registrations where registration.action != .pop {
            changes[registration.factory, default: []].append(registration)
        }
        guard !changes.isEmpty else { return [] }

        var lineageCache: [Int: [Int]] = [:]
        var reported = Set<Key>()
        var problems: [Problem] = []
        let resolutions = trace.resolutions
        for index in resolutions.indices {
            let resolution = resolutions[index]
            guard resolution.outcome == .created, trace.factory(id: resolution.factory).scope == .cached else {
                continue
            }
            for childIndex in analysis.children(of: index) {
                let child = resolutions[Int(childIndex)]
                guard let candidates = changes[child.factory] else { continue }
                let lineage: [Int]
                if let cached = lineageCache[resolution.container] {
                    lineage = cached
                } else {
                    lineage = trace.containerLineage(resolution.container)
                    lineageCache[resolution.container] = lineage
                }
                guard
                    let registration = candidates.first(where: {
                        $0.time > child.start && lineage.contains($0.container)
                    })
                else { continue }
                let key = Key(cached: resolution.factory, container: resolution.container, dependency: child.factory)
                guard reported.insert(key).inserted else { continue }
                let cached = trace.factory(id: resolution.factory)
                let dependency = trace.factory(id: child.factory)
                problems.append(
                    Problem(
                        kind: .staleSingleton, factory: resolution.factory, container: resolution.container,
                        path: [resolution.factory, child.factory],
                        message: "The cached \(cached.displayName) was created in container \(resolution.container) "
                            + "with the \(dependency.displayName) resolved at that time; \(dependency.displayName) "
                            + "was registered again at \(registration.site) afterwards, so the cached instance still "
                            + "holds the old one.",
                        sites: [
                            SourceSite(label: "registered again at", file: registration.file, line: registration.line),
                            SourceSite(label: "cached factory declared at", file: cached.file, line: cached.line),
                            SourceSite(label: "dependency declared at", file: dependency.file, line: dependency.line),
                        ],
                        time: registration.time))
            }
        }
        return problems
    }
}
