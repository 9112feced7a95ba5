/// Runs `operation` in a new child of the current container.
///
/// The child sees its parent's registrations and cached instances; what it registers stays inside it
/// and is gone when the block returns.
///
/// ```swift
/// withNestedContainer {
///     Container.logger.register { FileLogger() }
///     Container.logger() // FileLogger
/// }
/// Container.logger()     // the parent's logger again
/// ```
@discardableResult
public func withNestedContainer<T>(
    file: StaticString = #fileID,
    line: UInt = #line,
    function: StaticString = #function,
    operation: () throws -> T
) rethrows -> T {
    let container = makeNestedContainer(file: file, line: line, function: function)
    defer { Instrumentation.containerEnded(container) }
    return try withContainer(container, operation: operation)
}

/// Runs async `operation` in a new child of the current container, on the caller's actor.
///
/// ```swift
/// await withNestedContainer {
///     Container.session.register { MockSession() }
///     let session = await Container.session()
/// }
/// ```
@discardableResult
public func withNestedContainer<T>(
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #fileID,
    line: UInt = #line,
    function: StaticString = #function,
    operation: () async throws -> T
) async rethrows -> T {
    let container = makeNestedContainer(file: file, line: line, function: function)
    defer { Instrumentation.containerEnded(container) }
    return try await withContainer(container, isolation: isolation, operation: operation)
}

private func makeNestedContainer(file: StaticString, line: UInt, function: StaticString) -> Container {
    _ = Instrumentation.bootstrap
    let parent = Container.current
    let info = ContainerInfo(
        kind: .nested, parentID: parent.info.id, fileID: file.description, line: line,
        function: function.description, testName: nil
    )
    let container = Container(info: info, parent: parent, testState: nil)
    Instrumentation.containerCreated(container)
    return container
}
