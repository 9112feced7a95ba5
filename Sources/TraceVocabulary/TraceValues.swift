// The values of the di-trace format's enumerations, shared by the runtime's encoder and di-inspect's reader: the
// raw values are the strings a trace holds. The runtime maps its own types to these with exhaustive switches, so a
// case added on one side does not compile until the other has it.

/// A factory's scope (`scope`).
public enum TraceScope: String, Sendable, CaseIterable {
    /// A new instance on every resolution.
    case unique
    /// One instance per container, kept until reset.
    case cached
    /// One instance while someone holds it (weakly cached).
    case shared
}

/// Whether a factory's resolver is synchronous and whether it throws (`kind` of a `factory` event).
public enum TraceFactoryKind: String, Sendable, CaseIterable {
    /// `() -> T`
    case sync
    /// `() throws -> T`
    case syncThrowing
    /// `() async -> T`
    case async
    /// `() async throws -> T`
    case asyncThrowing
}

/// What kind of container a `container` event created (`kind`).
public enum TraceContainerKind: String, Sendable, CaseIterable {
    /// The process-wide default container.
    case `default`
    /// `withNestedContainer`.
    case nested
    /// `withTestContainer`.
    case test
}

/// What changed a registration stack (`action` of a `registration` event).
public enum TraceRegistrationAction: String, Sendable, CaseIterable {
    /// `register {}` pushed a resolver.
    case push
    /// `popRegistration()` removed the top resolver.
    case pop
    /// `useProduction()` forced the factory's own resolver.
    case useProduction
    /// A resolver was applied from `TestDefaults`.
    case testDefault
}

/// What a resolution produced (`outcome`).
public enum TraceOutcome: String, Sendable, CaseIterable {
    /// A resolver ran and produced the value.
    case created
    /// A cached or shared instance was returned.
    case cacheHit
    /// The resolver threw or an issue stopped it.
    case failed

    /// The raw value as a `StaticString`, for the runtime's raw writes.
    @inlinable public var literal: StaticString {
        switch self {
        case .created: "created"
        case .cacheHit: "cacheHit"
        case .failed: "failed"
        }
    }
}

/// Which resolver a resolution used (`source`).
public enum TraceSource: String, Sendable, CaseIterable {
    /// The factory's own resolver.
    case production
    /// A registered override (`register` or `testValue`).
    case override
    /// The production resolver forced by `useProduction()`.
    case useProduction
    /// The leak behaviour's fallback.
    case leaked
    /// No binding: the resolution failed before a resolver was chosen (unregistered, escaped).
    case none

    /// The raw value as a `StaticString`, for the runtime's raw writes.
    @inlinable public var literal: StaticString {
        switch self {
        case .production: "production"
        case .override: "override"
        case .useProduction: "useProduction"
        case .leaked: "leaked"
        case .none: "none"
        }
    }
}

/// What an `issue` event reports (`kind`).
public enum TraceIssueKind: String, Sendable, CaseIterable {
    /// A factory's resolver (indirectly) resolved itself.
    case cycle
    /// A test container had no registration for the factory.
    case unregistered
    /// A test container was resolved against after its block ended.
    case leaked
    /// The default container was resolved against while a test container was active.
    case escaped
    /// A factory registered in a test container was resolved after that test's block returned.
    case late
    /// A resolution waited unusually long for another task's creation of the same instance.
    case stalled
}
