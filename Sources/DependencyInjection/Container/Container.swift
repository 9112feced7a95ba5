internal import Synchronization

/// The resolution context: where registrations and cached instances live.
///
/// There is always a default container, ``Container/default``. Nested and test containers form a
/// parent–child hierarchy; the *current* one travels with the task (through `ServiceContext`), so child
/// tasks and task groups inherit it. Declare factories as static members of an extension:
///
/// ```swift
/// extension Container {
///     static let logger = Factory { ConsoleLogger() as Logger }
/// }
///
/// let logger = Container.logger()
/// ```
public final class Container: @unchecked Sendable {
    // @unchecked: all mutable state is inside `storage` (a Mutex); everything else is immutable.

    /// The global default container, used whenever no other container is current.
    ///
    /// ```swift
    /// Container.default === Container.current // true outside any withNestedContainer/withTestContainer
    /// ```
    public static let `default` = Container(
        info: ContainerInfo(kind: .default, parentID: nil, fileID: "", line: 0, function: "", testName: nil),
        parent: nil,
        testState: nil
    )

    let info: ContainerInfo
    @usableFromInline
    let parent: Container?
    @usableFromInline
    let testState: TestContainerState?
    @usableFromInline
    let storage = LockedState(SlotTable())
    @usableFromInline
    let isDefault: Bool
    /// Events of this container's subtree, collected for the test that owns it (test containers only).
    let capture: TraceCapture?

    init(info: ContainerInfo, parent: Container?, testState: TestContainerState?, capture: TraceCapture? = nil) {
        self.info = info
        self.parent = parent
        self.testState = testState
        self.capture = capture
        self.isDefault = info.kind == .default
        if info.kind != .default {
            RuntimeState.containerCreated()
        }
    }

    deinit {
        if info.kind != .default {
            RuntimeState.containerDestroyed()
        }
    }

    /// The nearest test container at or above this one.
    var enclosingTestContainer: Container? {
        var container: Container? = self
        while let current = container {
            if current.testState != nil { return current }
            container = current.parent
        }
        return nil
    }

    /// The capture of the nearest test container that records its events, if any.
    var enclosingCapture: TraceCapture? {
        enclosingTestContainer?.capture
    }

    /// Runs `body` with this container's slot for `core`, creating the slot if needed.
    @inlinable
    func withSlot<Dependency, Resolver, R>(
        for core: FactoryCore<Dependency, Resolver>,
        _ body: (ContainerSlot<Dependency, Resolver>) throws -> R
    ) rethrows -> R {
        try storage.withLock { storage in
            let slot: ContainerSlot<Dependency, Resolver>
            if let existing = storage[core.metadata.id] {
                slot = unsafeDowncast(existing, to: ContainerSlot<Dependency, Resolver>.self)
            } else {
                slot = ContainerSlot()
                storage[core.metadata.id] = slot
            }
            return try body(slot)
        }
    }

    /// Runs `body` with this container's slot for `core` if there is one.
    @inlinable
    func withExistingSlot<Dependency, Resolver, R>(
        for core: FactoryCore<Dependency, Resolver>,
        _ body: (ContainerSlot<Dependency, Resolver>?) throws -> R
    ) rethrows -> R {
        try storage.withLock { storage in
            let slot = storage[core.metadata.id].map {
                unsafeDowncast($0, to: ContainerSlot<Dependency, Resolver>.self)
            }
            return try body(slot)
        }
    }
}
