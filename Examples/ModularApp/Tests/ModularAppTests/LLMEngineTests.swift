import CalendarService
import CalendarStore
import DependencyInjection
import DependencyInjectionTesting
import LLMEngine
import Testing

@Suite(.testContainer(defaults: .llmEngine))
struct LLMEngineTests {
    @Test("the summarizer answers from the store's events with the real template model")
    func summarizesTheWeek() async throws {
        Container.calendarSummarizer.useProduction()
        Container.languageModel.useProduction()

        let answer = try await Container.calendarSummarizer().answer("What does my week look like?")

        #expect(answer.hasPrefix("You have 10 events (11h45 booked). Mon is the busiest day"))
    }

    @Test("a calendar error from the store reaches the summarizer's caller")
    func propagatesStoreErrors() async {
        Container.calendarSummarizer.useProduction()
        Container.calendarStore.register { StubCalendarStore(error: .accessDenied) }

        await #expect(throws: CalendarServiceError.accessDenied) {
            try await Container.calendarSummarizer().answer("Anything today?")
        }
    }

    @Test("an out-of-range configuration makes the model factory throw")
    func rejectsBadConfiguration() async {
        Container.languageModel.useProduction()
        Container.modelConfiguration.register { try ModelConfiguration(name: "hot", temperature: 1.5, maxTokens: 10) }

        await #expect(throws: LanguageModelError.invalidConfiguration("temperature 1.5 is outside 0...1")) {
            try await Container.languageModel()
        }
    }

    @Test("prompts longer than the configured limit are refused")
    func refusesLongPrompts() async throws {
        Container.languageModel.useProduction()
        Container.modelConfiguration.register { try ModelConfiguration(name: "tiny", temperature: 0, maxTokens: 8) }
        Container.calendarSummarizer.useProduction()

        await #expect(throws: LanguageModelError.self) {
            try await Container.calendarSummarizer().answer("What does my week look like?")
        }
    }
}
