/// A factory whose resolver is `() throws -> Dependency`, created by `Factory { try … }`.
///
/// Call it with `try` to resolve through ``Container/current``:
///
/// ```swift
/// extension Container {
///     static let config = Factory { try Config.load() }
/// }
///
/// let config = try Container.config()
/// Container.config.register { Config.fixture }   // override in the current container
/// Container.config.popRegistration()             // back to the previous resolver
/// ```
public final class SyncThrowingFactory<Dependency>: @unchecked Sendable, Hashable {
    // @unchecked: state lives in `core` (Mutex/Atomic guarded). The resolver is not required to be @Sendable,
    // as in the API this library keeps source-compatible; it is only ever called by resolutions.

    /// The closure that creates the dependency.
    public typealias Resolver = () throws -> Dependency

    @usableFromInline
    let core: FactoryCore<Dependency, Resolver>

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        core = FactoryCore(kind: .syncThrowing, scope: scope, name: name, fileID: fileID, line: line, production: resolver)
    }

    /// The lifetime of instances this factory creates.
    public var scope: Scope { core.scope }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let config = try Container.config()
    /// ```
    @inlinable
    public func callAsFunction(file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) throws -> Dependency {
        let site = CallSite(fileID: file, line: line, function: function)
        if core.runtime.fastPath {
            switch core.scope.kind {
            case .cached:
                if let cached = core.readDefaultSnapshot({ $0.cached }) { return cached }
                return try core.createFast(site: site, throwing: true) { try $0() }
            case .unique:
                let override = core.readDefaultSnapshot { $0.top }
                if case .resolver(let resolver)? = override?.body {
                    return try core.runFast(resolver, site: site, throwing: true) { try $0() }
                }
                return try core.runFast(core.production, site: site, throwing: true) { try $0() }
            case .shared:
                return try core.createFast(site: site, throwing: true) { try $0() }
            }
        }
        return try core.resolveSync(site: site, throwing: true, invoke: { try $0() }, onLeak: { try self.leakStrategy($0) })
    }

    @usableFromInline
    func leakStrategy(_ testContainer: Container) throws -> LeakedResolutionStrategy<Dependency> {
        let info = testContainer.info
        return try testContainer.testState!.leakedResolutionBehavior.onLeak(
            factory: self, testContainerFile: info.fileID, testContainerLine: info.line, testContainerFunction: info.function
        )
    }

    /// Pushes a resolver onto the current container's stack for this factory and clears its cache there.
    ///
    /// ```swift
    /// Container.config.register { Config.fixture }
    /// ```
    public func register(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) {
        core.push(.resolver(resolver), in: Container.current, action: .push, fileID: file, line: line)
    }

    /// Removes the most recent registration from the current container's stack (LIFO).
    ///
    /// ```swift
    /// Container.config.popRegistration()
    /// ```
    public func popRegistration(file: StaticString = #fileID, line: UInt = #line) {
        core.pop(in: Container.current, fileID: file, line: line)
    }

    /// Uses the production resolver in the current container, even inside a test container.
    ///
    /// ```swift
    /// withTestContainer {
    ///     Container.config.useProduction()
    /// }
    /// ```
    public func useProduction(file: StaticString = #fileID, line: UInt = #line) {
        core.push(.useProduction, in: Container.current, action: .useProduction, fileID: file, line: line)
    }

    /// A test double for ``TestDefault``: registered when the defaults are applied to a test container.
    ///
    /// ```swift
    /// let configDefault = TestDefault { Container.config.testValue { Config.fixture } }
    /// ```
    public func testValue(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) -> FactoryDefault {
        FactoryDefault { [core] container in
            core.push(.resolver(resolver), in: container, action: .testDefault, fileID: file, line: line)
        }
    }

    /// Factories are equal when they are the same declaration.
    public static func == (lhs: SyncThrowingFactory, rhs: SyncThrowingFactory) -> Bool { lhs === rhs }

    /// Hashes the factory's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
