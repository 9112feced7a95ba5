public import CalendarService
internal import Synchronization

/// Where the store keeps weeks it has already fetched.
///
/// ```swift
/// let cache = Container.eventCache()
/// cache.store(events, forWeekStarting: monday)
/// ```
public protocol EventCaching: AnyObject, Sendable {
    /// The events stored for `key`, if any.
    func events(forKey key: String) -> [CalendarEvent]?
    /// Stores `events` under `key`.
    func store(_ events: [CalendarEvent], forKey key: String)
}

/// An event cache in memory, guarded by a `Mutex`.
///
/// ```swift
/// let cache = InMemoryEventCache()
/// ```
public final class InMemoryEventCache: EventCaching {
    private let weeks = Mutex<[String: [CalendarEvent]]>([:])

    /// An empty cache.
    public init() {}

    /// The events stored for `key`, if any.
    public func events(forKey key: String) -> [CalendarEvent]? { weeks.withLock { $0[key] } }

    /// Stores `events` under `key`.
    public func store(_ events: [CalendarEvent], forKey key: String) { weeks.withLock { $0[key] = events } }
}
