internal import CalendarStore
public import DependencyInjection
internal import LLMEngine

extension TestDefaults {
    /// The LLMEngine defaults, plus the real calculator and chart renderer and a view model over the stubs.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: .insightsUI)) struct InsightsTests { … }
    /// ```
    public static let insightsUI = TestDefaults {
        .llmEngine
        TestDefault {
            Container.insightsCalculator.testValue { InsightsCalculator() }
            Container.chartRenderer.testValue { AsciiBarChartRenderer() }
            Container.insightsViewModel.testValue {
                InsightsViewModel(
                    store: StubCalendarStore(), model: CannedLanguageModel(), calculator: InsightsCalculator())
            }
        }
    }
}
