public import TraceVocabulary

/// A change to a factory's registration stack in one container (a `registration` event).
///
/// Pushes come from `register {}`, pops from `popRegistration()`, and test defaults from `TestDefaults`.
///
/// ```swift
/// let pushes = trace.registrations.filter { $0.action == .push }
/// ```
public struct RegistrationRecord: Sendable, Equatable {
    /// How the stack changed.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// registration.action == .testDefault
    /// ```
    public typealias Action = TraceRegistrationAction

    /// How the stack changed.
    public var action: Action
    /// The factory whose stack changed.
    public var factory: Int
    /// The container whose stack changed.
    public var container: Int
    /// The `#fileID` of the call site.
    public var file: String
    /// The line of the call site.
    public var line: Int
    /// The stack depth after the change.
    public var depth: Int
    /// When it happened.
    public var time: UInt64

    /// Creates a registration record.
    ///
    /// Records are normally made by ``TraceReader``.
    ///
    /// ```swift
    /// let r = RegistrationRecord(action: .push, factory: 3, container: 2, file: "T/T.swift", line: 9, depth: 1, time: 10)
    /// ```
    public init(action: Action, factory: Int, container: Int, file: String, line: Int, depth: Int, time: UInt64) {
        self.action = action
        self.factory = factory
        self.container = container
        self.file = file
        self.line = line
        self.depth = depth
        self.time = time
    }

    /// The call site as `file:line`.
    ///
    /// Reports print this to say where a registration happened.
    ///
    /// ```swift
    /// registration.site   // "AppTests/OrderTests.swift:14"
    /// ```
    public var site: String { "\(file):\(line)" }
}
