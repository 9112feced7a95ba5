import InspectorKit
import Testing

@Suite("TraceChecker")
struct TraceCheckerTests {
    @Test("a clean app graph has no problems")
    func cleanTrace() throws {
        #expect(TraceChecker.check(try Fixtures.analysis("clean.ditrace")).isEmpty)
    }

    @Test("reports the runtime's cycle issue with its path, outermost first")
    func cycle() throws {
        let problems = TraceChecker.check(try Fixtures.analysis("cycle.ditrace"))
        #expect(problems.map(\.kind) == [.cycle])
        #expect(problems.first?.path == [1, 2, 1])
        #expect(problems.first?.sites.first == SourceSite(label: "resolved from", file: "App/main.swift", line: 20, function: "main()"))
    }

    @Test("reports unregistered and merges repeated leaked issues")
    func unregisteredAndLeaked() throws {
        let problems = TraceChecker.check(try Fixtures.analysis("unregistered-leaked.ditrace"))
        #expect(problems.map(\.kind) == [.unregistered, .leaked])
        #expect(problems[0].factory == 2)
        #expect(problems[0].path == [1, 2])
        #expect(problems[1].factory == 3)
        #expect(problems[1].occurrences == 2)
    }

    @Test("finds a stale singleton and an unused test registration")
    func staleAndUnused() throws {
        let problems = TraceChecker.check(try Fixtures.analysis("stale-unused.ditrace"))
        #expect(problems.map(\.kind) == [.unusedTestRegistration, .staleSingleton])
        let unused = problems[0]
        #expect(unused.factory == 3)
        #expect(unused.sites.first == SourceSite(label: "registered at", file: "ReportsTests/ReportTests.swift", line: 32))
        let stale = problems[1]
        #expect(stale.factory == 1)
        #expect(stale.path == [1, 2])
        #expect(stale.container == 2)
        #expect(stale.sites.first == SourceSite(label: "registered again at", file: "ReportsTests/ReportTests.swift", line: 36))
    }

    @Test("reports slow resolvers only over the threshold, and only when asked")
    func slowResolvers() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        #expect(TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: nil)).isEmpty)
        let problems = TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: 1_000_000))
        #expect(problems.map(\.kind) == [.slowResolver, .slowResolver])
        #expect(Set(problems.map(\.factory)) == [1, 4])
        #expect(problems.allSatisfy { !$0.kind.isError })
    }

    @Test("problem kinds have stable ids")
    func stableIDs() {
        #expect(ProblemKind.allCases.map(\.rawValue) == [
            "cycle", "unregistered", "leaked", "escaped", "late", "stalled", "unused-test-registration",
            "stale-singleton", "slow-resolver",
        ])
    }

    @Test("check exits 0 when clean, 1 with problems")
    func exitCodes() {
        #expect(Inspector.check(tracePaths: ["clean.ditrace".fixturePath]).exitCode == 0)
        #expect(Inspector.check(tracePaths: ["cycle.ditrace".fixturePath]).exitCode == 1)
        #expect(Inspector.check(tracePaths: ["clean.ditrace".fixturePath], slowMilliseconds: 1).exitCode == 1)
        #expect(Inspector.check(tracePaths: ["clean.ditrace".fixturePath], slowMilliseconds: 10).exitCode == 0)
    }
}
