import DependencyInjection
import Testing
import TestSupport

extension Container {
    fileprivate static let greeter = Factory { NamedGreeter("production") as any Greeter }
    fileprivate static let cached = Factory(scope: .cached) { Service("production") }
    fileprivate static let config = Factory { () throws -> String in "production config" }
    fileprivate static let asyncConfig = Factory { () async throws -> String in "production config" }
    fileprivate static let optionalGreeter = Factory { () -> (any Greeter)? in NamedGreeter("production") }
    fileprivate static let analytics = Factory { NamedGreeter("analytics") }
}

extension TestDefaults {
    fileprivate static let greeterDefaults = TestDefaults {
        TestDefault { Container.greeter.testValue { NamedGreeter("default") } }
    }
    fileprivate static let featureDefaults = TestDefaults {
        .greeterDefaults
        TestDefault { Container.analytics.testValue { NamedGreeter("noop analytics") } }
    }
}

@Suite("Test containers")
struct TestContainerTests {
    @Test("1,000 concurrent tests in their own containers never see each other's registrations or caches")
    func isolation() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    await withTestContainer {
                        Container.greeter.register { NamedGreeter("test \(index)") }
                        Container.cached.register { Service("test \(index)") }
                        await Task.yield()
                        let greeter = Container.greeter().greeting
                        let first = Container.cached()
                        await Task.yield()
                        return greeter == "test \(index)" && first.label == "test \(index)" && Container.cached() === first
                    }
                }
            }
            var all = true
            for await ok in group { all = all && ok }
            #expect(all)
        }
    }

    @Test("TestDefaults compose, and an array of them applies in order")
    func defaults() {
        withTestContainer(defaults: .featureDefaults) {
            #expect(Container.greeter().greeting == "default")
            #expect(Container.analytics().greeting == "noop analytics")
        }
        withTestContainer(defaults: [.greeterDefaults, TestDefaults { TestDefault { Container.greeter.testValue { NamedGreeter("later") } } }]) {
            #expect(Container.greeter().greeting == "later")
        }
    }

    @Test("a registration inside the test overrides a TestDefault")
    func registrationOverridesDefault() {
        withTestContainer(defaults: .greeterDefaults) {
            Container.greeter.register { NamedGreeter("explicit") }
            #expect(Container.greeter().greeting == "explicit")
            Container.greeter.popRegistration()
            #expect(Container.greeter().greeting == "default")
        }
    }

    @Test("an unregistered throwing factory throws a message with the type, call site, container site and fix")
    func unregisteredThrows() throws {
        let error = try withTestContainer {
            try #require(throws: DependencyResolutionError.self) { try Container.config() }
        }
        #expect(error.kind == .unregistered)
        #expect(error.message.contains("Dependency: String on factory:"))
        #expect(error.message.contains("not registered!"))
        #expect(error.message.contains("Called from DependencyInjectionTests/TestContainerTests.swift:"))
        #expect(error.message.contains("Test container created at DependencyInjectionTests/TestContainerTests.swift:"))
        #expect(error.message.contains("register a test double"))
        #expect(error.message.contains("TestDefaults"))
    }

    @Test("an unregistered async throwing factory throws too")
    func unregisteredAsyncThrows() async {
        await withTestContainer {
            await #expect(throws: DependencyResolutionError.self) { try await Container.asyncConfig() }
        }
    }

    @Test("the deprecated custom unregistered behaviour reports, then uses production")
    @available(*, deprecated)
    func customUnregistered() {
        let reported = Counter()
        withTestContainer(unregisteredBehavior: .custom({ _ in reported.increment() })) {
            #expect(Container.greeter().greeting == "production")
        }
        #expect(reported.count == 1)
    }

    @Test("a task that outlives its test container triggers the leaked-resolution behaviour")
    func leakDetected() async throws {
        let behavior = RecordingLeakBehavior()
        let containerEnded = Gate()
        let task = withTestContainer(leakedResolutionBehavior: behavior) {
            Task {
                await containerEnded.wait()
                return Container.greeter().greeting
            }
        }
        containerEnded.open()
        let greeting = await task.value
        #expect(greeting == "from leak behaviour")
        #expect(behavior.leaks.count == 1)
    }

    @Test("best effort returns nil for optional dependencies and throws for throwing ones")
    func bestEffort() async {
        let containerEnded = Gate()
        let tasks = withTestContainer(leakedResolutionBehavior: BestEffortLeakedResolutionBehavior()) {
            (
                Task { () -> Bool in
                    await containerEnded.wait()
                    return Container.optionalGreeter() == nil
                },
                Task { () -> Bool in
                    await containerEnded.wait()
                    return (try? Container.config()) == nil
                }
            )
        }
        containerEnded.open()
        #expect(await tasks.0.value)
        #expect(await tasks.1.value)
    }

    @Test("a registered factory still resolves in a test container after its block ended")
    func registeredAfterEnd() async {
        let containerEnded = Gate()
        let task = withTestContainer {
            Container.greeter.register { NamedGreeter("mock") }
            return Task {
                await containerEnded.wait()
                return Container.greeter().greeting
            }
        }
        containerEnded.open()
        #expect(await task.value == "mock")
    }
}

/// Counts leaks and answers with a fixed value.
private final class RecordingLeakBehavior: LeakedResolutionBehavior {
    let leaks = Counter()

    func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
        leaks.increment()
        if let value = NamedGreeter("from leak behaviour") as? D { return .returnValue(value) }
        return .useProductionValue
    }

    func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D> {
        leaks.increment()
        return .useProductionValue
    }

    func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D> {
        leaks.increment()
        return .useProductionValue
    }

    func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D> {
        leaks.increment()
        return .useProductionValue
    }
}
