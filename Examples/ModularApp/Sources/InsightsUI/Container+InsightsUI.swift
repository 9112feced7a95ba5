internal import CalendarStore
public import DependencyInjection
internal import LLMEngine

// The InsightsUI module's factories.
extension Container {
    /// The calculator.
    public static let insightsCalculator = Factory { InsightsCalculator() }

    /// The chart renderer, shared by every insights screen that is alive.
    public static let chartRenderer = Factory(scope: .shared, name: "ascii") {
        AsciiBarChartRenderer() as any ChartRendering
    }

    /// An insights screen over the calendar store and the language model.
    public static let insightsViewModel = Factory {
        let store = try await Container.calendarStore()
        let model = try await Container.languageModel()
        return InsightsViewModel(store: store, model: model, calculator: Container.insightsCalculator())
    }
}
