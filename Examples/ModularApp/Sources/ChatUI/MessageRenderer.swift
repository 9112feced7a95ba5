/// Draws one chat message as text.
///
/// ```swift
/// Container.messageRenderer().render(ChatMessage(role: .user, text: "Hi")) // "you   › Hi"
/// ```
public protocol MessageRendering: Sendable {
    /// The message as one or more lines.
    func render(_ message: ChatMessage) -> String
}

/// Renders `you   › text` / `model › text`, wrapping long answers at `width` columns.
public struct PlainTextMessageRenderer: MessageRendering {
    let width: Int

    /// A renderer that wraps at `width` columns.
    public init(width: Int = 88) { self.width = width }

    /// The message with its speaker prefix, wrapped.
    public func render(_ message: ChatMessage) -> String {
        let prefix = message.role == .user ? "you   › " : "model › "
        var lines: [String] = []
        var line = ""
        for word in message.text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width - prefix.count {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        let indent = String(repeating: " ", count: prefix.count)
        return lines.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }.joined(separator: "\n")
    }
}
