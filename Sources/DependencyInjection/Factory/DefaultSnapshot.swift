/// An immutable picture of a factory's state in the default container: its registration stack and cache.
///
/// The factory publishes one snapshot at a time through an atomic pointer, so a resolution reads the
/// top registration and the cached instance with one acquiring load and no lock. Every change builds a
/// new snapshot; the old one is retired (kept alive by the factory) because a reader on another thread
/// may still hold its address. Changes are rare (register, pop, first creation), so retired snapshots
/// stay few.
@usableFromInline
final class DefaultSnapshot<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: immutable after init. `cached` may hold a non-Sendable instance; handing the same
    // `.cached` instance to every caller is what the scope promises, exactly as in the seed API.

    @usableFromInline
    let top: RegistrationEntry<Resolver>?
    @usableFromInline
    let stack: [RegistrationEntry<Resolver>]
    @usableFromInline
    let cached: Dependency?
    @usableFromInline
    let generation: UInt64

    @usableFromInline
    init(
        stack: [RegistrationEntry<Resolver>],
        cached: Dependency?,
        generation: UInt64
    ) {
        self.stack = stack
        self.top = stack.last
        self.cached = cached
        self.generation = generation
    }
}
