internal import CalendarStore
public import DependencyInjection

// The LLMEngine module's factories: a model loaded once, and summarizers built on the calendar store.
extension Container {
    /// The model settings; validated, so the factory throws on bad values.
    public static let modelConfiguration = Factory(scope: .cached, name: "template-small") {
        try ModelConfiguration(name: "template-small", temperature: 0.2, maxTokens: 512)
    }

    /// The tokenizer; `.shared`, so the model and anyone else counting tokens use the same one while it lives.
    public static let tokenizer = Factory(scope: .shared) { WhitespaceTokenizer() as any Tokenizing }

    /// The model, loaded once (loading is async and can fail).
    public static let languageModel = Factory(scope: .cached) {
        let configuration = try Container.modelConfiguration()
        let model = try await TemplateLanguageModel.load(configuration: configuration, tokenizer: Container.tokenizer())
        return model as any LanguageModeling
    }

    /// A prompt builder.
    public static let promptBuilder = Factory { PromptBuilder() }

    /// A summarizer over the current calendar store and model.
    public static let calendarSummarizer = Factory {
        let model = try await Container.languageModel()
        let store = try await Container.calendarStore()
        return CalendarSummarizer(model: model, store: store, promptBuilder: Container.promptBuilder())
            as any CalendarSummarizing
    }
}
