/// Finds factories registered for a test (a `push` or `testDefault` in a test container) that
/// were never resolved through an override in that container or its descendants afterwards.
enum UnusedTestRegistrationCheck {
    static func problems(in analysis: TraceAnalysis) -> [Problem] {
        let trace = analysis.trace
        var lineageCache: [Int: [Int]] = [:]
        func lineage(_ container: Int) -> [Int] {
            if let cached = lineageCache[container] { return cached }
            let value = trace.containerLineage(container)
            lineageCache[container] = value
            return value
        }
        func isTestContainer(_ container: Int) -> Bool {
            lineage(container).contains { trace.container(id: $0)?.kind == .test }
        }

        let candidates = trace.registrations.filter {
            ($0.action == .push || $0.action == .testDefault) && isTestContainer($0.container)
        }
        guard !candidates.isEmpty else { return [] }
        let factories = Set(candidates.map(\.factory))

        // Override resolutions of the candidate factories: (container, start).
        var overrides: [Int: [(container: Int, start: UInt64)]] = [:]
        for resolution in trace.resolutions where resolution.source == .override && factories.contains(resolution.factory) {
            overrides[resolution.factory, default: []].append((resolution.container, resolution.start))
        }

        var problems: [Problem] = []
        var reported = Set<[Int]>()
        for registration in candidates {
            let used = overrides[registration.factory, default: []].contains {
                $0.start >= registration.time && lineage($0.container).contains(registration.container)
            }
            if used { continue }
            let key = [registration.factory, registration.container, registration.line]
            if !reported.insert(key).inserted { continue }
            let factory = trace.factory(id: registration.factory)
            let container = trace.container(id: registration.container)
            let testName = container?.test.map { " (test \($0))" } ?? ""
            let what = registration.action == .testDefault ? "given a test default" : "registered"
            var sites = [SourceSite(label: "registered at", file: registration.file, line: registration.line)]
            if let container {
                sites.append(SourceSite(label: "test container created at", file: container.file, line: container.line,
                                        function: container.function))
            }
            sites.append(SourceSite(label: "factory declared at", file: factory.file, line: factory.line))
            problems.append(
                Problem(
                    kind: .unusedTestRegistration, factory: registration.factory, container: registration.container,
                    path: [registration.factory],
                    message: "\(factory.displayName) was \(what) at \(registration.site) in test container "
                        + "\(registration.container)\(testName), but nothing resolved it through that registration "
                        + "afterwards.",
                    sites: sites, time: registration.time))
        }
        return problems
    }
}
