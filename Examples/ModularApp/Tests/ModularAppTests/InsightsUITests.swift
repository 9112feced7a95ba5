import CalendarService
import CalendarStore
import DependencyInjection
import DependencyInjectionTesting
import InsightsUI
import LLMEngine
import Testing

@Suite(.testContainer(defaults: .insightsUI))
struct InsightsUITests {
    @Test("the calculator totals hours per weekday, meeting and focus time")
    func calculates() {
        let insights = Container.insightsCalculator().insights(for: CalendarEvent.sampleWeek)

        #expect(insights.hoursPerDay.map(\.day) == ["Mon", "Tue", "Wed", "Thu", "Fri"])
        #expect(insights.hoursPerDay.map(\.hours) == [3.75, 0.75, 3, 3.25, 1])
        #expect(insights.meetingHours == 6.75)
        #expect(insights.focusHours == 5)
        #expect(insights.busiestDay == "Mon")
    }

    @Test("the screen draws one bar per weekday and the model's comment")
    func renders() async throws {
        Container.insightsViewModel.useProduction()
        Container.languageModel.register { CannedLanguageModel(answer: "Looks balanced.") }

        let lines = try await Container.insightsViewModel().render().split(separator: "\n")

        #expect(lines.count == 8)
        #expect(lines[0].hasPrefix("Mon ████████████████████████████████ 3.8h"))
        #expect(lines[6] == "model: Looks balanced.")
    }

    @Test("two screens alive at once share the chart renderer; the shared scope holds it weakly")
    func sharesChartRenderer() {
        let first = Container.chartRenderer()
        let second = Container.chartRenderer()
        #expect(first === second)
    }

    @Test("when the calendar cannot be read the screen says so instead of throwing")
    func unavailable() async throws {
        Container.insightsViewModel.useProduction()
        Container.calendarStore.register { StubCalendarStore(error: .accessDenied) }

        #expect(try await Container.insightsViewModel().render() == "Insights unavailable: accessDenied")
    }
}
