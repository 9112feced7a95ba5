/// Finds factories registered for a test (a `push` or `testDefault` in a test container) that
/// were never resolved through an override in that container or its descendants afterwards.
///
/// Linear in registrations and overridden factories per container up to a logarithm (``ResolutionFacts`` keeps
/// the latest override resolution of each factory in each container): they are sorted
/// by their container's place in the container tree, so "an override at or after this time, in this container's
/// subtree" is one range-maximum query per registration.
enum UnusedTestRegistrationCheck {
    static func problems(in analysis: TraceAnalysis) -> [Problem] {
        let trace = analysis.trace
        let tree = ContainerTree(trace)

        let candidates = trace.registrations.filter {
            ($0.action == .push || $0.action == .testDefault) && tree.isInTest[$0.container] == true
        }
        guard !candidates.isEmpty else { return [] }
        let factories = Set(candidates.map(\.factory))

        // The latest override resolution of each candidate factory in each container, as (container entry
        // number, start), by entry number.
        var overrides: [Int: [(entry: Int, start: UInt64)]] = [:]
        for (key, start) in analysis.facts.latestOverride where factories.contains(key.factory) {
            overrides[key.factory, default: []].append((tree.entry[key.container] ?? -1, start))
        }
        var latest: [Int: (entries: [Int], maximum: RangeMaximum)] = [:]
        for (factory, list) in overrides {
            let sorted = list.sorted { $0.entry < $1.entry }
            latest[factory] = (sorted.map(\.entry), RangeMaximum(sorted.map(\.start)))
        }

        var problems: [Problem] = []
        var reported = Set<[Int]>()
        for registration in candidates {
            if let (entries, maximum) = latest[registration.factory],
                let start = tree.entry[registration.container], let end = tree.exit[registration.container],
                let latestStart = maximum.largest(in: lowerBound(entries, start)..<lowerBound(entries, end + 1)),
                latestStart >= registration.time
            {
                continue
            }
            let key = [registration.factory, registration.container, registration.line]
            if !reported.insert(key).inserted { continue }
            problems.append(problem(for: registration, in: trace))
        }
        return problems
    }

    /// The first index of `sorted` whose value is at least `value`.
    private static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func problem(for registration: RegistrationRecord, in trace: Trace) -> Problem {
        let factory = trace.factory(id: registration.factory)
        let container = trace.container(id: registration.container)
        let testName = container?.test.map { " (test \($0))" } ?? ""
        let what = registration.action == .testDefault ? "given a test default" : "registered"
        var sites = [SourceSite(label: "registered at", file: registration.file, line: registration.line)]
        if let container {
            sites.append(
                SourceSite(
                    label: "test container created at", file: container.file, line: container.line,
                    function: container.function))
        }
        sites.append(SourceSite(label: "factory declared at", file: factory.file, line: factory.line))
        return Problem(
            kind: .unusedTestRegistration, factory: registration.factory, container: registration.container,
            path: [registration.factory],
            message: "\(factory.displayName) was \(what) at \(registration.site) in test container "
                + "\(registration.container)\(testName), but nothing resolved it through that registration "
                + "afterwards.",
            sites: sites, time: registration.time)
    }
}
