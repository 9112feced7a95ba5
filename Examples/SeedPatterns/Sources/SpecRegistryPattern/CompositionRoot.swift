internal import DependencyInjection

/// Was `ServiceProvider.registerAll()` over `allSpecs()`.
///
/// Every factory already has its production resolver, so the composition root has nothing to list and no order
/// to get right: factories resolve lazily, on first use. What is left is the part that differs per app or
/// build: overrides. Call it once, before the first resolution (a `.cached` instance built earlier keeps what
/// it resolved; `di-inspect check` reports that as `stale-singleton`).
///
/// ```swift
/// CompositionRoot.registerOverrides(offline: true)
/// let chat = Container.chatUI()
/// ```
public enum CompositionRoot {
    /// Registers the app's overrides in the current container; `offline` swaps the calendar for an empty one.
    public static func registerOverrides(offline: Bool) {
        if offline {
            Container.calendarService.register { OfflineCalendarService() }
        }
    }
}

/// A calendar with no events and no access, for offline builds.
public struct OfflineCalendarService: CalendarServiceProtocol {
    /// Creates it.
    public init() {}
    /// No events.
    public func fetchEvents() async throws -> [CalendarEvent] { [] }
    /// Never granted.
    public func requestAccess() async -> Bool { false }
}
