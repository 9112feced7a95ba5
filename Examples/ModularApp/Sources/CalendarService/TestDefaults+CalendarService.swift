public import DependencyInjection
public import Foundation
internal import Synchronization

/// A calendar service that returns fixed events and counts how often it was asked.
///
/// ```swift
/// let stub = StubCalendarService(events: CalendarEvent.sampleWeek)
/// Container.calendarService.register { stub }
/// ```
public final class StubCalendarService: CalendarServicing {
    let events: [CalendarEvent]
    let error: CalendarServiceError?
    let fetches = Atomic<Int>(0)

    /// Returns `events` (in range), or throws `error` when one is given.
    public init(events: [CalendarEvent] = CalendarEvent.sampleWeek, error: CalendarServiceError? = nil) {
        self.events = events
        self.error = error
    }

    /// How many times ``fetchEvents(from:to:)`` was called.
    public var fetchCount: Int { fetches.load(ordering: .relaxed) }

    /// Always grants access.
    public func requestAccess() async -> Bool { true }

    /// The stored events in range, or the configured error.
    public func fetchEvents(from: Date, to: Date) async throws -> [CalendarEvent] {
        fetches.add(1, ordering: .relaxed)
        if let error { throw error }
        return events.filter { $0.start >= from && $0.start < to }
    }
}

extension TestDefaults {
    /// Test doubles for every CalendarService factory: a clock pinned to the sample week, a test token,
    /// an instant empty backend and a ``StubCalendarService`` holding the sample week.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: .calendarService)) struct CalendarTests { … }
    /// ```
    public static let calendarService = TestDefaults {
        TestDefault {
            Container.calendarClock.testValue { FixedCalendarClock(now: CalendarEvent.sampleWeekStart) }
            Container.calendarCredentials.testValue { try CalendarCredentials(token: "test-token") }
            Container.calendarBackend.testValue { SimulatedCalendarBackend(events: [], latency: .zero) }
            Container.calendarService.testValue { StubCalendarService() }
        }
    }
}
