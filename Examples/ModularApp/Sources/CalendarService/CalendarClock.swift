public import Foundation

/// Tells the calendar what time it is, so the current week can be pinned in demos and tests.
///
/// ```swift
/// let now = Container.calendarClock().now
/// ```
public protocol CalendarClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The wall clock.
///
/// ```swift
/// SystemCalendarClock().now
/// ```
public struct SystemCalendarClock: CalendarClock {
    /// Creates the wall clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that always says the same time.
///
/// ```swift
/// Container.calendarClock.register { FixedCalendarClock(now: CalendarEvent.sampleWeekStart) }
/// ```
public struct FixedCalendarClock: CalendarClock {
    /// The time it always returns.
    public let now: Date

    /// Creates a clock stopped at `now`.
    public init(now: Date) { self.now = now }
}
