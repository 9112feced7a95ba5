internal import CalendarService
public import DependencyInjection

// The CalendarStore module's factories: caching and formatting on top of CalendarService.
extension Container {
    /// The week cache, one per container.
    public static let eventCache = Factory(scope: .cached, name: "in-memory") {
        InMemoryEventCache() as any EventCaching
    }

    /// A formatter for event lines; cheap, so a new one each time.
    public static let eventFormatter = Factory { EventFormatter() }

    /// The store, created once; it needs the connected calendar service, so it is async and throwing too.
    public static let calendarStore = Factory(scope: .cached) {
        let service = try await Container.calendarService()
        return CalendarStore(service: service, cache: Container.eventCache(), clock: Container.calendarClock())
            as any CalendarStoring
    }
}
