/// Splits text into tokens.
///
/// ```swift
/// Container.tokenizer().tokens(in: "Plan the week") // ["Plan", "the", "week"]
/// ```
public protocol Tokenizing: AnyObject, Sendable {
    /// The tokens of `text`.
    func tokens(in text: String) -> [Substring]
}

/// A tokenizer that splits on whitespace: good enough for a template model.
public final class WhitespaceTokenizer: Tokenizing {
    /// Creates the tokenizer.
    public init() {}

    /// The whitespace-separated words of `text`.
    public func tokens(in text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }
}
