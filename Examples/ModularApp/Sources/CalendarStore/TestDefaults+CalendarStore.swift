public import CalendarService
public import DependencyInjection
public import Foundation

/// A store that returns fixed events without any service.
///
/// ```swift
/// Container.calendarStore.register { StubCalendarStore(events: []) }
/// ```
public struct StubCalendarStore: CalendarStoring {
    let events: [CalendarEvent]
    let error: CalendarServiceError?

    /// Returns `events`, or throws `error` when one is given.
    public init(events: [CalendarEvent] = CalendarEvent.sampleWeek, error: CalendarServiceError? = nil) {
        self.events = events
        self.error = error
    }

    /// The fixed events, or the configured error.
    public func currentWeek() async throws -> [CalendarEvent] {
        if let error { throw error }
        return events
    }

    /// The sample week's Monday.
    public func currentWeekStart() async -> Date { CalendarEvent.sampleWeekStart }
}

extension TestDefaults {
    /// The CalendarService defaults, plus a real in-memory cache and formatter and a ``StubCalendarStore``.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: .calendarStore)) struct StoreTests { … }
    /// ```
    public static let calendarStore = TestDefaults {
        .calendarService
        TestDefault {
            Container.eventCache.testValue { InMemoryEventCache() }
            Container.eventFormatter.testValue { EventFormatter() }
            Container.calendarStore.testValue { StubCalendarStore() }
        }
    }
}
