/// A factory whose resolver is `() async throws -> Dependency`, created by `Factory { try await … }`.
///
/// Concurrent resolutions of a `.cached` or `.shared` async factory run the resolver once; every caller
/// awaits the same instance.
///
/// ```swift
/// extension Container {
///     static let database = Factory(scope: .cached) { try await Database.connect() }
/// }
///
/// let database = try await Container.database()
/// ```
public final class AsyncThrowingFactory<Dependency: Sendable>: @unchecked Sendable, Hashable {
    // @unchecked: state lives in `core` (Mutex/Atomic guarded); the resolver is @Sendable.

    /// The closure that creates the dependency.
    public typealias Resolver = @Sendable () async throws -> Dependency

    @usableFromInline
    let core: FactoryCore<Dependency, Resolver>

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        core = FactoryCore(kind: .asyncThrowing, scope: scope, name: name, fileID: fileID, line: line, production: resolver)
    }

    /// The lifetime of instances this factory creates.
    public var scope: Scope { core.scope }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let database = try await Container.database()
    /// ```
    @inlinable
    public func callAsFunction(file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) async throws -> Dependency {
        if core.runtime.fastPath, core.scope.kind == .cached,
           let cached = core.readDefaultSnapshot({ $0.cached }) {
            return cached
        }
        let site = CallSite(fileID: file, line: line, function: function)
        return try await core.resolveAsync(site: site, throwing: true, invoke: { try await $0() }, onLeak: { try await self.leakStrategy($0) })
    }

    @usableFromInline
    func leakStrategy(_ testContainer: Container) async throws -> LeakedResolutionStrategy<Dependency> {
        let info = testContainer.info
        return try await testContainer.testState!.leakedResolutionBehavior.onLeak(
            factory: self, testContainerFile: info.fileID, testContainerLine: info.line, testContainerFunction: info.function
        )
    }

    /// Pushes a resolver onto the current container's stack for this factory and clears its cache there.
    ///
    /// ```swift
    /// Container.session.register { MockSession() }
    /// ```
    public func register(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) {
        core.push(.resolver(resolver), in: Container.current, action: .push, fileID: file, line: line)
    }

    /// Removes the most recent registration from the current container's stack (LIFO).
    ///
    /// ```swift
    /// Container.session.popRegistration()
    /// ```
    public func popRegistration(file: StaticString = #fileID, line: UInt = #line) {
        core.pop(in: Container.current, fileID: file, line: line)
    }

    /// Uses the production resolver in the current container, even inside a test container.
    ///
    /// ```swift
    /// Container.session.useProduction()
    /// ```
    public func useProduction(file: StaticString = #fileID, line: UInt = #line) {
        core.push(.useProduction, in: Container.current, action: .useProduction, fileID: file, line: line)
    }

    /// A test double for ``TestDefault``: registered when the defaults are applied to a test container.
    ///
    /// ```swift
    /// TestDefault { Container.session.testValue { MockSession() } }
    /// ```
    public func testValue(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) -> FactoryDefault {
        FactoryDefault { [core] container in
            core.push(.resolver(resolver), in: container, action: .testDefault, fileID: file, line: line)
        }
    }

    /// Factories are equal when they are the same declaration.
    public static func == (lhs: AsyncThrowingFactory, rhs: AsyncThrowingFactory) -> Bool { lhs === rhs }

    /// Hashes the factory's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
