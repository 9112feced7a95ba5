internal import CThreadContext

/// What the four factory kinds share: identity, scope, and the members that change registrations.
///
/// ``SyncFactory``, ``SyncThrowingFactory``, ``AsyncFactory`` and ``AsyncThrowingFactory`` are subclasses
/// that add only `callAsFunction` (how their resolver is called). You never create one directly: `Factory { … }`
/// does, and every member below works the same on all four.
///
/// ```swift
/// extension Container {
///     static let logger = Factory { ConsoleLogger() as any Logger }
/// }
///
/// Container.logger.register { SpyLogger() }   // override in the current container
/// Container.logger.popRegistration()          // back to the previous resolver
/// ```
public class FactoryDeclaration<Dependency, Resolver>: @unchecked Sendable, Hashable {
    // @unchecked: the mutable state is in `core` (snapshots published atomically, changes under a lock); the
    // resolver need not be @Sendable for synchronous kinds, as in the seed API this library keeps.

    @usableFromInline
    let core: FactoryCore<Dependency, Resolver>

    init(kind: FactoryKind, scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: Resolver) {
        let start = MonotonicClock.now()
        di_readers_prepare()
        core = FactoryCore(kind: kind, scope: scope, name: name, fileID: fileID, line: line, production: resolver)
        // Declaring is not resolving: a resolution that runs this (a `static let` read for the first time inside a
        // resolver) leaves it out of its recorded time.
        ThreadContext.current.pointee.excludedNanoseconds &+= MonotonicClock.now() &- start
    }

    /// The lifetime of instances this factory creates.
    ///
    /// ```swift
    /// Container.analytics.scope == .cached
    /// ```
    public var scope: Scope { core.scope }

    /// Pushes a resolver onto the current container's stack for this factory and clears its cache there.
    ///
    /// ```swift
    /// Container.logger.register { SpyLogger() as any Logger }
    /// ```
    public func register(file: StaticString = #fileID, line: UInt = #line, _ resolver: Resolver) {
        core.push(.resolver(resolver), in: Container.current, action: .push, fileID: file, line: line)
    }

    /// Removes the most recent registration from the current container's stack (LIFO) and clears the cache.
    ///
    /// Returns the factory, so a declaration can start without its production registration in a test:
    ///
    /// ```swift
    /// Container.logger.popRegistration()
    /// let factory = Factory { ConsoleLogger() }.popRegistration()
    /// ```
    @discardableResult
    public func popRegistration(file: StaticString = #fileID, line: UInt = #line) -> Self {
        core.pop(in: Container.current, fileID: file, line: line)
        return self
    }

    /// Uses the production resolver in the current container, even inside a test container.
    ///
    /// ```swift
    /// withTestContainer {
    ///     Container.clock.useProduction()
    /// }
    /// ```
    public func useProduction(file: StaticString = #fileID, line: UInt = #line) {
        core.push(.useProduction, in: Container.current, action: .useProduction, fileID: file, line: line)
    }

    /// Drops this factory's cached instance in the current container; the next resolution creates a new one.
    ///
    /// Registrations stay as they are. For `.unique` factories there is nothing to drop.
    ///
    /// ```swift
    /// let first = Container.analytics()
    /// Container.analytics.resetCache()
    /// Container.analytics() !== first   // true: created again
    /// ```
    public func resetCache(file: StaticString = #fileID, line: UInt = #line) {
        core.resetCache(in: Container.current, fileID: file, line: line)
    }

    /// A test double for ``TestDefault``: registered when the defaults are applied to a test container.
    ///
    /// ```swift
    /// let loggerDefault = TestDefault { Container.logger.testValue { MockLogger() } }
    /// ```
    public func testValue(file: StaticString = #fileID, line: UInt = #line, _ resolver: Resolver) -> FactoryDefault {
        FactoryDefault { [core] container in
            core.push(.resolver(resolver), in: container, action: .testDefault, fileID: file, line: line)
        }
    }

    /// Factories are equal when they are the same declaration.
    public static func == (lhs: FactoryDeclaration, rhs: FactoryDeclaration) -> Bool { lhs === rhs }

    /// Hashes the factory's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
