import DependencyInjection
import DependencyInjectionTesting
import SpecRegistryPattern
import Synchronization
import Testing

struct MockCalendarService: CalendarServiceProtocol {
    var events: [CalendarEvent]
    func fetchEvents() async throws -> [CalendarEvent] { events }
    func requestAccess() async -> Bool { true }
}

// Was `init() { ServiceProvider.shared.reset() }`: every test gets a fresh container instead, so tests can
// run in parallel.
@Suite(.testContainer)
struct SpecRegistryTests {
    @Test("key-path resolution becomes a factory call; spec chaining resolves the overridden service")
    func chainsThroughTheOverride() async throws {
        Container.calendarService.register {
            MockCalendarService(events: [
                CalendarEvent(title: "Retro", day: "Fri"), CalendarEvent(title: "Standup", day: "Mon"),
            ])
        }
        Container.calendarStore.useProduction()
        Container.llmEngine.useProduction()

        #expect(try await Container.llmEngine().summarize() == "2 events: Mon Standup, Fri Retro")
    }

    @Test("registerSingleton becomes .cached: one store per container, shared with nested containers")
    func cachedPerContainer() {
        let builds = Atomic<Int>(0)
        Container.calendarService.register {
            builds.add(1, ordering: .relaxed)
            return MockCalendarService(events: [])
        }
        Container.calendarStore.useProduction()

        _ = Container.calendarStore()
        _ = Container.calendarStore()
        withNestedContainer { _ = Container.calendarStore() }

        // The store resolved the service once; the nested container used its parent's cached store.
        #expect(builds.load(ordering: .relaxed) == 1)
    }

    @Test("registration order no longer matters; the composition root only registers overrides")
    func compositionRoot() async throws {
        Container.calendarStore.useProduction()
        Container.llmEngine.useProduction()
        Container.chatUI.useProduction()

        CompositionRoot.registerOverrides(offline: true)

        #expect(try await Container.chatUI().greeting() == "Your week — 0 events: ")
    }

    @Test("overrides stack: popRegistration returns to the previous one")
    func lifo() async throws {
        Container.calendarService.register { MockCalendarService(events: [CalendarEvent(title: "A", day: "Mon")]) }
        Container.calendarService.register { MockCalendarService(events: []) }
        #expect(try await Container.calendarService().fetchEvents().isEmpty)

        Container.calendarService.popRegistration()
        #expect(try await Container.calendarService().fetchEvents().map(\.title) == ["A"])
    }
}
