/// Finds instances a cached instance keeps for its whole lifetime although they were meant to live less long.
///
/// While a `.cached` factory's resolver runs (a `created` resolution), everything it resolves is a
/// child resolution, and the cached instance usually keeps what it resolved. Always reported:
/// - an instance resolved in a test container by a cached instance of a container outside any test:
///   the test's instance outlives the test and leaks into later resolutions.
/// Reported when `scopes` is set (`check --captive-scopes`), because keeping them is usually intended:
/// - a `.shared` dependency: it is weakly cached so that it goes away when nobody holds it, and now
///   the cached instance always does;
/// - a `.unique` dependency: every resolution is meant to get a new instance, and this one is kept.
/// One warning per (cached factory, dependency) pair, counting repeats.
///
/// ```swift
/// let captures = CaptiveDependencyCheck.problems(in: analysis, scopes: false)
/// ```
enum CaptiveDependencyCheck {
    private struct Key: Hashable {
        var cached: Int
        var dependency: Int
        var crossesTest: Bool
    }

    static func problems(in analysis: TraceAnalysis, scopes: Bool) -> [Problem] {
        let trace = analysis.trace
        var testCache: [Int: Bool] = [:]
        func isTest(_ container: Int) -> Bool {
            if let known = testCache[container] { return known }
            let value = analysis.isInTestContainer(container)
            testCache[container] = value
            return value
        }
        var order: [Key] = []
        var found: [Key: Problem] = [:]
        for capture in analysis.facts.captures.values.sorted(by: { $0.sequence < $1.sequence }) {
            guard trace.factory(id: capture.holder).scope == .cached else { continue }
            let dependency = trace.factory(id: capture.dependency)
            let crossesTest =
                capture.holderContainer != capture.dependencyContainer && !isTest(capture.holderContainer)
                && isTest(capture.dependencyContainer)
            guard crossesTest || (scopes && dependency.isDeclared && dependency.scope != .cached) else { continue }
            let key = Key(cached: capture.holder, dependency: capture.dependency, crossesTest: crossesTest)
            if found[key] != nil {
                found[key]!.occurrences += capture.occurrences
                continue
            }
            order.append(key)
            var problem = problem(capture, crossesTest: crossesTest, trace: trace)
            problem.occurrences = capture.occurrences
            found[key] = problem
        }
        return order.map { found[$0]! }
    }

    private static func problem(_ capture: ResolutionFacts.Capture, crossesTest: Bool, trace: Trace) -> Problem {
        let cached = trace.factory(id: capture.holder)
        let dependency = trace.factory(id: capture.dependency)
        let message: String
        if crossesTest {
            let test = trace.container(id: capture.dependencyContainer)?.test.map { " (test \($0))" } ?? ""
            message =
                "The cached \(cached.displayName) created in container \(capture.holderContainer), outside any test, "
                + "keeps the \(dependency.displayName) it resolved in test container \(capture.dependencyContainer)\(test): the "
                + "test's instance outlives the test, and later resolutions of \(cached.displayName) get it."
        } else if dependency.scope == .shared {
            message =
                "The cached \(cached.displayName) keeps the .shared \(dependency.displayName) it resolved while being "
                + "created, so that instance is never released while the cached one lives: the weak .shared "
                + "scope is defeated."
        } else {
            message =
                "The cached \(cached.displayName) keeps the .unique \(dependency.displayName) it resolved while being "
                + "created: every resolution of \(dependency.displayName) is meant to get a new instance, but this "
                + "one lives as long as the cached instance."
        }
        return Problem(
            kind: .captiveDependency, factory: capture.holder, container: capture.holderContainer, path: capture.path,
            message: message,
            hint: crossesTest
                ? "Keep the test's instances inside the test: resolve \(cached.displayName) in the test container "
                    + "too, or reset it (resetCache) when the test ends." : nil,
            sites: [
                SourceSite(label: "cached factory declared at", file: cached.file, line: cached.line),
                SourceSite(label: "dependency declared at", file: dependency.file, line: dependency.line),
            ],
            time: capture.dependencyStart)
    }
}
