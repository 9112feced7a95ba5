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
public final class SyncThrowingFactory<Dependency>: FactoryDeclaration<Dependency, () throws -> Dependency>, @unchecked Sendable {
    // @unchecked: restated from ``FactoryDeclaration``, which says why it is safe.

    /// The closure that creates the dependency.
    public typealias Resolver = () throws -> Dependency

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        super.init(kind: .syncThrowing, scope: scope, name: name, fileID: fileID, line: line, resolver: resolver)
    }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let config = try Container.config()
    /// ```
    @inlinable
    public func callAsFunction(
        file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) throws -> Dependency {
        let site = CallSite(fileID: file, filePath: filePath, line: line, function: function)
        if core.runtime.fastPath {
            return try core.resolveOnFastPath(site: site, throwing: true) { try $0() }
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
}
