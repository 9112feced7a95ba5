public import DependencyInjection
internal import LLMEngine

// The ChatUI module's factories.
extension Container {
    /// The conversation, restored once per container (async: it is read from storage).
    public static let chatHistory = Factory(scope: .cached) { await ChatHistory.restore() }

    /// How messages are drawn.
    public static let messageRenderer = Factory(name: "plain-text") {
        PlainTextMessageRenderer() as any MessageRendering
    }

    /// A chat screen's view model, answering with the calendar summarizer.
    public static let chatViewModel = Factory {
        ChatViewModel(summarizer: try await Container.calendarSummarizer())
    }
}
