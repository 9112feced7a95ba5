/// A factory's registrations and cache inside one non-default container.
///
/// Only touched while holding the owning container's lock.
@usableFromInline
final class ContainerSlot<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: only read or written while holding the owning container's `storage` lock, which is also why
    // its properties skip dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var stack: [RegistrationEntry<Resolver>] = [] {
        didSet { topSource = stack.last.map { if case .useProduction = $0.body { .useProduction } else { .override } } }
    }
    /// What the top registration is, kept beside the stack so a cache hit need not copy the entry.
    @usableFromInline @exclusivity(unchecked) var topSource: ResolutionSource?
    @usableFromInline @exclusivity(unchecked) var cached: Dependency?
    @usableFromInline @exclusivity(unchecked) var weakBox: WeakBox?
    @usableFromInline @exclusivity(unchecked) var generation: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var inflight: InflightCreation<Dependency>?

    @usableFromInline init() {}

    func clearCache() {
        cached = nil
        weakBox = nil
        generation &+= 1
    }
}
