import DependencyInjection
import Dispatch
import Synchronization
import Testing
import TestSupport

extension Container {
    fileprivate static let first = Factory(scope: .cached) { () -> Service in
        usleepMilliseconds(30)
        _ = Container.second()
        return Service("first")
    }
    fileprivate static let second = Factory(scope: .cached) { () -> Service in
        usleepMilliseconds(30)
        return Service("second")
    }
    fileprivate static let hot = Factory(scope: .cached) { Service("hot") }
    fileprivate static let hotUnique = Factory { Service("unique") }
}

private func usleepMilliseconds(_ milliseconds: Int) {
    let deadline = DispatchTime.now() + .milliseconds(milliseconds)
    while DispatchTime.now() < deadline {}
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("cached A needing cached B, resolved from two threads at once, does not deadlock (no lock held while a resolver runs)")
    func noDeadlock() {
        withTestContainer {
            Container.first.useProduction()
            Container.second.useProduction()
            let current = Container.current
            let done = Counter()
            let group = DispatchGroup()
            for index in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    withContainer(current) {
                        if index == 0 { _ = Container.first() } else { _ = Container.second() }
                    }
                    done.increment()
                }
            }
            let result = group.wait(timeout: .now() + .seconds(10))
            #expect(result == .success)
            #expect(done.count == 2)
            #expect(Container.first() === Container.first())
        }
    }

    @Test("8 threads resolving one cached factory all get the same instance")
    func cachedStress() {
        withTestContainer {
            Container.hot.register { Service("stress") }
            let current = Container.current
            let expected = Container.hot()
            let mismatches = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                withContainer(current) {
                    for _ in 0..<5_000 where Container.hot() !== expected { mismatches.increment() }
                }
            }
            #expect(mismatches.count == 0)
        }
    }

    @Test("registering while other threads resolve never hands out a torn or foreign instance")
    func registerWhileResolving() {
        withTestContainer {
            Container.hotUnique.register { Service("a") }
            let current = Container.current
            let foreign = Counter()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                withContainer(current) {
                    for round in 0..<2_000 {
                        if worker == 0, round % 10 == 0 {
                            Container.hotUnique.register { Service("b") }
                            Container.hotUnique.popRegistration()
                        }
                        let label = Container.hotUnique().label
                        if label != "a" && label != "b" { foreign.increment() }
                    }
                }
            }
            #expect(foreign.count == 0)
        }
    }

    @Test("a container's slot table grows while other threads resolve through it, and every read finds its own slot")
    func slotTableGrowsUnderReaders() {
        let factories = (0..<300).map { index in Factory(scope: .cached) { Service("production \(index)") } }
        withTestContainer {
            factories[0].register { Service("test 0") }
            let current = Container.current
            // Released after each registration and acquired by readers: a reader only picks registered factories.
            let registered = Atomic<Int>(1)
            let wrong = Counter()
            let reads = Counter()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                withContainer(current) {
                    if worker == 0 {
                        // Each registration adds a slot; the table doubles from 8 up to 1,024 entries meanwhile.
                        for index in 1..<factories.count {
                            factories[index].register { Service("test \(index)") }
                            registered.store(index + 1, ordering: .releasing)
                        }
                        return
                    }
                    var seed = UInt64(worker)
                    while registered.load(ordering: .acquiring) < factories.count || reads.count < 20_000 {
                        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        let index = Int(seed >> 33) % registered.load(ordering: .acquiring)
                        let first = factories[index]()
                        if first.label != "test \(index)" || factories[index]() !== first { wrong.increment() }
                        reads.increment()
                    }
                }
            }
            #expect(wrong.count == 0)
            #expect(reads.count >= 20_000)
            for (index, factory) in factories.enumerated() {
                #expect(factory().label == "test \(index)")
            }
        }
    }
}
