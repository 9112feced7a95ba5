/// A registration the sources show: `register {}`, `useProduction()`, `popRegistration()`, or a
/// `testValue {}` inside a `TestDefault`.
///
/// ```swift
/// let doubles = model.registrations.filter { $0.action == .testDefault }
/// ```
public struct StaticRegistration: Sendable, Equatable {
    /// What the call does, in the trace's words (`testValue` is ``RegistrationRecord/Action/testDefault``).
    public var action: RegistrationRecord.Action
    /// The factory's id (in the scan).
    public var factory: Int
    /// The `#fileID` of the call.
    public var file: String
    /// The line of the call, as the runtime records it.
    public var line: Int
    /// The test context (``StaticTestContext/id``) whose body holds the call, if any.
    public var context: Int?
    /// The `TestDefaults` or `TestDefault` (``StaticTestDefaults/name``) that holds a `testValue`.
    public var defaults: String?

    /// Creates a registration.
    ///
    /// The scanner makes these.
    ///
    /// ```swift
    /// let r = StaticRegistration(action: .push, factory: 3, file: "AppTests/OrderTests.swift", line: 12, context: 1)
    /// ```
    public init(
        action: RegistrationRecord.Action, factory: Int, file: String, line: Int, context: Int? = nil,
        defaults: String? = nil
    ) {
        self.action = action
        self.factory = factory
        self.file = file
        self.line = line
        self.context = context
        self.defaults = defaults
    }

    /// The call site as `file:line`.
    ///
    /// ```swift
    /// registration.site   // "AppTests/OrderTests.swift:12"
    /// ```
    public var site: String { "\(file):\(line)" }
}
