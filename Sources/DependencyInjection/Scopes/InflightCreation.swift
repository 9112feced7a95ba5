/// An async creation of a `.cached`/`.shared` instance in progress, as the cross-task cycle check sees it:
/// which factory it creates.
@usableFromInline
class PendingCreation: @unchecked Sendable {
    // @unchecked: `factory` and `creator` are immutable; subclasses say what guards their state.
    let factory: FactoryMetadata
    /// The async resolution running when the creation started (nil at the top level), for the path a
    /// ``StalledWait`` warning prints.
    let creator: AsyncResolutionFrame?

    init(factory: FactoryMetadata, creator: AsyncResolutionFrame?) {
        self.factory = factory
        self.creator = creator
    }

    /// The creating resolution's path, outermost first.
    var path: [FactoryMetadata] { (creator?.factoryChain ?? []) + [factory] }
}

/// An async creation of a `.cached`/`.shared` instance that other resolutions can wait for.
///
/// The first resolution runs the resolver with no lock held; later ones park a continuation here.
/// Only touched while holding the owner's lock.
@usableFromInline
final class InflightCreation<Dependency>: PendingCreation, @unchecked Sendable {
    // @unchecked: `waiters` and `result` are read and written only under the owning container's or
    // factory's lock.
    var waiters: [UnsafeContinuation<Result<Dependency, any Error>, Never>] = []
    var result: Result<Dependency, any Error>?
    let generation: UInt64

    init(factory: FactoryMetadata, creator: AsyncResolutionFrame?, generation: UInt64) {
        self.generation = generation
        super.init(factory: factory, creator: creator)
    }
}
