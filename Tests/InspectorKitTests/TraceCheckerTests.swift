import InspectorKit
import Testing

@Suite("TraceChecker")
struct TraceCheckerTests {
    @Test("a healthy graph has no problems")
    func healthyTrace() throws {
        #expect(TraceChecker.check(try Fixtures.analysis("healthy.ditrace")).isEmpty)
    }

    @Test("the app graph has no problems; with --captive-scopes, the cached service keeps a shared store and a unique clock")
    func cleanTrace() throws {
        #expect(TraceChecker.check(try Fixtures.analysis("clean.ditrace")).isEmpty)
        let options = TraceChecker.Options(reportsScopeCaptures: true)
        let problems = TraceChecker.check(try Fixtures.analysis("clean.ditrace"), options: options)
        #expect(problems.allSatisfy { $0.kind == .captiveDependency && !$0.kind.isError })
        #expect(problems.map(\.path) == [[1, 2, 3], [1, 2, 5], [1, 4, 5]])
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

    @Test("reports slow resolvers by self time, only over the threshold, and only when asked")
    func slowResolvers() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        let slow = { (threshold: UInt64?) in
            TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: threshold)).filter { $0.kind == .slowResolver }
        }
        #expect(slow(nil).isEmpty)
        // AppCoordinating takes 2.60 ms, but 2.50 ms of it is LLMEngine's: only LLMEngine is slow itself.
        let problems = slow(1_000_000)
        #expect(problems.map(\.kind) == [.slowResolver])
        #expect(Set(problems.map(\.factory)) == [4])
        #expect(problems.allSatisfy { !$0.kind.isError })
    }

    @Test("problem kinds have stable ids")
    func stableIDs() {
        #expect(ProblemKind.allCases.map(\.rawValue) == [
            "cycle", "unregistered", "leaked", "escaped", "late", "stalled", "unused-test-registration",
            "stale-singleton", "slow-resolver", "captive-dependency", "main-thread-blocking", "hidden-dependency",
            "never-resolved", "would-be-unregistered",
        ])
    }

    @Test("check exits 0 when clean, 1 with problems")
    func exitCodes() {
        #expect(Inspector.check(tracePaths: ["healthy.ditrace".fixturePath]).exitCode == 0)
        #expect(Inspector.check(tracePaths: ["cycle.ditrace".fixturePath]).exitCode == 1)
        #expect(Inspector.check(tracePaths: ["healthy.ditrace".fixturePath], slowMilliseconds: 0.001).exitCode == 1)
        #expect(Inspector.check(tracePaths: ["healthy.ditrace".fixturePath], slowMilliseconds: 10).exitCode == 0)
        #expect(Inspector.check(tracePaths: ["healthy.ditrace".fixturePath], mainThreadMilliseconds: 0).exitCode == 1)
    }
}
