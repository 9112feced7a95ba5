internal import CalendarStore
public import DependencyInjection

/// A model that answers every prompt with the same text.
///
/// ```swift
/// Container.languageModel.register { CannedLanguageModel(answer: "All clear.") }
/// ```
public struct CannedLanguageModel: LanguageModeling {
    /// `canned`, temperature 0.
    public let configuration = try! ModelConfiguration(name: "canned", temperature: 0, maxTokens: 10_000)
    let answer: String

    /// Answers `answer` to everything.
    public init(answer: String = "Canned answer.") { self.answer = answer }

    /// `answer`.
    public func complete(_ prompt: String) async throws -> String { answer }
}

/// A summarizer that answers every question with the same text.
///
/// ```swift
/// Container.calendarSummarizer.register { CannedSummarizer(answer: "A quiet week.") }
/// ```
public struct CannedSummarizer: CalendarSummarizing {
    let reply: String

    /// Answers `answer` to everything.
    public init(answer: String = "Canned summary.") { reply = answer }

    /// The canned answer.
    public func answer(_ question: String) async throws -> String { reply }
}

extension TestDefaults {
    /// The CalendarStore defaults, plus the real configuration, tokenizer and prompt builder, a
    /// ``CannedLanguageModel`` and a ``CannedSummarizer``.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: .llmEngine)) struct SummarizerTests { … }
    /// ```
    public static let llmEngine = TestDefaults {
        .calendarStore
        TestDefault {
            Container.modelConfiguration.testValue {
                try ModelConfiguration(name: "test", temperature: 0, maxTokens: 512)
            }
            Container.tokenizer.testValue { WhitespaceTokenizer() }
            Container.languageModel.testValue { CannedLanguageModel() }
            Container.promptBuilder.testValue { PromptBuilder() }
            Container.calendarSummarizer.testValue { CannedSummarizer() }
        }
    }
}
