/// A factory whose resolver is `() async -> Dependency`, created by `Factory { await … }`.
///
/// Concurrent resolutions of a `.cached` or `.shared` async factory run the resolver once; every caller
/// awaits the same instance.
///
/// ```swift
/// extension Container {
///     static let session = Factory(scope: .cached) { await Session.make() }
/// }
///
/// let session = await Container.session()
/// ```
public final class AsyncFactory<Dependency: Sendable>: FactoryDeclaration<Dependency, @Sendable () async -> Dependency>, @unchecked Sendable {
    // @unchecked: restated from ``FactoryDeclaration``, which says why it is safe.

    /// The closure that creates the dependency.
    public typealias Resolver = @Sendable () async -> Dependency

    init(scope: Scope, name: String?, fileID: StaticString, line: UInt, resolver: @escaping Resolver) {
        super.init(kind: .async, scope: scope, name: name, fileID: fileID, line: line, resolver: resolver)
    }

    /// Resolves the dependency in the current container.
    ///
    /// ```swift
    /// let session = await Container.session()
    /// ```
    @inlinable
    public func callAsFunction(
        file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) async -> Dependency {
        if core.runtime.fastPath, core.scope.kind == .cached,
           let cached = core.defaultCachedInstance() {
            return cached
        }
        let site = CallSite(fileID: file, filePath: filePath, line: line, function: function)
        return try! await core.resolveAsync(site: site, throwing: false, invoke: { await $0() }, onLeak: { await self.leakStrategy($0) })
    }

    @usableFromInline
    func leakStrategy(_ testContainer: Container) async -> LeakedResolutionStrategy<Dependency> {
        let info = testContainer.info
        return await testContainer.testState!.leakedResolutionBehavior.onLeak(
            factory: self, testContainerFile: info.fileID, testContainerLine: info.line, testContainerFunction: info.function
        )
    }
}
