internal import Foundation

/// Completes prompts.
///
/// ```swift
/// let answer = try await Container.languageModel().complete(prompt)
/// ```
public protocol LanguageModeling: Sendable {
    /// The configuration the model was loaded with.
    var configuration: ModelConfiguration { get }
    /// The model's answer to `prompt`.
    func complete(_ prompt: String) async throws -> String
}

/// A small deterministic "model" that reads the event lines of a prompt and answers from templates.
///
/// It stands in for an on-device LLM: loading takes a couple of milliseconds, answers are the same on every run.
///
/// ```swift
/// let model = try await TemplateLanguageModel.load(configuration: configuration, tokenizer: WhitespaceTokenizer())
/// ```
public struct TemplateLanguageModel: LanguageModeling {
    /// The configuration the model was loaded with.
    public let configuration: ModelConfiguration
    let tokenizer: any Tokenizing

    /// "Loads the weights" (waits 2 ms) and returns the model.
    public static func load(configuration: ModelConfiguration, tokenizer: any Tokenizing) async throws
        -> TemplateLanguageModel
    {
        try await Task.sleep(for: .milliseconds(2))
        return TemplateLanguageModel(configuration: configuration, tokenizer: tokenizer)
    }

    /// Answers from the prompt's `- Day HH:MM–HH:MM  Title` lines.
    public func complete(_ prompt: String) async throws -> String {
        let tokens = tokenizer.tokens(in: prompt).count
        guard tokens <= configuration.maxTokens else {
            throw LanguageModelError.promptTooLong(tokens: tokens, limit: configuration.maxTokens)
        }
        let events = prompt.split(separator: "\n").filter { $0.hasPrefix("- ") }.compactMap(PromptEvent.init)
        guard !events.isEmpty else { return "Your calendar is empty this week. Enjoy it." }
        var perDay: [String: Int] = [:]
        for event in events { perDay[event.day, default: 0] += event.minutes }
        let busiest = perDay.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!
        let longest = events.max { $0.minutes < $1.minutes }!
        let lightest = perDay.min { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!
        let total = events.reduce(0) { $0 + $1.minutes }
        let question = prompt.split(separator: "\n").last { $0.hasPrefix("Question:") }?.lowercased() ?? ""
        if question.contains("deep work") || question.contains("focus") {
            return
                "\(lightest.key) is your lightest day (\(hours(lightest.value)) booked): block its morning for deep work. "
                + "Your longest block so far is \(longest.title) on \(longest.day)."
        }
        if question.contains("meeting") {
            return "\(events.count) events in 5 days, \(busiest.key) the heaviest (\(hours(busiest.value))); "
                + "\(lightest.key) is the day to protect."
        }
        return "You have \(events.count) events (\(hours(total)) booked). \(busiest.key) is the busiest day with "
            + "\(hours(busiest.value)); the longest block is \(longest.title) on \(longest.day) (\(hours(longest.minutes)))."
    }

    private func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }
}

/// One `- Mon 09:00–09:15  Standup` line of a prompt.
struct PromptEvent {
    let day: String
    let minutes: Int
    let title: String

    init?(_ line: Substring) {
        let parts = line.dropFirst(2).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count == 3 else { return nil }
        let times = parts[1].split(separator: "–")
        guard times.count == 2, let start = Self.minutes(times[0]), let end = Self.minutes(times[1]) else { return nil }
        day = String(parts[0])
        minutes = end - start
        title = parts[2].trimmingCharacters(in: .whitespaces)
    }

    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        return hour * 60 + minute
    }
}
