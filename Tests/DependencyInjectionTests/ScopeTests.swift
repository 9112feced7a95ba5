import DependencyInjection
import Testing
import TestSupport

extension Container {
    fileprivate static let unique = Factory(scope: .unique) { Service("unique") }
    fileprivate static let cached = Factory(scope: .cached) { Service("cached") }
    fileprivate static let shared = Factory(scope: .shared) { Service("shared") }
    fileprivate static let sharedValue = Factory(scope: .shared) { 42 }
    fileprivate static let asyncCached = Factory(scope: .cached) { () async -> Service in Service("async cached") }
    fileprivate static let asyncShared = Factory(scope: .shared) { () async throws -> Service in Service("async shared") }
}

@Suite("Scopes")
struct ScopeTests {
    @Test("unique creates a new instance on every resolution")
    func unique() {
        withTestContainer {
            Container.unique.useProduction()
            #expect(Container.unique() !== Container.unique())
        }
    }

    @Test("cached creates one instance per container")
    func cached() {
        withTestContainer {
            let counter = Counter()
            Container.cached.register { counter.increment(); return Service() }
            let first = Container.cached()
            #expect(first === Container.cached())
            #expect(counter.count == 1)
        }
    }

    @Test("registering an override clears that factory's cache")
    func registerClearsCache() {
        withTestContainer {
            Container.cached.register { Service("old") }
            let old = Container.cached()
            Container.cached.register { Service("new") }
            let new = Container.cached()
            #expect(old !== new)
            #expect(new.label == "new")
            Container.cached.popRegistration()
            #expect(Container.cached().label == "old")
        }
    }

    @Test("shared is recreated after every outside reference is released")
    func sharedRecreated() {
        withTestContainer {
            let counter = Counter()
            Container.shared.register { counter.increment(); return Service() }
            var first: Service? = Container.shared()
            weak let weakFirst = first
            #expect(Container.shared() === first)
            #expect(counter.count == 1)
            first = nil
            #expect(weakFirst == nil)
            _ = Container.shared()
            #expect(counter.count == 2)
        }
    }

    @Test("shared value types behave like unique")
    func sharedValueType() {
        withTestContainer {
            let counter = Counter()
            Container.sharedValue.register { counter.increment() }
            #expect(Container.sharedValue() == 1)
            #expect(Container.sharedValue() == 2)
        }
    }

    @Test("concurrent async resolutions of a cached factory run the resolver once", arguments: [10, 500])
    func asyncDeduplication(concurrency: Int) async {
        await withTestContainer {
            let counter = Counter()
            Container.asyncCached.register {
                counter.increment()
                try? await Task.sleep(for: .milliseconds(20))
                return Service("deduplicated")
            }
            let instances = await withTaskGroup(of: Service.self) { group in
                for _ in 0..<concurrency { group.addTask { await Container.asyncCached() } }
                return await group.reduce(into: [Service]()) { $0.append($1) }
            }
            #expect(counter.count == 1)
            #expect(instances.count == concurrency)
            #expect(instances.allSatisfy { $0 === instances[0] })
        }
    }

    @Test("concurrent async resolutions of a shared throwing factory share one instance")
    func asyncSharedDeduplication() async throws {
        try await withTestContainer {
            let counter = Counter()
            Container.asyncShared.register {
                counter.increment()
                try await Task.sleep(for: .milliseconds(20))
                return Service()
            }
            let instances = try await withThrowingTaskGroup(of: Service.self) { group in
                for _ in 0..<50 { group.addTask { try await Container.asyncShared() } }
                return try await group.reduce(into: [Service]()) { $0.append($1) }
            }
            #expect(counter.count == 1)
            #expect(instances.allSatisfy { $0 === instances[0] })
        }
    }

    @Test("a failed async creation reaches every waiter and is not cached")
    func asyncFailureNotCached() async {
        await withTestContainer {
            let counter = Counter()
            let callers = Counter()
            Container.asyncShared.register {
                let attempt = counter.increment()
                // Fail only once every caller has asked (and, 20 ms on, is waiting on this creation), however
                // slowly a loaded machine starts the tasks.
                while callers.count < 20 { await Task.yield() }
                try await Task.sleep(for: .milliseconds(20))
                if attempt == 1 { throw FixtureError("first attempt fails") }
                return Service("second")
            }
            let results = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        callers.increment()
                        return (try? await Container.asyncShared()) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.allSatisfy { !$0 })
            #expect(counter.count == 1)
            #expect((try? await Container.asyncShared())?.label == "second")
        }
    }

    @Test("a test container's cached instances are freed when the test ends")
    func testCacheFreed() {
        weak var weakInstance: Service?
        withTestContainer {
            Container.cached.register { Service("per test") }
            let instance = Container.cached()
            weakInstance = instance
        }
        #expect(weakInstance == nil)
    }
}
