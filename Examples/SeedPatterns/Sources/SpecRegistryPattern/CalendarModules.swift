// The spec/registry composition root (a `DependencySpec` per service, a `ServiceProvider` registry filled in
// `registerAll()`, resolution by key path) rewritten with DependencyInjection. Each module still owns its
// protocol and implementation; the spec becomes a `Factory` next to them.
// See docs/patterns/coming-from-spec-registry.md.
public import DependencyInjection

/// An event, reduced to what the pattern needs.
public struct CalendarEvent: Sendable, Hashable {
    /// What it is called.
    public let title: String
    /// `Mon`, `Tue`, …
    public let day: String

    /// Creates an event.
    public init(title: String, day: String) {
        self.title = title
        self.day = day
    }
}

// MARK: CalendarService module — layer 1 (protocol) and layer 2 (spec → factory)

/// Reads the calendar (layer 1, unchanged from the spec pattern).
public protocol CalendarServiceProtocol: Sendable {
    /// The week's events.
    func fetchEvents() async throws -> [CalendarEvent]
    /// Asks for access.
    func requestAccess() async -> Bool
}

/// The production implementation.
public struct CalendarService: CalendarServiceProtocol {
    /// Creates the service.
    public init() {}
    /// A fixed week (a real one would call the server).
    public func fetchEvents() async throws -> [CalendarEvent] {
        [CalendarEvent(title: "Standup", day: "Mon"), CalendarEvent(title: "Retro", day: "Fri")]
    }
    /// Always granted.
    public func requestAccess() async -> Bool { true }
}

extension Container {
    /// Was `CalendarServiceSpec` + `ServiceProvider.calendarService`: `make(resolver:)` is the closure, the
    /// key path is the static member.
    public static let calendarService = Factory { CalendarService() as any CalendarServiceProtocol }
}

// MARK: CalendarStore module — spec chaining

/// The store the features read.
public protocol CalendarStoreProtocol: Sendable {
    /// The week's events, sorted by day.
    func week() async throws -> [CalendarEvent]
}

/// The production store.
public struct CalendarStore: CalendarStoreProtocol {
    let calendarService: any CalendarServiceProtocol

    /// Constructor injection, exactly as before.
    public init(calendarService: any CalendarServiceProtocol) { self.calendarService = calendarService }

    /// The service's events, sorted by weekday.
    public func week() async throws -> [CalendarEvent] {
        let order = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return try await calendarService.fetchEvents().sorted {
            order.firstIndex(of: $0.day)! < order.firstIndex(of: $1.day)!
        }
    }
}

extension Container {
    /// Was `CalendarStoreSpec.make(resolver:)` calling `resolver.resolve(\.calendarService)`; registered with
    /// `registerSingleton`, hence `.cached` (one per container, so each test gets its own).
    public static let calendarStore = Factory(scope: .cached) {
        CalendarStore(calendarService: Container.calendarService()) as any CalendarStoreProtocol
    }
}

// MARK: Feature modules

/// The LLM engine, reduced to a counter.
public struct LLMEngine: Sendable {
    let store: any CalendarStoreProtocol
    /// A one-line summary of the week.
    public func summarize() async throws -> String {
        let events = try await store.week()
        return "\(events.count) events: " + events.map { "\($0.day) \($0.title)" }.joined(separator: ", ")
    }
}

/// The chat feature.
public struct ChatUI: Sendable {
    let engine: LLMEngine
    /// The assistant's first message.
    public func greeting() async throws -> String { "Your week — " + (try await engine.summarize()) }
}

extension Container {
    /// Was `LLMEngineSpec`.
    public static let llmEngine = Factory { LLMEngine(store: Container.calendarStore()) }
    /// Was `ChatUISpec`.
    public static let chatUI = Factory { ChatUI(engine: Container.llmEngine()) }
}
