internal import CalendarService
internal import DependencyInjection
internal import LLMEngine

/// The app's composition root: the only place that decides which implementations the modules get.
///
/// Every module already declares a production factory for what it owns, so there is nothing to register for
/// the common case; this only overrides what the app wants differently. Call it once, before anything
/// resolves, so no cached instance is built on the module defaults.
enum CompositionRoot {
    static func registerProductionOverrides() {
        // The demo runs against a simulated server holding a fixed week, with 2 ms of latency per call,
        // and pins "now" inside that week, so every run prints the same thing.
        Container.calendarBackend.register {
            SimulatedCalendarBackend(events: CalendarEvent.sampleWeek, latency: .milliseconds(2))
        }
        Container.calendarClock.register {
            FixedCalendarClock(now: CalendarEvent.sampleWeekStart.addingTimeInterval(8 * 3600))
        }
        // Deterministic answers: temperature 0.
        Container.modelConfiguration.register {
            try ModelConfiguration(name: "template-small", temperature: 0, maxTokens: 512)
        }
    }
}
