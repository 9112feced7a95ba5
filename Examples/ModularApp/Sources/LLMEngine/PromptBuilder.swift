public import CalendarService
internal import CalendarStore
internal import DependencyInjection

/// Turns calendar events into a prompt, one formatted line per event.
///
/// ```swift
/// let prompt = PromptBuilder().prompt(question: "What does my week look like?", events: events)
/// ```
public struct PromptBuilder: Sendable {
    // Resolved on every use: the formatter is a cheap `.unique` value from the CalendarStore module.
    @Injected(Container.eventFormatter) var formatter: EventFormatter

    /// Creates a builder.
    public init() {}

    /// The instruction, the events as `- Mon 09:00–09:15  Standup` lines, and the question.
    public func prompt(question: String, events: [CalendarEvent]) -> String {
        var lines = ["You are a calendar assistant. Answer briefly.", "Events:"]
        lines += events.map { "- " + formatter.line(for: $0) }
        lines.append("Question: \(question)")
        return lines.joined(separator: "\n")
    }
}
