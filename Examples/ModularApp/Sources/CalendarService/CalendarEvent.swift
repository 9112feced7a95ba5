public import Foundation

/// One event in the user's calendar.
///
/// ```swift
/// let standup = CalendarEvent(title: "Standup", start: monday9am, minutes: 15)
/// ```
public struct CalendarEvent: Sendable, Hashable {
    /// What the event is called.
    public var title: String
    /// When it starts.
    public var start: Date
    /// How long it lasts, in minutes.
    public var minutes: Int
    /// Whether other people attend (meetings count towards meeting load in the insights).
    public var isMeeting: Bool

    /// Creates an event.
    ///
    /// ```swift
    /// CalendarEvent(title: "Focus time", start: date, minutes: 120, isMeeting: false)
    /// ```
    public init(title: String, start: Date, minutes: Int, isMeeting: Bool = true) {
        self.title = title
        self.start = start
        self.minutes = minutes
        self.isMeeting = isMeeting
    }

    /// When it ends.
    public var end: Date { start.addingTimeInterval(TimeInterval(minutes * 60)) }
}

extension CalendarEvent {
    /// Monday 3 March 2025, 00:00 UTC: the start of the week the samples and the demo use.
    public static let sampleWeekStart = Date(timeIntervalSince1970: 1_740_960_000)

    /// A deterministic working week of events, starting on ``sampleWeekStart``; for demos and tests.
    ///
    /// ```swift
    /// let backend = SimulatedCalendarBackend(events: CalendarEvent.sampleWeek)
    /// ```
    public static let sampleWeek: [CalendarEvent] = {
        func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            sampleWeekStart.addingTimeInterval(TimeInterval(((day * 24 + hour) * 60 + minute) * 60))
        }
        return [
            CalendarEvent(title: "Standup", start: at(0, 9), minutes: 15),
            CalendarEvent(title: "Design review", start: at(0, 10), minutes: 90),
            CalendarEvent(title: "Focus time", start: at(0, 13), minutes: 120, isMeeting: false),
            CalendarEvent(title: "Standup", start: at(1, 9), minutes: 15),
            CalendarEvent(title: "1:1 with Sam", start: at(1, 11), minutes: 30),
            CalendarEvent(title: "Planning", start: at(2, 9, 30), minutes: 120),
            CalendarEvent(title: "Customer call", start: at(2, 14), minutes: 60),
            CalendarEvent(title: "Standup", start: at(3, 9), minutes: 15),
            CalendarEvent(title: "Focus time", start: at(3, 10), minutes: 180, isMeeting: false),
            CalendarEvent(title: "Retro", start: at(4, 15), minutes: 60),
        ]
    }()
}
