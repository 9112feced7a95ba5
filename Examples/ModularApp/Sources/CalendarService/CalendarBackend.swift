public import Foundation

/// The transport to the calendar server.
///
/// A real app would speak CalDAV or a vendor API here; the example ships ``SimulatedCalendarBackend``
/// so it runs anywhere, deterministically and without network.
public protocol CalendarBackend: AnyObject, Sendable {
    /// Checks the token; `false` means access was refused.
    func handshake(token: String) async -> Bool
    /// The events that start in `[from, to)`.
    func events(from: Date, to: Date) async throws -> [CalendarEvent]
}

/// An in-process calendar server with a few milliseconds of simulated latency per call.
///
/// ```swift
/// let backend = SimulatedCalendarBackend(events: CalendarEvent.sampleWeek, latency: .milliseconds(2))
/// ```
public final class SimulatedCalendarBackend: CalendarBackend {
    let storedEvents: [CalendarEvent]
    let latency: Duration
    let acceptsToken: Bool

    /// Creates a server holding `events`; `acceptsToken: false` refuses every handshake.
    public init(events: [CalendarEvent], latency: Duration = .milliseconds(1), acceptsToken: Bool = true) {
        self.storedEvents = events
        self.latency = latency
        self.acceptsToken = acceptsToken
    }

    /// Waits `latency`, then accepts any non-empty token unless configured to refuse.
    public func handshake(token: String) async -> Bool {
        try? await Task.sleep(for: latency)
        return acceptsToken && !token.isEmpty
    }

    /// Waits `latency`, then returns the stored events that start in the range.
    public func events(from: Date, to: Date) async throws -> [CalendarEvent] {
        try await Task.sleep(for: latency)
        return storedEvents.filter { $0.start >= from && $0.start < to }
    }
}
