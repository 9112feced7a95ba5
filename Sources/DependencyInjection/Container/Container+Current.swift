internal import ServiceContextModule

/// The `ServiceContext` key under which the current container travels with the task.
private enum CurrentContainerKey: ServiceContextKey {
    typealias Value = Container
    static var nameOverride: String? { "dependency-injection.container" }
}

/// The current container as a plain task-local: read on every resolution while containers exist, so it
/// avoids `ServiceContext`'s dictionary and cast. `ServiceContext` carries it too (for code that propagates
/// contexts, such as tracing libraries) and is the fallback when this is unset.
@usableFromInline
enum CurrentContainer {
    @TaskLocal static var value: Container?

    /// The container bound to the current task (or thread), read without a retain; nil when no container is
    /// bound at all, which is what makes a resolution that reaches the default container an escape.
    ///
    /// `TaskLocal.get()` returns the container +1, and every resolution in a container reads it: two threads
    /// resolving in one test container then both write the container's reference count, which made their
    /// resolutions 3–4× slower than one thread's (a cached value type: 28 → 88–102 ns). This reads the
    /// binding's storage in place through the runtime function `get()` itself calls (exported by the
    /// concurrency runtime since Swift 5.5, and called directly by code inlined from older toolchains).
    ///
    /// Safe for as long as the caller runs synchronously inside the binding's scope, which holds the container
    /// +1: a binding is removed only when its `withValue` block returns. Callers use it within one synchronous
    /// call (`_withUnsafeGuaranteedRef`), never across a suspension.
    @usableFromInline
    static func unretainedBinding() -> Unmanaged<Container>? {
        if let storage = taskLocalValueGet(Unmanaged.passUnretained($value).toOpaque()),
           let container = storage.load(as: Unmanaged<Container>?.self) {
            return container
        }
        // Not bound as a plain task-local: a `ServiceContext` binding may hold the container instead; the
        // context, bound for the caller's whole call, keeps it alive.
        return ServiceContext.current?[CurrentContainerKey.self].map { Unmanaged.passUnretained($0) }
    }
}

/// The concurrency runtime's lookup of a task-local binding: the address of the innermost bound value for
/// `key` (the `TaskLocal` object) in the current task, or in the thread's storage outside a task; nil if unbound.
@_silgen_name("swift_task_localValueGet")
private func taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension Container {
    /// The container of the current task: the innermost `withNestedContainer`, `withTestContainer` or
    /// `withContainer`, else ``Container/default``.
    ///
    /// It propagates through structured concurrency (child tasks, task groups) but not into
    /// `Task.detached`; capture it and use ``withContainer(_:operation:)`` there.
    ///
    /// ```swift
    /// let container = Container.current
    /// Task.detached {
    ///     withContainer(container) { Container.logger().log("still in the test's container") }
    /// }
    /// ```
    public static var current: Container {
        // While no other container exists in the process, none can be current: skip the task-local read.
        guard RuntimeWord.shared.value.load(ordering: .relaxed) >= RuntimeState.containerUnit else { return .default }
        return CurrentContainer.unretainedBinding()?.takeUnretainedValue() ?? .default
    }

    static func context(with container: Container) -> ServiceContext {
        var context = ServiceContext.current ?? .topLevel
        context[CurrentContainerKey.self] = container
        return context
    }
}

/// Runs `operation` with `container` as the current container; for work that lost its context.
///
/// ```swift
/// let container = Container.current
/// Task.detached {
///     withContainer(container) {
///         let logger = Container.logger()
///     }
/// }
/// ```
public func withContainer<T>(_ container: Container, operation: () throws -> T) rethrows -> T {
    try CurrentContainer.$value.withValue(container) {
        try ServiceContext.withValue(Container.context(with: container), operation: operation)
    }
}

/// Runs async `operation` with `container` as the current container, on the caller's actor.
///
/// ```swift
/// let container = Container.current
/// Task.detached {
///     await withContainer(container) {
///         let session = await Container.session()
///     }
/// }
/// ```
public func withContainer<T>(
    _ container: Container,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> T
) async rethrows -> T {
    try await CurrentContainer.$value.withValue(container) {
        try await ServiceContext.withValue(Container.context(with: container), isolation: isolation, operation: operation)
    }
}
