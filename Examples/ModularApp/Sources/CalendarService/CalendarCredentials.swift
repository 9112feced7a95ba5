internal import Foundation

/// The token the calendar backend is called with.
///
/// ```swift
/// let credentials = try CalendarCredentials(token: "demo-token")
/// ```
public struct CalendarCredentials: Sendable, Hashable {
    /// The bearer token.
    public let token: String

    /// Checks and wraps a token; throws ``CalendarServiceError/invalidCredentials`` when it is blank.
    ///
    /// ```swift
    /// try CalendarCredentials(token: "") // throws
    /// ```
    public init(token: String) throws {
        guard !token.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CalendarServiceError.invalidCredentials
        }
        self.token = token
    }

    /// Reads `CALENDAR_TOKEN` from the environment, falling back to a demo token.
    ///
    /// ```swift
    /// let credentials = try CalendarCredentials.fromEnvironment()
    /// ```
    public static func fromEnvironment() throws -> CalendarCredentials {
        try CalendarCredentials(token: ProcessInfo.processInfo.environment["CALENDAR_TOKEN"] ?? "demo-token")
    }
}
