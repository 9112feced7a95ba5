internal import DependencyInjection
public import LLMEngine

/// The chat screen's state: the history, and a summarizer that answers.
///
/// The summarizer comes through the initializer (the factory resolves it); the renderer and the history
/// are injected by macros, to show both styles side by side.
///
/// ```swift
/// let chat = try await Container.chatViewModel()
/// try await chat.send("What does my week look like?")
/// print(await chat.transcript())
/// ```
public final class ChatViewModel: Sendable {
    // Resolved once, while the view model is created (so the trace shows it under chatViewModel).
    @ConstructorInjected(Container.messageRenderer) var renderer: any MessageRendering
    // The restore task starts at init; the first read keeps it, later reads reuse it.
    @LazyInjected(Container.chatHistory) var history: Task<ChatHistory, Never>

    let summarizer: any CalendarSummarizing

    /// A view model answering with `summarizer`.
    public init(summarizer: any CalendarSummarizing) {
        self.summarizer = summarizer
    }

    /// Adds `question` and the summarizer's answer (or the error) to the history.
    public func send(_ question: String) async {
        let history = await history.value
        await history.append(ChatMessage(role: .user, text: question))
        do {
            let answer = try await summarizer.answer(question)
            await history.append(ChatMessage(role: .assistant, text: answer))
        } catch {
            await history.append(
                ChatMessage(role: .assistant, text: "Sorry, I could not read your calendar (\(error))."))
        }
    }

    /// The conversation, one rendered message per paragraph.
    public func transcript() async -> String {
        await history.value.messages.map(renderer.render).joined(separator: "\n")
    }
}
