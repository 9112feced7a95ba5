/// Which model to run and how.
///
/// ```swift
/// let configuration = try ModelConfiguration(name: "template-small", temperature: 0, maxTokens: 256)
/// ```
public struct ModelConfiguration: Sendable, Hashable {
    /// The model's name, shown with every answer.
    public let name: String
    /// Sampling temperature, `0...1`; the template model ignores it but checks it.
    public let temperature: Double
    /// The longest prompt the model accepts, in tokens.
    public let maxTokens: Int

    /// Checks and stores the settings; throws ``LanguageModelError/invalidConfiguration(_:)`` when they are out of range.
    public init(name: String, temperature: Double, maxTokens: Int) throws {
        guard (0...1).contains(temperature) else {
            throw LanguageModelError.invalidConfiguration("temperature \(temperature) is outside 0...1")
        }
        guard maxTokens > 0 else { throw LanguageModelError.invalidConfiguration("maxTokens must be positive") }
        self.name = name
        self.temperature = temperature
        self.maxTokens = maxTokens
    }
}

/// Why the model could not answer.
public enum LanguageModelError: Error, Equatable {
    /// The configuration was out of range.
    case invalidConfiguration(String)
    /// The prompt had more tokens than the model accepts.
    case promptTooLong(tokens: Int, limit: Int)
}
