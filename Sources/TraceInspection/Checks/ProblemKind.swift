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
    /// A factory's own resolver (self time, children left out) took longer than `--slow-ms` in one resolution.
    case slowResolver = "slow-resolver"
    /// A cached instance kept a `.shared` or `.unique` instance, or a test container's instance, it resolved while
    /// being created.
    case captiveDependency = "captive-dependency"
    /// A synchronous resolution on the main thread spent longer than `--main-thread-ms` in its own resolver.
    case mainThreadBlocking = "main-thread-blocking"
    /// A factory resolved another at runtime, but its resolver does not show it in the scanned sources.
    case hiddenDependency = "hidden-dependency"
    /// A factory the scanned sources declare was not resolved in any of the traces.
    case neverResolved = "never-resolved"
    /// A test container would stop on a factory it has no registration for (found from a scan, before running).
    case wouldBeUnregistered = "would-be-unregistered"

    /// Whether problems of this kind are errors (`true`) or warnings (slow resolvers, late and stalled
    /// resolutions, captive dependencies, main-thread blocking, hidden dependencies, factories never resolved).
    ///
    /// Both make `check` exit with code 1; GitHub annotations use `::error` or `::warning`.
    ///
    /// ```swift
    /// let command = kind.isError ? "error" : "warning"
    /// ```
    public var isError: Bool {
        switch self {
        case .slowResolver, .late, .stalled, .captiveDependency, .mainThreadBlocking, .hiddenDependency,
            .neverResolved:
            false
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
        case .captiveDependency:
            "Resolve the dependency where it is used (@Injected, or inside the method) instead of keeping it, or "
                + "give it the scope of the instance that keeps it if one instance for that long is right."
        case .mainThreadBlocking:
            "Move the slow work off the main thread: make the factory async, resolve it from a background task, or "
                + "create it before the screen that needs it."
        case .hiddenDependency:
            "Resolve the dependency in the resolver itself (or through an injected property of what it builds), so "
                + "the scan, the graph and the test verify can see it."
        case .neverResolved:
            "Remove the factory if nothing needs it, or add a test that resolves it."
        case .wouldBeUnregistered:
            "Register the factory in the test (`register { … }`), give it a test value in the TestDefaults the test "
                + "applies, or call `useProduction()` on it."
        }
    }
}
