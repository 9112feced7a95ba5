public import CalendarService
internal import CalendarStore
internal import DependencyInjection

/// Numbers about a week of events.
public struct WeekInsights: Sendable {
    /// Hours booked per weekday, Monday first, weekdays with no events included.
    public let hoursPerDay: [(day: String, hours: Double)]
    /// Hours spent in meetings.
    public let meetingHours: Double
    /// Hours blocked for focus (events without attendees).
    public let focusHours: Double
    /// The day with the most booked hours.
    public let busiestDay: String
}

/// Computes ``WeekInsights`` from events.
///
/// ```swift
/// let insights = Container.insightsCalculator().insights(for: events)
/// ```
public struct InsightsCalculator: Sendable {
    // The formatter (CalendarStore module) names the days; resolved once, when the calculator is made.
    @ConstructorInjected(Container.eventFormatter) var formatter: EventFormatter

    /// Creates a calculator.
    public init() {}

    /// Hours per weekday, meeting and focus hours, and the busiest day.
    public func insights(for events: [CalendarEvent]) -> WeekInsights {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        var minutes = Dictionary(uniqueKeysWithValues: days.map { ($0, 0) })
        for event in events { minutes[formatter.day(of: event.start), default: 0] += event.minutes }
        let perDay = days.map { (day: $0, hours: Double(minutes[$0]!) / 60) }
        let busiest = perDay.max { $0.hours < $1.hours }?.day ?? "Mon"
        return WeekInsights(
            hoursPerDay: perDay,
            meetingHours: Double(events.filter(\.isMeeting).reduce(0) { $0 + $1.minutes }) / 60,
            focusHours: Double(events.filter { !$0.isMeeting }.reduce(0) { $0 + $1.minutes }) / 60,
            busiestDay: busiest
        )
    }
}
