public import DependencyInjection
internal import LLMEngine

extension TestDefaults {
    /// The LLMEngine defaults, plus an empty history, the plain-text renderer, and a view model over
    /// ``CannedSummarizer``.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: .chatUI)) struct ChatTests { … }
    /// ```
    public static let chatUI = TestDefaults {
        .llmEngine
        TestDefault {
            Container.chatHistory.testValue { ChatHistory() }
            Container.messageRenderer.testValue { PlainTextMessageRenderer() }
            Container.chatViewModel.testValue { ChatViewModel(summarizer: CannedSummarizer()) }
        }
    }
}
