import DependencyInjection
import Testing
import TestSupport

private protocol Logger: Sendable { var name: String { get } }
private struct ConsoleLogger: Logger { let name = "console" }
private struct FileLogger: Logger { let name = "file" }

extension Container {
    fileprivate static let logger = Factory { ConsoleLogger() as any Logger }
    fileprivate static let cached = Factory(scope: .cached) { Service("default") }
    fileprivate static let shared = Factory(scope: .shared) { Service("default shared") }
    fileprivate static let asyncCached = Factory(scope: .cached) { () async -> Service in Service("async default") }
    fileprivate static let released = Factory(scope: .cached) { Service("released") }
}

/// The default container used explicitly (`withContainer(Container.default)`): a context like any other, so these
/// tests run beside test containers in the same process. The fast path, with no container alive at all, is tested
/// in its own process (DefaultContainerTests).
@Suite("Default container", .serialized)
struct DefaultContainerBindingTests {
    @Test("outside any container, the current container is the default one")
    func currentIsDefault() {
        #expect(Container.current === Container.default)
        withContainer(Container.default) {
            #expect(Container.current === Container.default)
        }
    }

    @Test("manual registration stacking on the default container (the seed README's example)")
    func manualStacking() {
        withContainer(Container.default) {
            #expect(Container.logger().name == "console")
            Container.logger.register { FileLogger() }
            #expect(Container.logger().name == "file")
            Container.logger.popRegistration()
            #expect(Container.logger().name == "console")
        }
    }

    @Test("cached instances live in the default container across resolutions, and register clears them")
    func cachedInDefault() {
        withContainer(Container.default) {
            let first = Container.cached()
            #expect(Container.cached() === first)
            Container.cached.register { Service("override") }
            #expect(Container.cached().label == "override")
            Container.cached.popRegistration()
            let afterPop = Container.cached()
            #expect(afterPop !== first)
            #expect(afterPop.label == "default")
        }
    }

    @Test("a cached instance the cache let go of is freed: register, pop and recreation keep no old instance alive")
    func clearedCacheReleasesItsInstance() {
        withContainer(Container.default) {
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
    }

    @Test("shared instances in the default container are recreated after release")
    func sharedInDefault() {
        withContainer(Container.default) {
            var instance: Service? = Container.shared()
            weak let weakInstance = instance
            #expect(Container.shared() === instance)
            instance = nil
            #expect(weakInstance == nil)
            #expect(Container.shared().label == "default shared")
        }
    }

    @Test("async cached resolution in the default container")
    func asyncCachedDefault() async {
        await withContainer(Container.default) {
            let first = await Container.asyncCached()
            #expect(await Container.asyncCached() === first)
        }
    }
}
