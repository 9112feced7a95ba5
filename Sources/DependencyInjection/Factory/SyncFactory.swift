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
public final class SyncFactory<Dependency>: FactoryDeclaration<Dependency, () -> Dependency>, @unchecked Sendable {
    // @unchecked: restated from ``FactoryDeclaration``, which says why it is safe.

    /// The closure that creates the dependency.
    public typealias Resolver = () -> Dependency

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        super.init(kind: .sync, scope: scope, name: name, fileID: fileID, line: line, resolver: resolver)
    }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let logger = Container.logger()
    /// ```
    @inlinable
    public func callAsFunction(
        file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) -> Dependency {
        let site = CallSite(fileID: file, filePath: filePath, line: line, function: function)
        if core.runtime.fastPath {
            return try! core.resolveOnFastPath(site: site, throwing: false) { $0() }
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
}
