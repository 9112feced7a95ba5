public import CalendarService
public import Foundation

/// Formats events as short, locale-independent lines (UTC), e.g. `Mon 09:00–09:15  Standup`.
///
/// ```swift
/// let line = Container.eventFormatter().line(for: event)
/// ```
public struct EventFormatter: Sendable {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private let calendar: Calendar

    /// A formatter in UTC.
    public init() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
    }

    /// `Mon`, `Tue`, …
    public func day(of date: Date) -> String {
        Self.weekdays[calendar.component(.weekday, from: date) - 1]
    }

    /// `09:30`.
    public func time(of date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return pad(parts.hour ?? 0) + ":" + pad(parts.minute ?? 0)
    }

    /// `Mon 09:00–09:15  Standup`.
    public func line(for event: CalendarEvent) -> String {
        "\(day(of: event.start)) \(time(of: event.start))–\(time(of: event.end))  \(event.title)"
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
