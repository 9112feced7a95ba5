public import Synchronization

/// One factory's registrations and cache in one container.
///
/// A factory holds its own slot for the default container; every other container keeps its slots in a
/// ``SlotIndex``. Reads are lock-free (the current ``SlotSnapshot`` behind an atomic pointer, read inside
/// ``readingSnapshots(_:)``); changes take the slot's own lock, build a new snapshot and publish it, and the
/// replaced one is freed once no read can still be using it (``SnapshotReclamation``).
@usableFromInline
final class ContainerSlot<Dependency, Resolver>: Sendable {
    /// The current snapshot, owned (retained) by `state`.
    @usableFromInline
    let published: Atomic<Unmanaged<SlotSnapshot<Dependency, Resolver>>>
    @usableFromInline
    let state: LockedState<State>

    @usableFromInline
    struct State {
        @usableFromInline var current: SlotSnapshot<Dependency, Resolver>
        /// The async creation other resolutions wait for.
        var inflight: InflightCreation<Dependency>?

        init(current: SlotSnapshot<Dependency, Resolver>) { self.current = current }
    }

    @usableFromInline
    init() {
        let initial = SlotSnapshot<Dependency, Resolver>(stack: [], cached: nil, weakBox: nil, generation: 0)
        published = Atomic(Unmanaged.passUnretained(initial))
        state = LockedState(State(current: initial))
    }

    // MARK: Reads (the only code that looks inside a published snapshot)

    /// Calls `body` with what one snapshot holds for a resolution: the top registration (nil: none, production
    /// applies), the kept instance (strongly for `.cached`, weakly for `.shared`; nil when there is none or
    /// `includingInstance` is false) and the generation a new instance must be stored under. The values are
    /// borrowed for the call: `body` copies out what it needs, and, running inside the read, reads no other slot.
    /// (A closure rather than a returned struct, so that the caller builds its result inside the read as it did
    /// before this API, with no extra copy of the resolver and the instance; the two forms measured the same within
    /// the benchmark machine's noise, docs/performance.md.)
    @inlinable
    func reading<R>(includingInstance: Bool, _ body: (RegistrationEntry<Resolver>?, Dependency?, UInt64) -> R) -> R {
        Self.reading(published, includingInstance: includingInstance, body)
    }

    /// The kept instance with the kind of the registration it was created under, or nil when the slot has no
    /// registration or no instance (a cache hit in a container that registered the factory itself).
    @inlinable
    func registeredInstance() -> (Dependency, ResolutionSource)? {
        Self.withPublishedSnapshot(published) { snapshot in
            guard let source = snapshot.topSource, let instance = snapshot.instance else { return nil }
            return (instance, source)
        }
    }

    /// ``reading(includingInstance:_:)`` through a slot's `published` field. Static, like every read below, so
    /// that a factory reads its default slot without calling a method on it: a method call would retain the
    /// slot, a write to one shared reference count per resolution (10 ns, and contended between threads).
    @inlinable @inline(__always)
    static func reading<R>(
        _ published: borrowing Atomic<Unmanaged<SlotSnapshot<Dependency, Resolver>>>, includingInstance: Bool,
        _ body: (RegistrationEntry<Resolver>?, Dependency?, UInt64) -> R
    ) -> R {
        withPublishedSnapshot(published) { snapshot in
            body(snapshot.top, includingInstance ? snapshot.instance : nil, snapshot.generation)
        }
    }

    /// The `.cached` scope's instance alone (its strong storage; the fast path's cache hit). Reading only that
    /// field keeps the inlined fast path as small as it was: the weak `.shared` storage is not looked at.
    @inlinable @inline(__always)
    static func cachedInstance(_ published: borrowing Atomic<Unmanaged<SlotSnapshot<Dependency, Resolver>>>) -> Dependency? {
        withPublishedSnapshot(published) { $0.cached }
    }

    /// The top registration's body alone (the fast path's `.unique` resolution).
    @inlinable @inline(__always)
    static func topRegistration(
        _ published: borrowing Atomic<Unmanaged<SlotSnapshot<Dependency, Resolver>>>
    ) -> RegistrationEntry<Resolver>.Body? {
        withPublishedSnapshot(published) { $0.top?.body }
    }

    /// The one way a published snapshot is read: inside ``readingSnapshots(_:)``, through an acquiring load,
    /// without a retain. `body` must copy out what it needs. Only the reads above call it (internal rather than
    /// private because they are inlinable).
    @inlinable @inline(__always)
    static func withPublishedSnapshot<R>(
        _ published: borrowing Atomic<Unmanaged<SlotSnapshot<Dependency, Resolver>>>,
        _ body: (SlotSnapshot<Dependency, Resolver>) -> R
    ) -> R {
        readingSnapshots { published.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body) }
    }

    // MARK: Changes

    /// Makes `snapshot` the current one; call with the lock held. Returns the snapshot it replaced, for the
    /// caller to hand to ``SnapshotReclamation/release(_:holdingInstance:)`` once the lock is released.
    private func publish(_ snapshot: SlotSnapshot<Dependency, Resolver>, into state: inout State) -> SlotSnapshot<Dependency, Resolver> {
        let replaced = state.current
        state.current = snapshot
        published.store(Unmanaged.passUnretained(snapshot), ordering: .releasing)
        return replaced
    }

    /// Changes the registration stack and clears the cache; returns the new depth of the stack.
    func changeStack(_ change: (inout [RegistrationEntry<Resolver>]) -> Void) -> Int {
        let (depth, replaced) = state.withLock { state in
            var stack = state.current.stack
            change(&stack)
            let replaced = publish(SlotSnapshot(stack: stack, cached: nil, weakBox: nil, generation: state.current.generation &+ 1), into: &state)
            return (stack.count, replaced)
        }
        SnapshotReclamation.release(replaced, holdingInstance: replaced.cached != nil)
        return depth
    }

    /// Drops the cached instance; registrations stay. A creation already running is not stored either.
    func clearCache() {
        let replaced = state.withLock { state in
            let current = state.current
            return publish(
                SlotSnapshot(stack: current.stack, cached: nil, weakBox: nil, generation: current.generation &+ 1), into: &state
            )
        }
        SnapshotReclamation.release(replaced, holdingInstance: replaced.cached != nil)
    }

    /// Stores a newly created instance unless the registrations changed since `generation`; returns the
    /// instance every caller should get (an instance another thread stored first wins).
    @usableFromInline
    func store(_ value: Dependency, generation: UInt64, scope: Scope) -> Dependency {
        var replaced: SlotSnapshot<Dependency, Resolver>?
        let stored = state.withLock { state in store(value, generation: generation, scope: scope, state: &state, replaced: &replaced) }
        SnapshotReclamation.release(replaced, holdingInstance: replaced?.cached != nil)
        return stored
    }

    private func store(
        _ value: Dependency, generation: UInt64, scope: Scope, state: inout State, replaced: inout SlotSnapshot<Dependency, Resolver>?
    ) -> Dependency {
        let current = state.current
        guard current.generation == generation else { return value }
        if let existing = current.instance { return existing }
        if scope.kind == .cached {
            replaced = publish(SlotSnapshot(stack: current.stack, cached: value, weakBox: nil, generation: generation), into: &state)
        } else if isReferenceValue(value) {
            replaced = publish(SlotSnapshot(stack: current.stack, cached: nil, weakBox: WeakBox(value as AnyObject), generation: generation), into: &state)
        }
        return value
    }

    // MARK: Async deduplication

    enum AsyncStart {
        case hit(Dependency)
        case wait(InflightCreation<Dependency>)
        case create(InflightCreation<Dependency>)
    }

    /// Either the cached instance, an in-flight creation to wait for, or a new creation this caller runs.
    /// `creator` is asked only when this caller creates.
    func beginAsyncCreation(factory: FactoryMetadata, creator: () -> AsyncResolutionFrame?) -> AsyncStart {
        state.withLock { state in
            if let cached = state.current.instance { return .hit(cached) }
            if let inflight = state.inflight { return .wait(inflight) }
            let inflight = InflightCreation<Dependency>(factory: factory, creator: creator(), generation: state.current.generation)
            state.inflight = inflight
            return .create(inflight)
        }
    }

    /// Publishes the outcome of an async creation and wakes everyone waiting for it.
    func finishAsyncCreation(
        _ inflight: InflightCreation<Dependency>,
        result: Result<Dependency, any Error>,
        scope: Scope
    ) -> Result<Dependency, any Error> {
        var replaced: SlotSnapshot<Dependency, Resolver>?
        defer { SnapshotReclamation.release(replaced, holdingInstance: replaced?.cached != nil) }
        let (final, waiters) = state.withLock { state in
            if state.inflight === inflight { state.inflight = nil }
            var final = result
            if case .success(let value) = result {
                final = .success(store(value, generation: inflight.generation, scope: scope, state: &state, replaced: &replaced))
            }
            inflight.result = final
            defer { inflight.waiters = [] }
            return (final, inflight.waiters)
        }
        // Async factories require `Dependency: Sendable`, so handing one result to every waiter is safe.
        nonisolated(unsafe) let shared = final
        for waiter in waiters { waiter.resume(returning: shared) }
        return final
    }

    /// Waits for another resolution's async creation to finish.
    func wait(for inflight: InflightCreation<Dependency>) async -> Result<Dependency, any Error> {
        await withUnsafeContinuation { continuation in
            let ready: Result<Dependency, any Error>? = state.withLock { _ in
                if let result = inflight.result { return result }
                inflight.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
