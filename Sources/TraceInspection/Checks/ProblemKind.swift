/// The kinds of problem `di-inspect check` reports, each with a stable id string.
///
/// The first four come from the runtime's own `issue` events; the others are found by
/// analysing the trace. The ``rawValue`` is the stable id used in JSON output, GitHub
/// annotations and `dump`.
///
/// ```swift
/// ProblemKind.staleSingleton.rawValue   // "stale-singleton"
/// ```
public enum ProblemKind: String, Sendable, CaseIterable, Comparable {
    /// A factory's resolver (indirectly) resolved itself.
    case cycle
    /// A test container had no registration for a factory.
    case unregistered
    /// A test container was resolved against after its block ended.
    case leaked
    /// The default container was resolved against while a test container was active.
    case escaped
    /// A factory registered in a test container was resolved after the test ended (it got the test's double).
    case late
    /// A resolution waited unusually long for another task's creation of the same instance.
    case stalled
    /// A test registered a factory that was never resolved through that registration.
    case unusedTestRegistration = "unused-test-registration"
    /// A cached instance was created with a dependency that was re-registered afterwards.
    case staleSingleton = "stale-singleton"
    /// A factory's slowest resolution took longer than `--slow-ms`.
    case slowResolver = "slow-resolver"

    /// Whether problems of this kind are errors (`true`) or warnings (slow resolvers, late and stalled
    /// resolutions); `check --strict` reports warnings as errors.
    ///
    /// Both make `check` exit with code 1; GitHub annotations use `::error` or `::warning`.
    ///
    /// ```swift
    /// let command = kind.isError ? "error" : "warning"
    /// ```
    public var isError: Bool {
        switch self {
        case .slowResolver, .late, .stalled: false
        default: true
        }
    }

    /// Orders kinds by their declaration order.
    ///
    /// Used to sort problems deterministically.
    ///
    /// ```swift
    /// ProblemKind.cycle < .leaked   // true
    /// ```
    public static func < (lhs: ProblemKind, rhs: ProblemKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    init(_ kind: IssueRecord.Kind) {
        switch kind {
        case .cycle: self = .cycle
        case .unregistered: self = .unregistered
        case .leaked: self = .leaked
        case .escaped: self = .escaped
        case .late: self = .late
        case .stalled: self = .stalled
        }
    }

    /// What to do about a problem of this kind.
    var hint: String {
        switch self {
        case .cycle:
            "Break the cycle: make one of these dependencies lazy (@LazyInjected) or hand it in after creation."
        case .unregistered:
            "Register the factory in the test (`register { … }`), or give it a test value in TestDefaults."
        case .leaked:
            "Something resolved after the test's container ended: await or cancel the task that did it before "
                + "the test returns."
        case .escaped:
            "Resolve through the test container: run this code inside the test's container block, or pass the "
                + "dependency in."
        case .late:
            "Work the test started resolved after the test ended: await or cancel it before the test returns, "
                + "or it will run while other tests do."
        case .stalled:
            "Look for a wait cycle through Task.detached or another task: one side should resolve the other lazily."
        case .unusedTestRegistration:
            "Remove the registration, or check that the code under test really resolves this factory in the test."
        case .staleSingleton:
            "Register the dependency before the cached factory is first resolved, or reset the cached factory "
                + "after registering."
        case .slowResolver:
            "Move slow work out of the resolver (do it lazily or asynchronously), or cache the factory."
        }
    }
}
