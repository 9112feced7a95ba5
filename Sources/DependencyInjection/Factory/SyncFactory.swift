/// A factory whose resolver is `() -> Dependency`, created by `Factory { … }`.
///
/// Call it to resolve through ``Container/current``:
///
/// ```swift
/// extension Container {
///     static let logger = Factory { ConsoleLogger() as Logger }
/// }
///
/// let logger = Container.logger()
/// Container.logger.register { SpyLogger() }   // override in the current container
/// Container.logger.popRegistration()          // back to the previous resolver
/// ```
public final class SyncFactory<Dependency>: @unchecked Sendable, Hashable {
    // @unchecked: state lives in `core` (Mutex/Atomic guarded). The resolver is not required to be @Sendable,
    // as in the API this library keeps source-compatible; it is only ever called by resolutions.

    /// The closure that creates the dependency.
    public typealias Resolver = () -> Dependency

    @usableFromInline
    let core: FactoryCore<Dependency, Resolver>

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        core = FactoryCore(kind: .sync, scope: scope, name: name, fileID: fileID, line: line, production: resolver)
    }

    /// The lifetime of instances this factory creates.
    public var scope: Scope { core.scope }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let logger = Container.logger()
    /// ```
    @inlinable
    public func callAsFunction(file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) -> Dependency {
        let site = CallSite(fileID: file, line: line, function: function)
        if core.runtime.fastPath {
            switch core.scope.kind {
            case .cached:
                if let cached = core.readDefaultSnapshot({ $0.cached }) { return cached }
                return try! core.createFast(site: site, throwing: false) { $0() }
            case .unique:
                let override = core.readDefaultSnapshot { $0.top }
                if case .resolver(let resolver)? = override?.body {
                    return try! core.runFast(resolver, site: site, throwing: false) { $0() }
                }
                return try! core.runFast(core.production, site: site, throwing: false) { $0() }
            case .shared:
                return try! core.createFast(site: site, throwing: false) { $0() }
            }
        }
        return try! core.resolveSync(site: site, throwing: false, invoke: { $0() }, onLeak: { self.leakStrategy($0) })
    }

    @usableFromInline
    func leakStrategy(_ testContainer: Container) -> LeakedResolutionStrategy<Dependency> {
        let info = testContainer.info
        return testContainer.testState!.leakedResolutionBehavior.onLeak(
            factory: self, testContainerFile: info.fileID, testContainerLine: info.line, testContainerFunction: info.function
        )
    }

    /// Pushes a resolver onto the current container's stack for this factory and clears its cache there.
    ///
    /// ```swift
    /// Container.logger.register { SpyLogger() as Logger }
    /// ```
    public func register(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) {
        core.push(.resolver(resolver), in: Container.current, action: .push, fileID: file, line: line)
    }

    /// Removes the most recent registration from the current container's stack (LIFO).
    ///
    /// ```swift
    /// Container.logger.popRegistration()
    /// ```
    public func popRegistration(file: StaticString = #fileID, line: UInt = #line) {
        core.pop(in: Container.current, fileID: file, line: line)
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

    /// A test double for ``TestDefault``: registered when the defaults are applied to a test container.
    ///
    /// ```swift
    /// let loggerDefault = TestDefault { Container.logger.testValue { MockLogger() } }
    /// ```
    public func testValue(file: StaticString = #fileID, line: UInt = #line, _ resolver: @escaping Resolver) -> FactoryDefault {
        FactoryDefault { [core] container in
            core.push(.resolver(resolver), in: container, action: .testDefault, fileID: file, line: line)
        }
    }

    /// Factories are equal when they are the same declaration.
    public static func == (lhs: SyncFactory, rhs: SyncFactory) -> Bool { lhs === rhs }

    /// Hashes the factory's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
