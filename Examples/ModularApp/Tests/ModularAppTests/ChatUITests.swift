import ChatUI
import DependencyInjection
import DependencyInjectionTesting
import LLMEngine
import Testing

@Suite(.testContainer(defaults: .chatUI))
struct ChatUITests {
    @Test("sending a question adds it and the summarizer's answer to the transcript")
    func answers() async throws {
        Container.chatViewModel.useProduction()
        Container.calendarSummarizer.register { CannedSummarizer(answer: "Two meetings, then you are free.") }

        let chat = try await Container.chatViewModel()
        await chat.send("What's on today?")

        #expect(await chat.transcript() == "you   › What's on today?\nmodel › Two meetings, then you are free.")
    }

    @Test("a failing summarizer shows an apology instead of an answer")
    func apologises() async throws {
        Container.chatViewModel.useProduction()
        Container.calendarSummarizer.register { FailingSummarizer() }

        let chat = try await Container.chatViewModel()
        await chat.send("Anything today?")

        #expect(await chat.transcript().contains("model › Sorry, I could not read your calendar"))
    }

    @Test("view models made in the same container share the cached history")
    func sharesHistory() async throws {
        Container.chatViewModel.useProduction()

        await (try await Container.chatViewModel()).send("First")
        let second = try await Container.chatViewModel()

        #expect(await second.transcript().hasPrefix("you   › First"))
    }
}

struct FailingSummarizer: CalendarSummarizing {
    struct Offline: Error {}
    func answer(_ question: String) async throws -> String { throw Offline() }
}
