/// An async creation of a `.cached`/`.shared` instance in progress, as the cross-task cycle check sees it:
/// which factory it creates.
@usableFromInline
class PendingCreation: @unchecked Sendable {
    // @unchecked: `factory` is immutable; subclasses say what guards their state.
    let factory: FactoryMetadata

    init(factory: FactoryMetadata) { self.factory = factory }
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

    init(factory: FactoryMetadata, generation: UInt64) {
        self.generation = generation
        super.init(factory: factory)
    }
}
