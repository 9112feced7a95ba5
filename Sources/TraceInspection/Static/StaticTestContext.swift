/// A place where the sources make a test container: a `withTestContainer { … }` call, or a test
/// function under a `.testContainer` trait (its own or its suite's).
///
/// The scan records the `TestDefaults` it applies, the registrations in its body (as
/// ``StaticRegistration``s pointing at it) and the factories its body resolves directly.
///
/// ```swift
/// for context in model.testContexts where context.defaults.isEmpty { print(context.site) }
/// ```
public struct StaticTestContext: Sendable, Equatable {
    /// How the test container is made.
    ///
    /// The raw values are the strings a scan result uses.
    ///
    /// ```swift
    /// context.kind == .trait
    /// ```
    public enum Kind: String, Sendable, CaseIterable {
        /// `withTestContainer { … }`.
        case withTestContainer
        /// A `@Test` function under `.testContainer` or `.testContainer(defaults:)`.
        case trait
    }

    /// The context id, unique within one scan.
    public var id: Int
    /// How the test container is made.
    public var kind: Kind
    /// The `#fileID` of the call or test function.
    public var file: String
    /// The line the runtime records for the container (`withTestContainer`'s call line, the test's line).
    public var line: Int
    /// The enclosing function as `#function` prints it (`placesOrder()`).
    public var function: String
    /// `Suite/test()` for a test function, when the context is in one.
    public var test: String?
    /// The context this one is nested in (a `withTestContainer` inside a trait test).
    public var parent: Int?
    /// Names of the `TestDefaults` it applies, in order.
    public var defaults: [String]
    /// Factory ids its body resolves directly (calls, and injected properties of types it constructs).
    public var resolves: [Int]
    /// Whether it passes its own `unregisteredBehavior:` (then a missing registration does not stop the test).
    public var hasCustomUnregisteredBehavior: Bool

    /// Creates a context.
    ///
    /// The scanner makes these.
    ///
    /// ```swift
    /// let c = StaticTestContext(id: 1, kind: .trait, file: "AppTests/OrderTests.swift", line: 9,
    ///                           function: "placesOrder()", defaults: ["appDefaults"])
    /// ```
    public init(
        id: Int, kind: Kind, file: String, line: Int, function: String, test: String? = nil, parent: Int? = nil,
        defaults: [String] = [], resolves: [Int] = [], hasCustomUnregisteredBehavior: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.file = file
        self.line = line
        self.function = function
        self.test = test
        self.parent = parent
        self.defaults = defaults
        self.resolves = resolves
        self.hasCustomUnregisteredBehavior = hasCustomUnregisteredBehavior
    }

    /// Where the container is made, as `file:line`.
    ///
    /// ```swift
    /// context.site   // "AppTests/OrderTests.swift:9"
    /// ```
    public var site: String { "\(file):\(line)" }
}
