/// A factory's registrations and cache inside one non-default container.
///
/// Only touched while holding the owning container's lock.
final class ContainerSlot<Dependency, Resolver> {
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

/// The slots of one container, keyed by factory id (a serial number, never a reusable address).
struct ContainerStorage: ~Copyable {
    var slots: [UInt64: AnyObject] = [:]
}
