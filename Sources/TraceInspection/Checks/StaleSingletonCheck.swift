/// Finds cached instances that hold a dependency which was re-registered after they were created.
///
/// A `.cached` factory A created in container C, whose creation resolved B, is stale when B later
/// gets a new resolver (`push`, `testDefault` or `useProduction`) in C or an ancestor of C: the
/// cached A still holds the old B.
enum StaleSingletonCheck {
    static func problems(in analysis: TraceAnalysis) -> [Problem] {
        let trace = analysis.trace
        var changes: [Int: [RegistrationRecord]] = [:]
        for registration in trace.registrations where registration.action != .pop {
            changes[registration.factory, default: []].append(registration)
        }
        guard !changes.isEmpty else { return [] }

        var lineageCache: [Int: [Int]] = [:]
        var problems: [Problem] = []
        // Each (cached factory, container, dependency) once, at the dependency's earliest resolution there.
        let holdings = analysis.facts.holdings.sorted {
            ($0.key.holder, $0.key.container, $0.key.dependency) < ($1.key.holder, $1.key.container, $1.key.dependency)
        }
        for (holding, start) in holdings {
            guard let candidates = changes[holding.dependency], trace.factory(id: holding.holder).scope == .cached else {
                continue
            }
            let lineage: [Int]
            if let cached = lineageCache[holding.container] {
                lineage = cached
            } else {
                lineage = trace.containerLineage(holding.container)
                lineageCache[holding.container] = lineage
            }
            guard let registration = candidates.first(where: { $0.time > start && lineage.contains($0.container) })
            else { continue }
            let cached = trace.factory(id: holding.holder)
            let dependency = trace.factory(id: holding.dependency)
            problems.append(
                Problem(
                    kind: .staleSingleton, factory: holding.holder, container: holding.container,
                    path: [holding.holder, holding.dependency],
                    message: "The cached \(cached.displayName) was created in container \(holding.container) "
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
        return problems
    }
}
