public import Synchronization

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
    // @unchecked: mutable state is the slot index (atomics, one writer under `registry`'s lock) and the slots
    // (each publishes immutable snapshots); everything else is immutable.

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
    /// This container's slots, read without a lock; the table is owned by `registry`.
    @usableFromInline
    let index: Atomic<Unmanaged<SlotIndex>>
    /// Owns the slots and every table published in `index`; taken only to add a slot.
    let registry: LockedState<SlotRegistry>
    @usableFromInline
    let isDefault: Bool
    /// Events of this container's subtree, collected for the test that owns it (test containers only).
    let capture: TraceCapture?
    /// The capture of the nearest test container at or above this one, if it records its events (read on
    /// every recorded resolution, so it is worked out once here instead of walking up each time).
    let enclosingCapture: TraceCapture?
    /// The nearest test container at or above this one (its state), for late and leaked resolutions.
    let enclosingTest: TestContainerState?

    init(info: ContainerInfo, parent: Container?, testState: TestContainerState?, capture: TraceCapture? = nil) {
        self.info = info
        self.parent = parent
        self.testState = testState
        self.capture = capture
        self.enclosingCapture = testState != nil ? capture : parent?.enclosingCapture
        self.enclosingTest = testState ?? parent?.enclosingTest
        self.isDefault = info.kind == .default
        let table = SlotIndex()
        self.index = Atomic(Unmanaged.passUnretained(table))
        self.registry = LockedState(SlotRegistry(current: table))
        if info.kind != .default {
            RuntimeState.containerCreated()
        }
    }

    deinit {
        if info.kind != .default {
            RuntimeState.containerDestroyed()
        }
    }

    /// This container's slot for `core`, if it has one; found without a lock and not retained (the
    /// container owns it, so it lives as long as the container).
    @inlinable
    func unretainedExistingSlot<Dependency, Resolver>(for core: FactoryCore<Dependency, Resolver>) -> Unmanaged<ContainerSlot<Dependency, Resolver>>? {
        let raw = index.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.find(core.metadata.id) }
        return raw.map { Unmanaged<ContainerSlot<Dependency, Resolver>>.fromOpaque($0) }
    }

    /// This container's slot for `core`, created if needed.
    @usableFromInline
    func slot<Dependency, Resolver>(for core: FactoryCore<Dependency, Resolver>) -> ContainerSlot<Dependency, Resolver> {
        if let existing = unretainedExistingSlot(for: core) { return existing.takeUnretainedValue() }
        let id = core.metadata.id
        return registry.withLock { registry in
            if let raw = registry.current.find(id) {
                return Unmanaged<ContainerSlot<Dependency, Resolver>>.fromOpaque(raw).takeUnretainedValue()
            }
            let slot = ContainerSlot<Dependency, Resolver>()
            registry.slots.append(slot)
            if !registry.current.hasRoom {
                let grown = registry.current.grown()
                registry.retired.append(registry.current)
                registry.current = grown
                index.store(Unmanaged.passUnretained(grown), ordering: .releasing)
            }
            registry.current.insert(id, Unmanaged.passUnretained(slot).toOpaque())
            return slot
        }
    }
}

/// What a container owns behind its ``SlotIndex``: the slots, the current table and the tables it replaced
/// (a reader may still be in one; they are freed with the container).
struct SlotRegistry {
    var current: SlotIndex
    var retired: [SlotIndex] = []
    var slots: [AnyObject] = []
}
