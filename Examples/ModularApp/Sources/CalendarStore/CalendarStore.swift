public import CalendarService
public import Foundation

/// The app's view of the calendar: the current week, fetched once and then served from the cache.
///
/// ```swift
/// let events = try await Container.calendarStore().currentWeek()
/// ```
public protocol CalendarStoring: Sendable {
    /// The events of the week containing the clock's `now`, sorted by start.
    func currentWeek() async throws -> [CalendarEvent]
    /// The Monday 00:00 UTC that starts the current week.
    func currentWeekStart() async -> Date
}

/// The production store: a ``CalendarServicing`` behind an ``EventCaching``.
///
/// ```swift
/// let store = CalendarStore(service: service, cache: InMemoryEventCache(), clock: SystemCalendarClock())
/// ```
public actor CalendarStore: CalendarStoring {
    let service: any CalendarServicing
    let cache: any EventCaching
    let clock: any CalendarClock

    /// Creates a store over `service`.
    public init(service: any CalendarServicing, cache: any EventCaching, clock: any CalendarClock) {
        self.service = service
        self.cache = cache
        self.clock = clock
    }

    /// The Monday 00:00 UTC that starts the current week.
    public func currentWeekStart() -> Date {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.dateInterval(of: .weekOfYear, for: clock.now)!.start
    }

    /// The current week's events, from the cache when it holds them.
    public func currentWeek() async throws -> [CalendarEvent] {
        let start = currentWeekStart()
        let key = "week-\(Int(start.timeIntervalSince1970))"
        if let cached = cache.events(forKey: key) { return cached }
        let events = try await service.fetchEvents(from: start, to: start.addingTimeInterval(7 * 86_400))
            .sorted { $0.start < $1.start }
        cache.store(events, forKey: key)
        return events
    }
}
