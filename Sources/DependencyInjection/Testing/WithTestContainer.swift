/// Runs a test in its own container, isolated from the default container and from every other test.
///
/// Registrations, caches and `TestDefaults` live in the test container and are gone when the block returns.
/// Resolving a factory that has no test registration stops the test with a message naming the missing
/// dependency, the resolution path, and where the container was created. Work that outlives the block
/// and resolves against it triggers `leakedResolutionBehavior`.
///
/// ```swift
/// @Test func placesOrder() {
///     withTestContainer {
///         let spy = SpyLogger()
///         Container.logger.register { spy as Logger }
///         OrderService().placeOrder()
///         #expect(spy.messages == ["Order placed"])
///     }
/// }
/// ```
@discardableResult
public func withTestContainer<T>(
    defaults: TestDefaults? = nil,
    unregisteredBehavior: UnregisteredBehavior = .fatalError,
    leakedResolutionBehavior: any LeakedResolutionBehavior = DefaultLeakedResolutionBehavior(),
    file: String = #fileID,
    line: UInt = #line,
    function: String = #function,
    operation: () throws -> T
) rethrows -> T {
    let container = makeTestContainer(
        defaults: defaults, unregisteredBehavior: unregisteredBehavior,
        leakedResolutionBehavior: leakedResolutionBehavior, file: file, line: line, function: function
    )
    defer { endTestContainer(container) }
    return try withContainer(container, operation: operation)
}

/// Runs an async test in its own container, on the caller's actor. See the synchronous overload.
///
/// ```swift
/// @Test func fetches() async {
///     await withTestContainer {
///         Container.networkClient.register { MockClient() }
///         #expect(await fetchData() == .success)
///     }
/// }
/// ```
@discardableResult
public func withTestContainer<T>(
    isolation: isolated (any Actor)? = #isolation,
    defaults: TestDefaults? = nil,
    unregisteredBehavior: UnregisteredBehavior = .fatalError,
    leakedResolutionBehavior: any LeakedResolutionBehavior = DefaultLeakedResolutionBehavior(),
    file: String = #fileID,
    line: UInt = #line,
    function: String = #function,
    operation: () async throws -> T
) async rethrows -> T {
    let container = makeTestContainer(
        defaults: defaults, unregisteredBehavior: unregisteredBehavior,
        leakedResolutionBehavior: leakedResolutionBehavior, file: file, line: line, function: function
    )
    defer { endTestContainer(container) }
    return try await withContainer(container, isolation: isolation, operation: operation)
}

private func makeTestContainer(
    defaults: TestDefaults?,
    unregisteredBehavior: UnregisteredBehavior,
    leakedResolutionBehavior: any LeakedResolutionBehavior,
    file: String,
    line: UInt,
    function: String
) -> Container {
    _ = Instrumentation.bootstrap
    let parent = Container.current
    let context = TestContext.current
    let info = ContainerInfo(
        kind: .test, parentID: parent.info.id, fileID: file, line: line, function: function,
        testName: context?.testName
    )
    let state = TestContainerState(
        info: info, unregisteredBehavior: unregisteredBehavior, leakedResolutionBehavior: leakedResolutionBehavior
    )
    let container = Container(info: info, parent: parent, testState: state, capture: context?.capture)
    Instrumentation.containerCreated(container)
    defaults?.apply(to: container)
    RuntimeState.executingTestBlocks.add(1, ordering: .sequentiallyConsistent)
    return container
}

private func endTestContainer(_ container: Container) {
    container.testState?.end()
    RuntimeState.executingTestBlocks.subtract(1, ordering: .sequentiallyConsistent)
    Instrumentation.containerEnded(container)
}
