public import Synchronization

/// The machinery behind every factory kind: identity, production resolver, and the factory's own
/// default-container state (registration stack and cache), which lives here rather than in a dictionary
/// of `Container.default` so that a resolution needs no lookup, no cast and no lock, and a factory
/// declared in a test's local scope is freed with it.
@usableFromInline
final class FactoryCore<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: the mutable default-container state is behind `defaultState` (a Mutex) and published
    // through `published` (an Atomic); everything else is immutable.

    @usableFromInline
    let metadata: FactoryMetadata
    @usableFromInline
    let scope: Scope
    @usableFromInline
    let production: Resolver
    /// The process-wide runtime word, held directly so the fast path reads it without a global's addressor.
    @usableFromInline
    let runtime = RuntimeWord.shared
    /// The current default-container snapshot, owned (retained) by `defaultState`.
    @usableFromInline
    let published: Atomic<Unmanaged<DefaultSnapshot<Dependency, Resolver>>>
    @usableFromInline
    let defaultState: LockedState<DefaultState>

    @usableFromInline
    struct DefaultState {
        @usableFromInline var current: DefaultSnapshot<Dependency, Resolver>
        /// Snapshots replaced while a reader may still hold their address; freed with the factory.
        @usableFromInline var retired: [DefaultSnapshot<Dependency, Resolver>] = []
        /// The `.shared` instance; guarded by the lock (weak references are not published lock-free).
        @usableFromInline var sharedBox: WeakBox?
        @usableFromInline var inflight: InflightCreation<Dependency>?

        init(current: DefaultSnapshot<Dependency, Resolver>) { self.current = current }
    }

    init(kind: FactoryKind, scope: Scope, name: String?, fileID: StaticString, line: UInt, production: Resolver) {
        self.metadata = FactoryMetadata(
            kind: kind, scope: scope, name: name, fileID: fileID, line: line, dependencyType: Dependency.self
        )
        self.scope = scope
        self.production = production
        let initial = DefaultSnapshot<Dependency, Resolver>(stack: [], cached: nil, generation: 0)
        self.published = Atomic(Unmanaged.passUnretained(initial))
        self.defaultState = LockedState(DefaultState(current: initial))
        Instrumentation.factoryDeclared(metadata)
    }

    // MARK: Registration stack

    /// Changes this factory's registration stack in `container`, clears its cache there, and records it.
    func changeRegistrations(
        in container: Container,
        action: RegistrationAction,
        fileID: StaticString,
        line: UInt,
        _ change: (inout [RegistrationEntry<Resolver>]) -> Void
    ) {
        let depth: Int
        if container.isDefault {
            depth = defaultState.withLock { state in
                var stack = state.current.stack
                change(&stack)
                state.sharedBox = nil
                publish(
                    DefaultSnapshot(stack: stack, cached: nil, generation: state.current.generation &+ 1),
                    into: &state
                )
                return stack.count
            }
        } else {
            depth = container.withSlot(for: self) { slot in
                change(&slot.stack)
                slot.clearCache()
                return slot.stack.count
            }
        }
        Instrumentation.registrationChanged(
            metadata, container: container, action: action, fileID: fileID, line: line, depth: depth
        )
    }

    func push(_ body: RegistrationEntry<Resolver>.Body, in container: Container, action: RegistrationAction, fileID: StaticString, line: UInt) {
        let entry = RegistrationEntry(body: body, fileID: fileID, line: line)
        changeRegistrations(in: container, action: action, fileID: fileID, line: line) { $0.append(entry) }
    }

    func pop(in container: Container, fileID: StaticString, line: UInt) {
        changeRegistrations(in: container, action: .pop, fileID: fileID, line: line) { stack in
            if !stack.isEmpty { stack.removeLast() }
        }
    }

    @inlinable
    func publish(_ snapshot: DefaultSnapshot<Dependency, Resolver>, into state: inout DefaultState) {
        state.retired.append(state.current)
        state.current = snapshot
        published.store(Unmanaged.passUnretained(snapshot), ordering: .releasing)
    }

    // MARK: Finding the binding

    @usableFromInline
    enum Binding {
        case override(Resolver)
        case production
        case useProduction
        case unregistered
        case leaked
        case escaped

        /// Whether ``Lookup/cached`` was read for this binding (so no second lock is needed).
        @usableFromInline
        var usesRegistrationCache: Bool {
            switch self {
            case .override, .production, .useProduction: true
            case .unregistered, .leaked, .escaped: false
            }
        }
    }

    /// Which resolver applies in `start`, and which container owns the cache for it.
    ///
    /// Walks up from `start` to the first container with a registration. A test container ends the walk:
    /// without a registration of its own it is a miss (unregistered, or leaked once its block ended).
    /// Reaching the default container while a test block runs means the resolution escaped its test.
    func binding(from start: Container) -> (Binding, owner: Container) {
        let found = lookup(from: start)
        return (found.binding, found.owner)
    }

    /// The binding, its owner, and (for cached and shared scopes) the owner's cached instance, read under
    /// the same lock acquisition that found the registration.
    @usableFromInline
    struct Lookup {
        @usableFromInline let binding: Binding
        @usableFromInline let owner: Container
        @usableFromInline let cached: Dependency?
        @usableFromInline let generation: UInt64

        @usableFromInline
        init(binding: Binding, owner: Container, cached: Dependency?, generation: UInt64) {
            self.binding = binding
            self.owner = owner
            self.cached = cached
            self.generation = generation
        }
    }

    /// On a cache hit in a non-default container with a registration of its own: the instance and which
    /// kind of registration it came from, copying nothing else out of the lock. Nil otherwise.
    @inlinable
    func cacheHit(in container: Container) -> (Dependency, ResolutionSource)? {
        guard scope.kind != .unique, !container.isDefault else { return nil }
        return container.withExistingSlot(for: self) { slot in
            guard let slot, let source = slot.topSource else { return nil }
            if let cached = slot.cached { return (cached, source) }
            if let object = slot.weakBox?.object { return (object as! Dependency, source) }
            return nil
        }
    }

    @inlinable
    func lookup(from start: Container) -> Lookup {
        let caches = scope.kind != .unique
        var container = start
        while true {
            if container.isDefault {
                if RuntimeState.executingTestBlocks.load(ordering: .relaxed) > 0 {
                    return Lookup(binding: .escaped, owner: container, cached: nil, generation: 0)
                }
                let (top, cached, generation) = published.load(ordering: .acquiring)._withUnsafeGuaranteedRef {
                    ($0.top, $0.cached, $0.generation)
                }
                if caches, scope.kind == .shared {
                    let (shared, sharedGeneration) = cachedValue(in: container)
                    return Lookup(binding: Self.binding(for: top), owner: container, cached: shared, generation: sharedGeneration)
                }
                return Lookup(binding: Self.binding(for: top), owner: container, cached: cached, generation: generation)
            }
            let found: Lookup? = container.withExistingSlot(for: self) { slot in
                guard let slot, slot.topSource != nil else { return nil }
                let cached = caches ? (slot.cached ?? slot.weakBox?.object.map { $0 as! Dependency }) : nil
                return Lookup(binding: Self.binding(for: slot.stack.last), owner: container, cached: cached, generation: slot.generation)
            }
            if let found { return found }
            if let test = container.testState {
                return Lookup(binding: test.isExecuting ? .unregistered : .leaked, owner: container, cached: nil, generation: 0)
            }
            guard let parent = container.parent else {
                return Lookup(binding: .production, owner: container, cached: nil, generation: 0)
            }
            container = parent
        }
    }

    @inlinable
    static func binding(for entry: RegistrationEntry<Resolver>?) -> Binding {
        guard let entry else { return .production }
        switch entry.body {
        case .resolver(let resolver): return .override(resolver)
        case .useProduction: return .useProduction
        }
    }

    // MARK: Caches

    /// The cached instance in `owner` and the cache generation it belongs to.
    @inlinable
    func cachedValue(in owner: Container) -> (Dependency?, UInt64) {
        if owner.isDefault {
            if scope.kind == .cached {
                return published.load(ordering: .acquiring)._withUnsafeGuaranteedRef { ($0.cached, $0.generation) }
            }
            return defaultState.withLock { state in
                (state.sharedBox?.object.map { $0 as! Dependency }, state.current.generation)
            }
        }
        return owner.withSlot(for: self) { slot in
            (slot.cached ?? slot.weakBox?.object.map { $0 as! Dependency }, slot.generation)
        }
    }

    /// Stores a newly created instance in `owner`'s cache unless the cache changed meanwhile; returns the
    /// instance every caller should get (an instance another thread published first wins).
    @inlinable
    func store(_ value: Dependency, in owner: Container, generation: UInt64) -> Dependency {
        if owner.isDefault {
            return defaultState.withLock { state in
                guard state.current.generation == generation else { return value }
                return storeDefault(value, state: &state)
            }
        }
        return owner.withSlot(for: self) { slot in
            guard slot.generation == generation else { return value }
            return Self.store(value, in: slot, scope: scope)
        }
    }

    @inlinable
    func storeDefault(_ value: Dependency, state: inout DefaultState) -> Dependency {
        let current = state.current
        if scope.kind == .cached {
            if let existing = current.cached { return existing }
            publish(
                DefaultSnapshot(stack: current.stack, cached: value, generation: current.generation),
                into: &state
            )
            return value
        }
        if let existing = state.sharedBox?.object { return existing as! Dependency }
        if isReferenceValue(value) { state.sharedBox = WeakBox(value as AnyObject) }
        return value
    }

    @inlinable
    static func store(_ value: Dependency, in slot: ContainerSlot<Dependency, Resolver>, scope: Scope) -> Dependency {
        if scope.kind == .cached {
            if let existing = slot.cached { return existing }
            slot.cached = value
            return value
        }
        if let existing = slot.weakBox?.object { return existing as! Dependency }
        if isReferenceValue(value) { slot.weakBox = WeakBox(value as AnyObject) }
        return value
    }

    // MARK: Async deduplication

    enum AsyncStart {
        case hit(Dependency)
        case wait(InflightCreation<Dependency>)
        case create(InflightCreation<Dependency>)
    }

    /// Either the cached instance, an in-flight creation to wait for, or a new creation this caller runs.
    func beginAsyncCreation(in owner: Container) -> AsyncStart {
        if owner.isDefault {
            return defaultState.withLock { state in
                let cached = scope.kind == .cached ? state.current.cached : state.sharedBox?.object.map { $0 as! Dependency }
                if let cached { return .hit(cached) }
                if let inflight = state.inflight { return .wait(inflight) }
                let inflight = InflightCreation<Dependency>(generation: state.current.generation)
                state.inflight = inflight
                return .create(inflight)
            }
        }
        return owner.withSlot(for: self) { slot in
            if let cached = slot.cached ?? slot.weakBox?.object.map({ $0 as! Dependency }) { return .hit(cached) }
            if let inflight = slot.inflight { return .wait(inflight) }
            let inflight = InflightCreation<Dependency>(generation: slot.generation)
            slot.inflight = inflight
            return .create(inflight)
        }
    }

    /// Publishes the outcome of an async creation and wakes everyone waiting for it.
    func finishAsyncCreation(
        _ inflight: InflightCreation<Dependency>,
        result: Result<Dependency, any Error>,
        in owner: Container
    ) -> Result<Dependency, any Error> {
        let (final, waiters): (Result<Dependency, any Error>, [UnsafeContinuation<Result<Dependency, any Error>, Never>])
        if owner.isDefault {
            (final, waiters) = defaultState.withLock { state in
                if state.inflight === inflight { state.inflight = nil }
                var final = result
                if case .success(let value) = result, state.current.generation == inflight.generation {
                    final = .success(storeDefault(value, state: &state))
                }
                inflight.result = final
                defer { inflight.waiters = [] }
                return (final, inflight.waiters)
            }
        } else {
            (final, waiters) = owner.withSlot(for: self) { slot in
                if slot.inflight === inflight { slot.inflight = nil }
                var final = result
                if case .success(let value) = result, slot.generation == inflight.generation {
                    final = .success(Self.store(value, in: slot, scope: scope))
                }
                inflight.result = final
                defer { inflight.waiters = [] }
                return (final, inflight.waiters)
            }
        }
        // Async factories require `Dependency: Sendable`, so handing one result to every waiter is safe.
        nonisolated(unsafe) let shared = final
        for waiter in waiters { waiter.resume(returning: shared) }
        return final
    }

    /// Waits for another resolution's async creation to finish.
    func wait(for inflight: InflightCreation<Dependency>, in owner: Container) async -> Result<Dependency, any Error> {
        await withUnsafeContinuation { continuation in
            let ready: Result<Dependency, any Error>? =
                if owner.isDefault {
                    defaultState.withLock { _ in
                        if let result = inflight.result { return result }
                        inflight.waiters.append(continuation)
                        return nil
                    }
                } else {
                    owner.storage.withLock { _ in
                        if let result = inflight.result { return result }
                        inflight.waiters.append(continuation)
                        return nil
                    }
                }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
