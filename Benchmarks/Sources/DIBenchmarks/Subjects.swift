import CRuntimeReferenceCount
import Dependencies
import DependencyInjection
import Swinject

// The same small graph in every library: a service, and a chain C ← B ← A of unique services.

final class Service: Sendable {}
final class ChainC: Sendable {}
final class ChainB: Sendable { let c: ChainC; init(c: ChainC) { self.c = c } }
final class ChainA: Sendable { let b: ChainB; init(b: ChainB) { self.b = b } }

// MARK: DependencyInjection

extension DependencyInjection.Container {
    static let uniqueService = Factory { Service() }
    static let cachedService = Factory(scope: .cached) { Service() }
    static let cachedValue = Factory(scope: .cached) { 42 }
    static let chainC = Factory { ChainC() }
    static let chainB = Factory { ChainB(c: DependencyInjection.Container.chainC()) }
    static let chainA = Factory { ChainA(b: DependencyInjection.Container.chainB()) }
}

// MARK: Hand-written baselines

let handWrittenClosure: @Sendable () -> Service = { Service() }
let handWrittenLazyGlobal = Service()

/// A lazily created instance (a heap object, unlike `handWrittenLazyGlobal`, which the compiler makes a
/// static object whose reference count is never written).
let handWrittenHeapInstance = makeHeapService()

/// Not optimised, so the instance is a real heap allocation made at first use.
@inline(never) @_optimize(none)
func makeHeapService() -> Service { Service() }

/// That instance, retained before and released after its use, as every caller of a function returning a
/// shared class instance does (a resolution returns its instance +1).
@inline(__always)
func useHandWrittenInstanceRetained() {
    let object = Unmanaged.passUnretained(handWrittenHeapInstance).toOpaque()
    // Through C so that the optimiser cannot pair the two away.
    _ = bench_runtime_retain(object)
    blackHole(handWrittenHeapInstance)
    bench_runtime_release(object)
}
let handWrittenChain: @Sendable () -> ChainA = { ChainA(b: ChainB(c: ChainC())) }

// MARK: Swinject

// Swinject's Container is not Sendable; `synchronize()` gives the thread-safe resolver used from two threads.
nonisolated(unsafe) let swinject: Swinject.Container = {
    let container = Swinject.Container()
    container.register(Service.self, name: "unique") { _ in Service() }.inObjectScope(.transient)
    container.register(Service.self, name: "cached") { _ in Service() }.inObjectScope(.container)
    container.register(ChainC.self) { _ in ChainC() }.inObjectScope(.transient)
    container.register(ChainB.self) { r in ChainB(c: r.resolve(ChainC.self)!) }.inObjectScope(.transient)
    container.register(ChainA.self) { r in ChainA(b: r.resolve(ChainB.self)!) }.inObjectScope(.transient)
    return container
}()
nonisolated(unsafe) let swinjectSynchronized = swinject.synchronize()

// MARK: swift-dependencies

/// swift-dependencies caches every live value; "unique" resolves a maker and calls it.
struct ServiceMaker: Sendable { var make: @Sendable () -> Service }

private enum ServiceMakerKey: DependencyKey {
    static let liveValue = ServiceMaker { Service() }
}

private enum CachedServiceKey: DependencyKey {
    static let liveValue = Service()
}

struct ChainMaker: Sendable { var make: @Sendable () -> ChainA }

private enum ChainCKey: DependencyKey { static let liveValue = ServiceMaker { Service() } }
private enum ChainMakerKey: DependencyKey {
    static let liveValue = ChainMaker {
        @Dependency(\.chainCMaker) var c
        _ = c.make()
        return ChainA(b: ChainB(c: ChainC()))
    }
}

extension DependencyValues {
    var serviceMaker: ServiceMaker { self[ServiceMakerKey.self] }
    var cachedService: Service { self[CachedServiceKey.self] }
    var chainCMaker: ServiceMaker { self[ChainCKey.self] }
    var chainMaker: ChainMaker { self[ChainMakerKey.self] }
}

struct SwiftDependenciesClient {
    @Dependency(\.serviceMaker) var maker
    @Dependency(\.cachedService) var cached
    @Dependency(\.chainMaker) var chain
}
