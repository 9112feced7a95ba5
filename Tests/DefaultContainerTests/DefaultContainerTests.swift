import DependencyInjection
import Foundation
import Synchronization
import Testing
import TestSupport

private protocol Logger: Sendable { var name: String { get } }
private struct ConsoleLogger: Logger { let name = "console" }
private struct FileLogger: Logger { let name = "file" }

extension Container {
    fileprivate static let logger = Factory { ConsoleLogger() as any Logger }
    fileprivate static let loopA: SyncThrowingFactory<Int> = Factory(name: "loopA") { () throws -> Int in try Container.loopB() }
    fileprivate static let loopB: SyncThrowingFactory<Int> = Factory(name: "loopB") { () throws -> Int in try Container.loopA() }
    fileprivate static let churned = Factory(scope: .cached) { Service("production") }
    fileprivate static let churnedShared = Factory(scope: .shared) { Service("shared") }
}

// These tests need a process in which no container other than the default one is alive: they test the fast path
// (no task-local read, no container) and resolve without any container bound, which is an escape while a test
// container is active anywhere in the process. `make test` runs this target in a process of its own. Tests of the
// default container that can run beside other tests live in DependencyInjectionTests (DefaultContainerBindingTests).
@Suite("Fast path: no container but the default one alive", .serialized)
struct DefaultContainerTests {
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

    @Test("a cycle on the fast path (no containers alive) is stopped too")
    func fastPathCycle() throws {
        let error = try #require(throws: DependencyResolutionError.self) { try Container.loopA() }
        #expect(error.kind == .cycle)
        #expect(error.path.count == 3)
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
