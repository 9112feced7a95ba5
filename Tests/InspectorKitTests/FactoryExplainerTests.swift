import Foundation
import InspectorKit
import Testing

@Suite("Why: paths, containers, suppliers and dependents of a factory")
struct FactoryExplainerTests {
    /// Screen → App → Service → Clock in the default container (Clock again from cache under App), then a test
    /// container with overrides of Service and Clock, an unused test default of Logger, and Clock's override
    /// popped and replaced by useProduction().
    static func trace() -> (trace: Trace, screen: Int, app: Int, service: Int, clock: Int, logger: Int) {
        var b = TraceBuilder()
        let screen = b.factory("any Screen")
        let app = b.factory("any App")
        let service = b.factory("any Service")
        let clock = b.factory("any Clock", module: "Time")
        let logger = b.factory("any Logger", scope: .unique)
        let r1 = b.resolve(screen, start: 0, ns: 10_000)
        let r2 = b.resolve(app, parent: r1, start: 100, ns: 9_000)
        let r3 = b.resolve(service, parent: r2, start: 200, ns: 5_000)
        b.resolve(clock, parent: r3, start: 300, ns: 1_000)
        b.resolve(clock, parent: r2, outcome: .cacheHit, start: 6_000, ns: 100)
        b.resolve(logger, start: 20_000, ns: 500)
        let test = b.testContainer("OrderTests/placesOrder()")
        b.register(clock, in: test, line: 14, at: 100_000)
        b.register(logger, .testDefault, in: test, line: 15, at: 100_001)
        b.register(service, in: test, line: 16, at: 100_002)
        let r7 = b.resolve(service, container: test, source: .override, start: 110_000, ns: 3_000)
        b.resolve(clock, parent: r7, container: test, source: .override, start: 111_000, ns: 1_000)
        b.register(clock, .pop, in: test, line: 18, at: 200_000)
        b.register(clock, .useProduction, in: test, line: 17, at: 200_001)
        b.resolve(clock, container: test, source: .useProduction, start: 210_000, ns: 800)
        return (b.trace, screen, app, service, clock, logger)
    }

    @Test("every distinct path from a top-level resolution, with counts and outcomes")
    func paths() {
        let (trace, screen, app, service, clock, _) = Self.trace()
        let explanation = FactoryExplainer(analysis: TraceAnalysis(trace: trace)).explain(factory: clock)
        #expect(
            explanation.paths.map(\.factories) == [
                [clock], [service, clock], [screen, app, clock], [screen, app, service, clock],
            ])
        #expect(explanation.paths.map(\.count) == [1, 1, 1, 1])
        #expect(explanation.paths[2].cacheHits == 1)
        #expect(explanation.containers.map(\.container) == [1, 2])
        #expect(explanation.containers[0].created == 1 && explanation.containers[0].cacheHits == 1)
        #expect(explanation.containers[1].sources == [.override, .useProduction])
    }

    @Test("which registration supplied each resolution: production, override, useProduction, with call sites")
    func suppliers() {
        let (trace, _, _, service, clock, logger) = Self.trace()
        let explainer = FactoryExplainer(analysis: TraceAnalysis(trace: trace))
        let clockSuppliers = explainer.explain(factory: clock).suppliers
        #expect(clockSuppliers.map(\.kind) == [.production, .override, .useProduction])
        #expect(clockSuppliers.map(\.resolutions) == [2, 1, 1])
        #expect(clockSuppliers.map { $0.registration?.line } == [nil, 14, 17])
        #expect(clockSuppliers[1].containers == [2])
        #expect(explainer.explain(factory: service).suppliers.map { $0.registration?.line } == [nil, 16])
        let loggerExplanation = explainer.explain(factory: logger)
        #expect(loggerExplanation.unusedRegistrations.map(\.line) == [15])
        #expect(loggerExplanation.unusedRegistrations.first?.action == .testDefault)
    }

    @Test("dependents, direct with edge counts and transitive with distances")
    func dependents() {
        let (trace, screen, app, service, clock, _) = Self.trace()
        let explanation = FactoryExplainer(analysis: TraceAnalysis(trace: trace)).explain(factory: clock)
        #expect(explanation.directDependents.map(\.factory) == [service, app])
        #expect(explanation.directDependents.map(\.count) == [2, 1])
        #expect(explanation.transitiveDependents.map(\.factory) == [app, service, screen])
        #expect(explanation.transitiveDependents.map(\.distance) == [1, 1, 2])
        #expect(explanation.transitiveDependents.map(\.count) == [2, 2, 2])
        #expect(
            FactoryExplainer(analysis: TraceAnalysis(trace: trace)).explain(factory: screen).directDependents.isEmpty)
    }

    @Test("why as text names paths, tests, registrations and dependents")
    func text() {
        let (trace, _, _, _, clock, _) = Self.trace()
        let analysis = TraceAnalysis(trace: trace)
        let text = WhyReport.text([FactoryExplainer(analysis: analysis).explain(factory: clock)], analysis: analysis)
        #expect(text.hasPrefix("any Clock  Time/Factories.swift:40 · cached · sync\n"))
        #expect(text.contains("  ×1  any Screen → any App → any Service → any Clock  (1 created)\n"))
        #expect(text.contains(#"container 2 (test "OrderTests/placesOrder()"): 2 created · override, useProduction"#))
        #expect(
            text.contains("override registered at AppTests/Tests.swift:14: 1 resolution (1 created) in container 2"))
        #expect(text.contains("useProduction() at AppTests/Tests.swift:17"))
        #expect(text.contains("dependents (who depends on it): 2 direct, 3 in all\n"))
        #expect(text.contains("any Screen  2 edges away, above 2 resolutions of it"))
        let limited = WhyReport.text(
            [FactoryExplainer(analysis: analysis).explain(factory: clock)], analysis: analysis, limit: 1)
        #expect(limited.contains("… and 3 more paths (--limit 0 shows all)"))
    }

    @Test("why as JSON lists everything and describes every factory it refers to")
    func json() throws {
        let (trace, _, _, _, clock, _) = Self.trace()
        let analysis = TraceAnalysis(trace: trace)
        let text = WhyReport.json(
            [FactoryExplainer(analysis: analysis).explain(factory: clock)], analysis: analysis, query: "Clock")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "Clock")
        let factory = try #require((object["factories"] as? [[String: Any]])?.first)
        #expect((factory["paths"] as? [Any])?.count == 4)
        let suppliers = try #require(factory["suppliers"] as? [[String: Any]])
        #expect(suppliers.map { $0["kind"] as? String } == ["production", "override", "useProduction"])
        let dependents = try #require(factory["dependents"] as? [String: Any])
        #expect((dependents["transitive"] as? [Any])?.count == 3)
        #expect((object["referencedFactories"] as? [Any])?.count == 4)
    }

    @Test("why and trace --factory match as graph --focus does, and suggest names when nothing matches")
    func matching() {
        let clean = "clean.ditrace".fixturePath
        #expect(Inspector.why(tracePaths: [clean], factory: "calendarservicing").exitCode == 0)
        #expect(Inspector.why(tracePaths: [clean], factory: "CalendarService/CalendarService.swift:12").exitCode == 0)
        #expect(Inspector.why(tracePaths: [clean], factory: "CalendarService.swift:12").exitCode == 0)
        let missing = Inspector.why(tracePaths: [clean], factory: "CalendarServic")
        #expect(missing.exitCode == 2)
        #expect(missing.output.isEmpty)
        #expect(missing.diagnostics.contains(#"did you mean "any CalendarServicing"?"#))
        let wrongLine = Inspector.why(tracePaths: [clean], factory: "CalendarService.swift:13")
        #expect(wrongLine.exitCode == 2)
        #expect(wrongLine.diagnostics.contains(#""CalendarService/CalendarService.swift:12""#))
        let tree = Inspector.trace(tracePath: clean, filter: ResolutionTreeFilter(factory: "CalendarServic"))
        #expect(tree.exitCode == 2)
        #expect(tree.diagnostics == missing.diagnostics)
        #expect(Inspector.trace(tracePath: clean, filter: ResolutionTreeFilter(factory: "sqlite")).exitCode == 0)
    }
}
