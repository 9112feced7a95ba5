public import CalendarStore
internal import DependencyInjection
public import LLMEngine

/// The insights screen: hours per day as a chart, meeting load, and a one-line comment from the model.
///
/// ```swift
/// let insights = try await Container.insightsViewModel()
/// print(await insights.render())
/// ```
public final class InsightsViewModel: Sendable {
    // The chart renderer is `.shared`: every insights screen alive at once uses the same one.
    @ConstructorInjected(Container.chartRenderer) var chart: any ChartRendering
    // The formatter is only needed for the footer, so it is resolved on first use.
    @LazyInjected(Container.eventFormatter) var formatter: EventFormatter

    let store: any CalendarStoring
    let model: any LanguageModeling
    let calculator: InsightsCalculator

    /// An insights screen over `store`, commented by `model`.
    public init(store: any CalendarStoring, model: any LanguageModeling, calculator: InsightsCalculator) {
        self.store = store
        self.model = model
        self.calculator = calculator
    }

    /// The screen as text; when the calendar cannot be read, a one-line explanation instead.
    public func render() async -> String {
        do {
            let events = try await store.currentWeek()
            let insights = calculator.insights(for: events)
            let comment = try await model.complete(
                PromptBuilder().prompt(question: "Comment on my meeting load.", events: events))
            var lines = chart.bars(insights.hoursPerDay.map { (label: $0.day, value: $0.hours) })
            lines.append(
                "meetings \(hours(insights.meetingHours)) · focus \(hours(insights.focusHours)) · busiest \(insights.busiestDay)"
            )
            lines.append("model: \(comment)")
            if let first = events.first {
                lines.append("week starts with: \(formatter.line(for: first))")
            }
            return lines.joined(separator: "\n")
        } catch {
            return "Insights unavailable: \(error)"
        }
    }

    private func hours(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))h" : "\(value)h"
    }
}
