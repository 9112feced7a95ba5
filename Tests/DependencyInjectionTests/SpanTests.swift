import DependencyInjection
import Foundation
import InMemoryTracing
import Synchronization
import Testing
import TestSupport
import Tracing

private struct DatabaseDown: Error, CustomStringConvertible {
    var description: String { "the database is down" }
}

extension Container {
    fileprivate static let spanLeaf = Factory(name: "span leaf") { Service("leaf") }
    fileprivate static let spanMiddle = Factory(name: "span middle") { () -> Service in
        _ = Container.spanLeaf()
        return Service("middle")
    }
    fileprivate static let spanRoot = Factory(scope: .cached, name: "span root") { () -> Service in
        _ = Container.spanMiddle()
        return Service("root")
    }
    fileprivate static let asyncLeaf = Factory(name: "async leaf") { () async -> Service in
        await Task.yield()
        return Service("async leaf")
    }
    fileprivate static let failingDatabase = Factory(name: "failing database") { () async throws -> Service in
        throw DatabaseDown()
    }
    fileprivate static let asyncRoot = Factory(name: "async root") { () async throws -> Service in
        async let leaf = Container.asyncLeaf()
        _ = await leaf
        _ = try await Container.failingDatabase()
        return Service("async root")
    }
    fileprivate static let unregisteredInTest = Factory(name: "unregistered in test") { () throws -> Service in Service("x") }
    fileprivate static let slowChild = Factory(name: "slow child") { () -> Service in
        Thread.sleep(forTimeInterval: 0.03)
        return Service("slow")
    }
    fileprivate static let fastChild = Factory(name: "fast child") { Service("fast") }
    fileprivate static let slowParent = Factory(name: "slow parent") { () -> Service in
        _ = Container.fastChild()
        _ = Container.slowChild()
        return Service("parent")
    }
    fileprivate static let stopsSpansInside = Factory(name: "stops spans inside") { () -> Service in
        _ = Container.spanLeaf()
        TraceRecording.stopSpans()
        return Service("stopped")
    }
    fileprivate static let connectingDatabase = Factory(name: "connecting database") { () -> Service in
        SpanTestTracer.current.withLock { $0 }?.withSpan("connect") { _ in }
        _ = Container.spanLeaf()
        return Service("database")
    }
    fileprivate static let asyncConnectingDatabase = Factory(name: "async connecting database") { () async -> Service in
        let tracer = SpanTestTracer.current.withLock { $0 }
        await tracer?.withSpan("async connect") { _ in await Task.yield() }
        return Service("database")
    }
    fileprivate static let tracerDependency = Factory(name: "tracer dependency") { 42 }
    fileprivate static let stressLeaf = Factory(name: "stress leaf") { () async -> Int in
        await Task.yield()
        return 1
    }
    fileprivate static let stressRoot = Factory(name: "stress root") { () async -> Int in
        async let a = Container.stressLeaf()
        async let b = Container.stressLeaf()
        return await a + b
    }
}

/// The tracer of the running test, for resolvers that start spans of their own (the suite is serialized).
private enum SpanTestTracer {
    static let current = Mutex<InMemoryTracer?>(nil)
}

/// The finished spans of the trace `root` is in, by id.
private func spans(under root: FinishedInMemorySpan, in tracer: InMemoryTracer) -> [String: FinishedInMemorySpan] {
    Dictionary(
        tracer.finishedSpans.filter { $0.traceID == root.traceID }.map { ($0.spanID, $0) },
        uniquingKeysWith: { first, _ in first })
}

private func span(named name: String, in spans: [String: FinishedInMemorySpan]) throws -> FinishedInMemorySpan {
    try #require(spans.values.first { $0.operationName == name }, "no span named \(name) in \(spans.values.map(\.operationName))")
}

private func string(_ span: FinishedInMemorySpan, _ key: String) -> String? {
    if case .string(let value)? = span.attributes[key]?.toSpanAttribute() { return value }
    return nil
}

private func integer(_ span: FinishedInMemorySpan, _ key: String) -> Int64? {
    switch span.attributes[key]?.toSpanAttribute() {
    case .int64(let value)?: value
    case .int32(let value)?: Int64(value)
    default: nil
    }
}

/// Runs `body` in the default container with spans going to a new in-memory tracer, inside a `request` span; returns
/// the request's span and the tracer.
private func withResolutionSpans(
    minimumDuration: Duration = .zero, includingCacheHits: Bool = false,
    _ body: () async throws -> Void
) async throws -> (request: FinishedInMemorySpan, tracer: InMemoryTracer) {
    let tracer = InMemoryTracer()
    SpanTestTracer.current.withLock { $0 = tracer }
    TraceRecording.startSpans(minimumDuration: minimumDuration, includingCacheHits: includingCacheHits, tracer: tracer)
    defer {
        TraceRecording.stopSpans()
        SpanTestTracer.current.withLock { $0 = nil }
    }
    // Bound explicitly: a resolution with no container bound while other tests' test containers are active escapes.
    try await tracer.withSpan("request") { _ in try await withContainer(Container.default) { try await body() } }
    let request = try #require(tracer.finishedSpans.first { $0.operationName == "request" })
    return (request, tracer)
}

@Suite("Resolution spans", .serialized)
struct SpanTests {
    @Test("nested synchronous resolutions are nested spans under the caller's span, with the di.* attributes")
    func synchronousTree() async throws {
        let (request, tracer) = try await withResolutionSpans {
            Container.spanRoot.resetCache()
            _ = Container.spanRoot()
            _ = Container.spanRoot()   // a cache hit: no span by default
        }
        let all = spans(under: request, in: tracer)
        let root = try span(named: #"resolve Service "span root""#, in: all)
        let middle = try span(named: #"resolve Service "span middle""#, in: all)
        let leaf = try span(named: #"resolve Service "span leaf""#, in: all)
        #expect(all.count == 4)
        #expect(root.parentSpanID == request.spanID)
        #expect(middle.parentSpanID == root.spanID)
        #expect(leaf.parentSpanID == middle.spanID)
        #expect(root.startInstant.nanosecondsSinceEpoch <= middle.startInstant.nanosecondsSinceEpoch)
        #expect(middle.endInstant.nanosecondsSinceEpoch <= root.endInstant.nanosecondsSinceEpoch)
        #expect(request.startInstant.nanosecondsSinceEpoch <= root.startInstant.nanosecondsSinceEpoch)

        #expect(string(root, "di.factory.type") == "Service")
        #expect(string(root, "di.factory.name") == "span root")
        #expect(string(root, "di.factory.scope") == "cached")
        #expect(string(root, "di.factory.kind") == "sync")
        #expect(string(root, "di.factory.module") == "DependencyInjectionTests")
        #expect(string(root, "di.factory.site")?.hasPrefix("DependencyInjectionTests/SpanTests.swift:") == true)
        #expect(string(root, "di.resolution.outcome") == "created")
        #expect(string(root, "di.resolution.source") == "production")
        #expect(string(root, "di.container.kind") == "default")
        #expect(integer(root, "di.container.id") == 1)
        #expect(integer(root, "di.resolution.id") != nil)
        #expect(root.status == nil)
        #expect(tracer.activeSpans.filter { $0.traceID == request.traceID && $0.spanID != request.spanID }.isEmpty)
    }

    @Test("cache hits get spans when asked")
    func cacheHits() async throws {
        let (request, tracer) = try await withResolutionSpans(includingCacheHits: true) {
            _ = Container.spanRoot()
            _ = Container.spanRoot()
        }
        let roots = spans(under: request, in: tracer).values.filter { $0.operationName == #"resolve Service "span root""# }
        let hit = try #require(roots.first { string($0, "di.resolution.outcome") == "cacheHit" })
        #expect(hit.parentSpanID == request.spanID)
    }

    @Test("async resolutions nest across child tasks, and a failed one has an error status and the error")
    func asyncTreeWithFailure() async throws {
        let (request, tracer) = try await withResolutionSpans {
            await #expect(throws: DatabaseDown.self) { _ = try await Container.asyncRoot() }
        }
        let all = spans(under: request, in: tracer)
        let root = try span(named: #"resolve Service "async root""#, in: all)
        let leaf = try span(named: #"resolve Service "async leaf""#, in: all)
        let database = try span(named: #"resolve Service "failing database""#, in: all)
        #expect(root.parentSpanID == request.spanID)
        #expect(leaf.parentSpanID == root.spanID)
        #expect(database.parentSpanID == root.spanID)
        #expect(string(database, "di.factory.kind") == "asyncThrowing")
        #expect(string(database, "di.resolution.outcome") == "failed")
        #expect(database.status?.code == .error)
        #expect(database.status?.message == "the database is down")
        #expect(database.errors.count == 1)
        #expect(database.errors.first?.error is DatabaseDown)
        #expect(root.status?.code == .error)
        #expect(leaf.status == nil)
    }

    @Test("a resolution stopped by the runtime has the runtime's message as its status, and the test container's attributes")
    func runtimeIssue() async throws {
        let (request, tracer) = try await withResolutionSpans {
            withTestContainer {
                _ = #expect(throws: DependencyResolutionError.self) { _ = try Container.unregisteredInTest() }
            }
        }
        let failed = try span(named: #"resolve Service "unregistered in test""#, in: spans(under: request, in: tracer))
        #expect(string(failed, "di.resolution.outcome") == "failed")
        #expect(string(failed, "di.resolution.source") == "none")
        #expect(string(failed, "di.container.kind") == "test")
        #expect(failed.status?.code == .error)
        #expect(failed.status?.message?.contains("unregistered in test") == true)
    }

    @Test("below the minimum duration there is no span, unless a longer resolution ran inside")
    func minimumDuration() async throws {
        let (request, tracer) = try await withResolutionSpans(minimumDuration: .milliseconds(20)) {
            _ = Container.slowParent()
        }
        let all = spans(under: request, in: tracer)
        let parent = try span(named: #"resolve Service "slow parent""#, in: all)
        let slow = try span(named: #"resolve Service "slow child""#, in: all)
        #expect(!all.values.contains { $0.operationName.contains("fast child") })
        #expect(parent.parentSpanID == request.spanID)
        #expect(slow.parentSpanID == parent.spanID)
        #expect(parent.startInstant.nanosecondsSinceEpoch <= slow.startInstant.nanosecondsSinceEpoch)
        #expect(slow.endInstant.nanosecondsSinceEpoch <= parent.endInstant.nanosecondsSinceEpoch)
        #expect(slow.endInstant.nanosecondsSinceEpoch - slow.startInstant.nanosecondsSinceEpoch >= 20_000_000)
    }

    @Test("a tracer that resolves dependencies itself does not deadlock, and its resolutions get no spans")
    func reentrantTracer() async throws {
        let inner = InMemoryTracer()
        let tracer = ResolvingTracer(inner: inner)
        TraceRecording.startSpans(tracer: tracer)
        defer { TraceRecording.stopSpans() }
        inner.withSpan("request") { _ in withContainer(Container.default) { _ = Container.spanMiddle() } }
        #expect(tracer.resolutions.count >= 2)
        let names = inner.finishedSpans.map(\.operationName)
        #expect(names.contains(#"resolve Service "span middle""#))
        #expect(!names.contains { $0.contains("tracer dependency") })
    }

    @Test("stress: 200 concurrent async trees end every span, each under its own parent")
    func concurrentTrees() async throws {
        let (request, tracer) = try await withResolutionSpans {
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<200 { group.addTask { await Container.stressRoot() } }
                for await _ in group {}
            }
        }
        let all = spans(under: request, in: tracer)
        let roots = all.values.filter { $0.operationName == #"resolve Int "stress root""# }
        let leaves = all.values.filter { $0.operationName == #"resolve Int "stress leaf""# }
        #expect(roots.count == 200)
        #expect(leaves.count == 400)
        #expect(roots.allSatisfy { $0.parentSpanID == request.spanID })
        let rootIDs = Set(roots.map(\.spanID))
        #expect(leaves.allSatisfy { $0.parentSpanID.map(rootIDs.contains) == true })
        #expect(Dictionary(grouping: leaves, by: { $0.parentSpanID ?? "" }).values.allSatisfy { $0.count == 2 })
        #expect(tracer.activeSpans.filter { $0.traceID == request.traceID && $0.spanID != request.spanID }.isEmpty)
    }

    @Test("a span made before spans were turned off is still ended when its resolution ends")
    func turnedOffMidResolution() async throws {
        let (request, tracer) = try await withResolutionSpans {
            _ = Container.stopsSpansInside()
        }
        let all = spans(under: request, in: tracer)
        let outer = try span(named: #"resolve Service "stops spans inside""#, in: all)
        let leaf = try span(named: #"resolve Service "span leaf""#, in: all)
        #expect(leaf.parentSpanID == outer.spanID)
        #expect(string(outer, "di.resolution.outcome") == "created")
        #expect(tracer.activeSpans.filter { $0.traceID == request.traceID && $0.spanID != request.spanID }.isEmpty)
    }

    @Test("spans a resolver's own code starts are children of its resolution's span (no minimum duration)")
    func resolverSpansNest() async throws {
        let (request, tracer) = try await withResolutionSpans {
            _ = Container.connectingDatabase()
            _ = await Container.asyncConnectingDatabase()
        }
        let all = spans(under: request, in: tracer)
        let database = try span(named: #"resolve Service "connecting database""#, in: all)
        let connect = try span(named: "connect", in: all)
        let leaf = try span(named: #"resolve Service "span leaf""#, in: all)
        #expect(connect.parentSpanID == database.spanID)
        #expect(leaf.parentSpanID == database.spanID)
        let asyncDatabase = try span(named: #"resolve Service "async connecting database""#, in: all)
        let asyncConnect = try span(named: "async connect", in: all)
        #expect(asyncConnect.parentSpanID == asyncDatabase.spanID)
        #expect(asyncDatabase.parentSpanID == request.spanID)
    }

    @Test("spans can be turned on and off")
    func onAndOff() {
        #expect(!TraceRecording.isStartingSpans)
        TraceRecording.startSpans()
        #expect(TraceRecording.isStartingSpans)
        TraceRecording.stopSpans()
        #expect(!TraceRecording.isStartingSpans)
    }
}

/// A tracer that resolves a dependency each time it starts a span, as a tracer built with the container could.
private struct ResolvingTracer: Tracer {
    let inner: InMemoryTracer
    let resolutions = Counter()

    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
        func increment() { value.add(1, ordering: .relaxed) }
    }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        _ = Container.tracerDependency()
        resolutions.increment()
        return inner.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    func forceFlush() {}

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {}

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {}
}
