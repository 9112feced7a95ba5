internal import CalendarService
internal import CalendarStore
internal import ChatUI
internal import DependencyInjection
internal import InsightsUI

/// A scripted session: load the week, ask the chat two questions, open the insights screen twice.
struct DemoSession {
    /// Runs the script, writing each screen to `output`.
    func run(output: @Sendable (String) -> Void) async throws {
        let formatter = Container.eventFormatter()

        output("── Calendar ─────────────────────────────────────────────")
        let store = try await Container.calendarStore()
        let events = try await store.currentWeek()
        output("week of \(formatter.day(of: await store.currentWeekStart())) 3 Mar 2025: \(events.count) events")
        for event in events { output("  " + formatter.line(for: event)) }

        output("")
        output("── Chat ─────────────────────────────────────────────────")
        let chat = try await Container.chatViewModel()
        await chat.send("What does my week look like?")
        await chat.send("When can I do deep work?")
        output(await chat.transcript())

        output("")
        output("── Insights ─────────────────────────────────────────────")
        // Two screens alive at once share the `.shared` chart renderer; the store and model are cached.
        let insights = try await Container.insightsViewModel()
        let comparison = try await Container.insightsViewModel()
        output(await insights.render())
        _ = comparison
    }
}
