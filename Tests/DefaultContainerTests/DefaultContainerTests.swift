import DependencyInjection
import Foundation
import Synchronization
import Testing
import TestSupport

// These tests use Container.default directly. Resolving against the default container while any test
// container is active stops the process (the seed's escape detection), so this target runs in its own
// process (`make test` runs it separately) and its tests run one at a time.

private protocol Logger: Sendable { var name: String { get } }
private struct ConsoleLogger: Logger { let name = "console" }
private struct FileLogger: Logger { let name = "file" }

extension Container {
    fileprivate static let logger = Factory { ConsoleLogger() as any Logger }
    fileprivate static let cached = Factory(scope: .cached) { Service("default") }
    fileprivate static let shared = Factory(scope: .shared) { Service("default shared") }
    fileprivate static let config = Factory { () throws -> String in "config" }
    fileprivate static let loopA: SyncThrowingFactory<Int> = Factory(name: "loopA") { () throws -> Int in try Container.loopB() }
    fileprivate static let loopB: SyncThrowingFactory<Int> = Factory(name: "loopB") { () throws -> Int in try Container.loopA() }
    fileprivate static let asyncCached = Factory(scope: .cached) { () async -> Service in Service("async default") }
    fileprivate static let released = Factory(scope: .cached) { Service("released") }
    fileprivate static let churned = Factory(scope: .cached) { Service("production") }
    fileprivate static let churnedShared = Factory(scope: .shared) { Service("shared") }
}

@Suite("Default container", .serialized)
struct DefaultContainerTests {
    @Test("outside any container, the current container is the default one")
    func currentIsDefault() {
        #expect(Container.current === Container.default)
    }

    @Test("manual registration stacking on the default container (the seed README's example)")
    func manualStacking() {
        #expect(Container.logger().name == "console")
        Container.logger.register { FileLogger() }
        #expect(Container.logger().name == "file")
        Container.logger.popRegistration()
        #expect(Container.logger().name == "console")
    }

    @Test("cached instances live in the default container across resolutions, and register clears them")
    func cachedInDefault() {
        let first = Container.cached()
        #expect(Container.cached() === first)
        Container.cached.register { Service("override") }
        #expect(Container.cached().label == "override")
        Container.cached.popRegistration()
        let afterPop = Container.cached()
        #expect(afterPop !== first)
        #expect(afterPop.label == "default")
    }

    @Test("a cached instance the cache let go of is freed: register, pop and recreation keep no old instance alive")
    func clearedCacheReleasesItsInstance() {
        weak var first: Service?
        weak var second: Service?
        do {
            let instance = Container.released()
            first = instance
        }
        #expect(first != nil, "the cache holds its instance")
        Container.released.register { Service("override") }
        #expect(first == nil, "register cleared the cache, and nothing else holds the old instance")
        do {
            let instance = Container.released()
            second = instance
            #expect(instance.label == "override")
        }
        Container.released.popRegistration()
        #expect(second == nil, "popRegistration cleared the cache")
        #expect(Container.released().label == "released")
    }

    @Test("resolving on four threads while a fifth registers, pops and recreates: every read sees a whole snapshot")
    func readsDuringChurn() async {
        // Each registration replaces the snapshot the readers use without a reference count; the replaced one is
        // freed as soon as no read can be using it. Under the thread sanitizer this is the test that would see
        // a reader touch a freed snapshot.
        let stop = StopFlag()
        let valid: Set<String> = ["production", "override", "shared"]
        let readers = DispatchGroup()
        // Threads of their own: readers that never suspend would starve the writer in the cooperative pool.
        for _ in 0..<4 {
            readers.enter()
            Thread.detachNewThread {
                while !stop.isSet {
                    if !valid.contains(Container.churned().label) { stop.countInvalid() }
                    if !valid.contains(Container.churnedShared().label) { stop.countInvalid() }
                }
                readers.leave()
            }
        }
        for round in 0..<1_000 {
            Container.churned.register { Service("override") }
            if round % 2 == 0 { _ = Container.churned() }
            Container.churned.popRegistration()
            _ = Container.churnedShared()
        }
        stop.set()
        await withCheckedContinuation { continuation in readers.notify(queue: .global()) { continuation.resume() } }
        #expect(stop.invalid == 0)
    }

    @Test("shared instances in the default container are recreated after release")
    func sharedInDefault() {
        var instance: Service? = Container.shared()
        weak let weakInstance = instance
        #expect(Container.shared() === instance)
        instance = nil
        #expect(weakInstance == nil)
        #expect(Container.shared().label == "default shared")
    }

    @Test("a cycle on the fast path (no containers alive) is stopped too")
    func fastPathCycle() throws {
        let error = try #require(throws: DependencyResolutionError.self) { try Container.loopA() }
        #expect(error.kind == .cycle)
        #expect(error.path.count == 3)
    }

    @Test("async cached resolution in the default container")
    func asyncCachedDefault() async {
        let first = await Container.asyncCached()
        #expect(await Container.asyncCached() === first)
    }

    @Test("a throwing resolution that escapes to the default container while a test runs throws 'escaped'")
    func escaped() async throws {
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let (release, leave) = AsyncStream<Void>.makeStream()
        let test = Task {
            await withTestContainer {
                enter.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        let error = try #require(throws: DependencyResolutionError.self) {
            try withContainer(Container.default) { try Container.config() }
        }
        #expect(error.kind == .escaped)
        #expect(error.message.contains("withContainer(container)"))
        leave.yield()
        await test.value
        #expect(try Container.config() == "config")
    }

    @Test("with nothing alive, resolution skips the task-local lookup; a nested container turns it back on")
    func fastPathToggles() {
        #expect(Container.logger().name == "console")
        withNestedContainer {
            Container.logger.register { FileLogger() }
            #expect(Container.logger().name == "file")
        }
        #expect(Container.logger().name == "console")
    }
}

/// A flag one task sets and reader threads poll, and the number of invalid reads they saw.
private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let invalidReads = Atomic<Int>(0)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
    func countInvalid() { invalidReads.add(1, ordering: .relaxed) }
    var invalid: Int { invalidReads.load(ordering: .relaxed) }
}
