/// An immutable picture of one factory's state in one container: its registration stack and its cache.
///
/// A ``ContainerSlot`` publishes one snapshot at a time through an atomic pointer, so a resolution reads the
/// top registration and the cached instance with one acquiring load and no lock, from any number of
/// threads at once. Every change builds a new snapshot; the replaced one is freed once no read that may hold
/// its address is still in progress (``SnapshotReclamation``).
@usableFromInline
final class SlotSnapshot<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: immutable after init. `cached` may hold a non-Sendable instance; handing the same
    // `.cached` instance to every caller is what the scope promises, exactly as in the seed API.

    @usableFromInline
    let stack: [RegistrationEntry<Resolver>]
    @usableFromInline
    let top: RegistrationEntry<Resolver>?
    /// What the top registration is (nil without one), so a cache hit need not look at the entry.
    @usableFromInline
    let topSource: ResolutionSource?
    /// The `.cached` instance.
    @usableFromInline
    let cached: Dependency?
    /// The `.shared` instance, held weakly.
    @usableFromInline
    let weakBox: WeakBox?
    /// Bumped by every registration change; a creation that started under an older generation is not stored.
    @usableFromInline
    let generation: UInt64

    init(stack: [RegistrationEntry<Resolver>], cached: Dependency?, weakBox: WeakBox?, generation: UInt64) {
        self.stack = stack
        self.top = stack.last
        self.topSource = stack.last.map { if case .useProduction = $0.body { .useProduction } else { .override } }
        self.cached = cached
        self.weakBox = weakBox
        self.generation = generation
    }

    /// The cached instance of either caching scope, if it is (still) there.
    @inlinable
    var instance: Dependency? {
        if let cached { return cached }
        if let object = weakBox?.object { return (object as! Dependency) }
        return nil
    }
}
