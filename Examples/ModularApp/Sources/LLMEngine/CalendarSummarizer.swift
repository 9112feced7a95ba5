internal import CalendarStore

/// Answers questions about the user's calendar with a language model.
///
/// ```swift
/// let answer = try await Container.calendarSummarizer().answer("What does my week look like?")
/// ```
public protocol CalendarSummarizing: Sendable {
    /// The model's answer to `question`, given the current week's events.
    func answer(_ question: String) async throws -> String
}

/// The production summarizer: store → prompt → model.
public struct CalendarSummarizer: CalendarSummarizing {
    let model: any LanguageModeling
    let store: any CalendarStoring
    let promptBuilder: PromptBuilder

    /// Reads the week from `store`, builds the prompt and asks `model`.
    public func answer(_ question: String) async throws -> String {
        let events = try await store.currentWeek()
        return try await model.complete(promptBuilder.prompt(question: question, events: events))
    }
}
