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
public final class AsyncThrowingFactory<Dependency: Sendable>: FactoryDeclaration<Dependency, @Sendable () async throws -> Dependency>, @unchecked Sendable {
    // @unchecked: restated from ``FactoryDeclaration``, which says why it is safe.

    /// The closure that creates the dependency.
    public typealias Resolver = @Sendable () async throws -> Dependency

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        super.init(kind: .asyncThrowing, scope: scope, name: name, fileID: fileID, line: line, resolver: resolver)
    }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let database = try await Container.database()
    /// ```
    @inlinable
    public func callAsFunction(
        file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) async throws -> Dependency {
        if core.runtime.fastPath, core.scope.kind == .cached,
           let cached = core.defaultCachedInstance() {
            return cached
        }
        let site = CallSite(fileID: file, filePath: filePath, line: line, function: function)
        return try await core.resolveAsync(site: site, throwing: true, invoke: { try await $0() }, onLeak: { try await self.leakStrategy($0) })
    }

    @usableFromInline
    func leakStrategy(_ testContainer: Container) async throws -> LeakedResolutionStrategy<Dependency> {
        let info = testContainer.info
        return try await testContainer.testState!.leakedResolutionBehavior.onLeak(
            factory: self, testContainerFile: info.fileID, testContainerLine: info.line, testContainerFunction: info.function
        )
    }
}
