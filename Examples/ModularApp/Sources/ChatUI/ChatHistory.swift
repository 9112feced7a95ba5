/// One line of the conversation.
public struct ChatMessage: Sendable, Hashable {
    /// Who said it.
    public enum Role: String, Sendable {
        /// The person using the app.
        case user
        /// The assistant.
        case assistant
    }

    /// Who said it.
    public let role: Role
    /// What was said.
    public let text: String

    /// Creates a message.
    public init(role: Role, text: String) {
        self.role = role
        self.text = text
    }
}

/// The conversation so far, shared by every chat screen of a container.
///
/// ```swift
/// let history = await Container.chatHistory()
/// await history.append(ChatMessage(role: .user, text: "Hi"))
/// ```
public actor ChatHistory {
    /// The messages, oldest first.
    public private(set) var messages: [ChatMessage]

    /// A history that starts with `messages`.
    public init(messages: [ChatMessage] = []) { self.messages = messages }

    /// Restores the saved conversation (here: a greeting after a short simulated read).
    public static func restore() async -> ChatHistory {
        try? await Task.sleep(for: .milliseconds(1))
        return ChatHistory(messages: [ChatMessage(role: .assistant, text: "Hi! Ask me about your week.")])
    }

    /// Adds a message at the end.
    public func append(_ message: ChatMessage) { messages.append(message) }
}
