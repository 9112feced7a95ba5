import CalendarService
import CalendarStore
import DependencyInjection
import DependencyInjectionTesting
import Foundation
import Testing

@Suite(.testContainer(defaults: .calendarStore))
struct CalendarStoreTests {
    @Test("the store fetches the clock's week once, sorted, and serves it from the cache after that")
    func cachesTheWeek() async throws {
        Container.calendarStore.useProduction()
        let service = StubCalendarService(events: CalendarEvent.sampleWeek.reversed())
        Container.calendarService.register { service }

        let store = try await Container.calendarStore()
        let first = try await store.currentWeek()
        let second = try await Container.calendarStore().currentWeek()

        #expect(first == CalendarEvent.sampleWeek)
        #expect(second == first)
        #expect(service.fetchCount == 1)
    }

    @Test("the current week starts on the Monday before the clock's time")
    func weekStart() async throws {
        Container.calendarStore.useProduction()
        Container.calendarClock.register {
            FixedCalendarClock(now: CalendarEvent.sampleWeekStart.addingTimeInterval(3 * 86_400 + 3_600))
        }

        #expect(try await Container.calendarStore().currentWeekStart() == CalendarEvent.sampleWeekStart)
    }

    @Test("event lines are formatted in UTC with the weekday and both times")
    func formatsLines() {
        let line = Container.eventFormatter().line(for: CalendarEvent.sampleWeek[1])
        #expect(line == "Mon 10:00–11:30  Design review")
    }
}
