import DependencyInjection
import ServiceContextModule
import Testing
import TestSupport

private protocol Logger: Sendable { var name: String { get } }
private struct ConsoleLogger: Logger { let name = "console" }
private struct FileLogger: Logger { let name = "file" }
private struct RemoteLogger: Logger { let name = "remote" }

extension Container {
    fileprivate static let logger = Factory { ConsoleLogger() as any Logger }
    fileprivate static let cachedService = Factory(scope: .cached) { Service("parent") }
}

@Suite("Containers")
struct ContainerTests {
    @Test("nested containers override without affecting their parents (the seed README's example)")
    func nestedOverrides() {
        withTestContainer {
            Container.logger.register { ConsoleLogger() }

            withNestedContainer {
                Container.logger.register { FileLogger() }
                #expect(Container.logger().name == "file")

                withNestedContainer {
                    #expect(Container.logger().name == "file")
                    Container.logger.register { RemoteLogger() }
                    #expect(Container.logger().name == "remote")
                }

                #expect(Container.logger().name == "file")
            }

            #expect(Container.logger().name == "console")
        }
    }

    @Test("a nested container shares its parent's cached instance unless it overrides the factory")
    func nestedCaches() {
        withTestContainer {
            Container.cachedService.register { Service("parent") }
            let parent = Container.cachedService()
            withNestedContainer {
                #expect(Container.cachedService() === parent)
                Container.cachedService.register { Service("child") }
                #expect(Container.cachedService() !== parent)
                #expect(Container.cachedService().label == "child")
            }
            #expect(Container.cachedService() === parent)
        }
    }

    @Test("the current container propagates into child tasks and task groups")
    func propagation() async {
        await withTestContainer {
            Container.logger.register { FileLogger() }
            let container = Container.current
            async let child = Container.logger().name
            #expect(await child == "file")
            await withTaskGroup(of: Bool.self) { group in
                group.addTask { Container.current === container }
                for await same in group { #expect(same) }
            }
        }
    }

    @Test("withContainer re-applies a container in a detached task")
    func detached() async {
        await withTestContainer {
            Container.logger.register { RemoteLogger() }
            let container = Container.current
            let name = await Task.detached {
                withContainer(container) { Container.logger().name }
            }.value
            #expect(name == "remote")
            let asyncName = await Task.detached {
                await withContainer(container) {
                    await Task.yield()
                    return Container.logger().name
                }
            }.value
            #expect(asyncName == "remote")
        }
    }

    @Test("a ServiceContext carried into a detached task (as tracing libraries do) brings the container along")
    func serviceContextCarriesTheContainer() async {
        await withTestContainer {
            Container.logger.register { RemoteLogger() }
            let container = Container.current
            let context = ServiceContext.current ?? .topLevel
            let (same, name) = await Task.detached {
                ServiceContext.withValue(context) { (Container.current === container, Container.logger().name) }
            }.value
            #expect(same)
            #expect(name == "remote")
        }
    }

    @Test("a container read by many threads entering and leaving containers stays the one each thread is in")
    func currentUnderChurn() async {
        await withTestContainer {
            Container.logger.register { ConsoleLogger() }
            await withTaskGroup(of: Bool.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var allRight = true
                        for round in 0..<2_000 {
                            let inner = withNestedContainer { () -> Bool in
                                if round % 2 == 0 { Container.logger.register { FileLogger() } }
                                return Container.logger().name == (round % 2 == 0 ? "file" : "console")
                            }
                            allRight = allRight && inner && Container.logger().name == "console"
                        }
                        return allRight && task >= 0
                    }
                }
                for await allRight in group { #expect(allRight) }
            }
        }
    }

    @Test("override stacking across nested containers: popping in a child never touches the parent")
    func stackingAcrossContainers() {
        withTestContainer {
            Container.logger.register { ConsoleLogger() }
            Container.logger.register { FileLogger() }
            withNestedContainer {
                Container.logger.register { RemoteLogger() }
                Container.logger.popRegistration()
                #expect(Container.logger().name == "file")
                Container.logger.popRegistration() // nothing of the child's left to pop
                #expect(Container.logger().name == "file")
            }
            Container.logger.popRegistration()
            #expect(Container.logger().name == "console")
        }
    }

    @Test("async nested containers keep the caller's actor")
    @MainActor
    func isolationPreserved() async {
        await withTestContainer {
            await withNestedContainer {
                await Task.yield()
                MainActor.assertIsolated()
                Container.logger.register { FileLogger() }
                #expect(Container.logger().name == "file")
            }
        }
    }
}
