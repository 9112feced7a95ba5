import CalendarService
import DependencyInjection
import DependencyInjectionTesting
import Testing

// Each test runs in its own test container with the module's shipped doubles registered first; a test
// switches the factory under test back to production with `useProduction()`.
@Suite(.testContainer(defaults: .calendarService))
struct CalendarServiceTests {
    @Test("the production service connects through the backend with the cached credentials")
    func connects() async throws {
        Container.calendarService.useProduction()
        Container.calendarBackend.register {
            SimulatedCalendarBackend(events: CalendarEvent.sampleWeek, latency: .zero)
        }

        let service = try await Container.calendarService()
        let monday = CalendarEvent.sampleWeekStart
        let events = try await service.fetchEvents(from: monday, to: monday.addingTimeInterval(86_400))

        #expect(events.map(\.title) == ["Standup", "Design review", "Focus time"])
    }

    @Test("a backend that refuses the token makes the calendar service factory throw accessDenied")
    func accessDenied() async {
        Container.calendarService.useProduction()
        Container.calendarBackend.register { SimulatedCalendarBackend(events: [], latency: .zero, acceptsToken: false) }

        await #expect(throws: CalendarServiceError.accessDenied) { try await Container.calendarService() }
    }

    @Test("blank credentials fail before the backend is contacted")
    func blankCredentials() async {
        Container.calendarService.useProduction()
        Container.calendarCredentials.register { try CalendarCredentials(token: "  ") }

        await #expect(throws: CalendarServiceError.invalidCredentials) { try await Container.calendarService() }
    }
}
