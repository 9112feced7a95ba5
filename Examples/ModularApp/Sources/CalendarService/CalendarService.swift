public import Foundation

/// Reads the user's calendar.
///
/// ```swift
/// let service = try await Container.calendarService()
/// let events = try await service.fetchEvents(from: monday, to: saturday)
/// ```
public protocol CalendarServicing: Sendable {
    /// Asks the server for access; `false` when it refused.
    func requestAccess() async -> Bool
    /// The events that start in `[from, to)`.
    func fetchEvents(from: Date, to: Date) async throws -> [CalendarEvent]
}

/// Why the calendar could not be read.
public enum CalendarServiceError: Error, Equatable {
    /// The token was blank.
    case invalidCredentials
    /// The server refused the token.
    case accessDenied
}

/// The production calendar service: a connected session with a ``CalendarBackend``.
///
/// ```swift
/// let service = try await RemoteCalendarService.connect(backend: backend, credentials: credentials)
/// ```
public struct RemoteCalendarService: CalendarServicing {
    let backend: any CalendarBackend
    let credentials: CalendarCredentials

    /// Connects and checks access; throws ``CalendarServiceError/accessDenied`` when the server refuses.
    public static func connect(
        backend: any CalendarBackend,
        credentials: CalendarCredentials
    ) async throws -> RemoteCalendarService {
        let service = RemoteCalendarService(backend: backend, credentials: credentials)
        guard await service.requestAccess() else { throw CalendarServiceError.accessDenied }
        return service
    }

    /// Performs the handshake with the stored token.
    public func requestAccess() async -> Bool {
        await backend.handshake(token: credentials.token)
    }

    /// Asks the backend.
    public func fetchEvents(from: Date, to: Date) async throws -> [CalendarEvent] {
        try await backend.events(from: from, to: to)
    }
}
