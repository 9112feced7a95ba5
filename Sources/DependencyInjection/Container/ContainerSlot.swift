/// A factory's registrations and cache inside one non-default container.
///
/// Only touched while holding the owning container's lock.
final class ContainerSlot<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: only read or written while holding the owning container's `storage` lock.
    var stack: [RegistrationEntry<Resolver>] = []
    var cached: Dependency?
    var weakBox: WeakBox?
    var generation: UInt64 = 0
    var inflight: InflightCreation<Dependency>?

    func clearCache() {
        cached = nil
        weakBox = nil
        generation &+= 1
    }
}
