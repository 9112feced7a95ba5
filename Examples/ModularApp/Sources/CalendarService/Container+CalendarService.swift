public import DependencyInjection

// The CalendarService module's factories: the bottom of the graph.
extension Container {
    /// What time it is for the calendar (the wall clock; the app and tests pin it).
    public static let calendarClock = Factory { SystemCalendarClock() as any CalendarClock }

    /// The token, read once from the environment; throws when it is blank.
    public static let calendarCredentials = Factory(scope: .cached) { try CalendarCredentials.fromEnvironment() }

    /// The transport; `.shared`, so it lives as long as some service holds it.
    public static let calendarBackend = Factory(scope: .shared, name: "simulated") {
        SimulatedCalendarBackend(events: []) as any CalendarBackend
    }

    /// A connected calendar service; connecting is async and can fail, so this is an async throwing factory.
    public static let calendarService = Factory(scope: .cached) {
        let credentials = try Container.calendarCredentials()
        let service = try await RemoteCalendarService.connect(
            backend: Container.calendarBackend(), credentials: credentials
        )
        return service as any CalendarServicing
    }
}
