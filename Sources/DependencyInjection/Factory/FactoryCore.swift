public import Synchronization

/// The machinery behind every factory kind: identity, production resolver, and the factory's own slot in
/// the default container (registration stack and cache), which lives here rather than in the default
/// container so that a resolution there needs no lookup, no cast and no lock, and a factory declared in a
/// test's local scope is freed with it.
@usableFromInline
final class FactoryCore<Dependency, Resolver>: @unchecked Sendable {
    // @unchecked: the mutable state is in `defaultSlot` (snapshots published atomically, changes under its
    // lock); everything else is immutable.

    @usableFromInline
    typealias Slot = ContainerSlot<Dependency, Resolver>

    @usableFromInline
    let metadata: FactoryMetadata
    @usableFromInline
    let scope: Scope
    @usableFromInline
    let production: Resolver
    /// The process-wide runtime word, held directly so the fast path reads it without a global's addressor.
    @usableFromInline
    let runtime = RuntimeWord.shared
    /// This factory's registrations and cache in the default container.
    @usableFromInline
    let defaultSlot = Slot()

    init(kind: FactoryKind, scope: Scope, name: String?, fileID: StaticString, line: UInt, production: Resolver) {
        self.metadata = FactoryMetadata(
            kind: kind, scope: scope, name: name, fileID: fileID, line: line, dependencyType: Dependency.self
        )
        self.scope = scope
        self.production = production
        Instrumentation.factoryDeclared(metadata)
    }

    /// This factory's slot in `container`, created if needed.
    @usableFromInline
    func slot(in container: Container) -> Slot {
        container.isDefault ? defaultSlot : container.slot(for: self)
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
        let depth = slot(in: container).changeStack(change)
        Instrumentation.registrationChanged(
            metadata, container: container, action: action, fileID: fileID, line: line, depth: depth
        )
    }

    func push(_ body: RegistrationEntry<Resolver>.Body, in container: Container, action: RegistrationAction, fileID: StaticString, line: UInt) {
        let entry = RegistrationEntry(body: body, fileID: fileID, line: line)
        changeRegistrations(in: container, action: action, fileID: fileID, line: line) { $0.append(entry) }
    }

    /// Drops the cached instance in `container` (``FactoryDeclaration/resetCache(file:line:)``).
    func resetCache(in container: Container, fileID: StaticString, line: UInt) {
        guard scope.keepsInstances else { return }
        slot(in: container).clearCache()
    }

    func pop(in container: Container, fileID: StaticString, line: UInt) {
        changeRegistrations(in: container, action: .pop, fileID: fileID, line: line) { stack in
            if !stack.isEmpty { stack.removeLast() }
        }
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

        /// Whether ``Lookup/cached`` was read for this binding (so the cache need not be read again).
        @usableFromInline
        var usesRegistrationCache: Bool {
            switch self {
            case .override, .production, .useProduction: true
            case .unregistered, .leaked, .escaped: false
            }
        }
    }

    /// Which resolver applies, which container owns the cache for it, and the cached instance.
    @usableFromInline
    struct Lookup {
        @usableFromInline let binding: Binding
        /// The container whose registration applies (or the test container that missed); the caller's
        /// current container keeps it alive, so it is not retained.
        @usableFromInline let owner: Unmanaged<Container>
        /// The owner's slot, when the binding comes from a registration (or the default container).
        @usableFromInline let slot: Unmanaged<Slot>?
        /// For caching scopes: the owner's cached instance, read from the same snapshot as the binding.
        @usableFromInline let cached: Dependency?
        @usableFromInline let generation: UInt64

        @usableFromInline
        init(binding: Binding, owner: Unmanaged<Container>, slot: Unmanaged<Slot>?, cached: Dependency?, generation: UInt64) {
            self.binding = binding
            self.owner = owner
            self.slot = slot
            self.cached = cached
            self.generation = generation
        }

        /// The owner as a strong reference (for the miss paths, which keep it).
        @usableFromInline
        var ownerContainer: Container { owner.takeUnretainedValue() }
    }

    /// On a cache hit in a non-default container with a registration of its own: the instance and which
    /// kind of registration it came from. Nil otherwise.
    @inlinable
    func cacheHit(in container: Container) -> (Dependency, ResolutionSource)? {
        guard scope.keepsInstances, !container.isDefault, let slot = container.unretainedExistingSlot(for: self) else { return nil }
        return slot._withUnsafeGuaranteedRef { $0.registeredInstance() }
    }

    /// Walks up from `start` to the first container with a registration. A test container ends the walk:
    /// without a registration of its own it is a miss (unregistered, or leaked once its block ended).
    /// A resolution with no container bound at all (`unbound`: no `withContainer`, nested or test container in
    /// its task, so it falls back to the default container) while a test block runs anywhere escaped its test;
    /// a nested container, or `withContainer(Container.default)`, is a context and resolves through to the
    /// default container normally, as in the seed.
    /// Lock-free: each container's slot is found in its ``SlotIndex`` and read through its snapshot.
    @inlinable
    func lookup(from start: Container, unbound: Bool) -> Lookup {
        let caches = scope.keepsInstances
        var container = Unmanaged.passUnretained(start)
        while true {
            let step: (found: Lookup?, next: Unmanaged<Container>?) = container._withUnsafeGuaranteedRef { current in
                if current.isDefault {
                    if unbound && RuntimeState.executingTestBlocks.load(ordering: .relaxed) > 0 {
                        return (Lookup(binding: .escaped, owner: container, slot: nil, cached: nil, generation: 0), nil)
                    }
                    return (read(defaultSlot, owner: container, caches: caches, requireRegistration: false), nil)
                }
                if let slot = current.unretainedExistingSlot(for: self),
                   let found = slot._withUnsafeGuaranteedRef({ read($0, owner: container, caches: caches, requireRegistration: true) }) {
                    return (found, nil)
                }
                if let test = current.testState {
                    let binding: Binding = test.isExecuting ? .unregistered : .leaked
                    return (Lookup(binding: binding, owner: container, slot: nil, cached: nil, generation: 0), nil)
                }
                guard let parent = current.parent else {
                    return (Lookup(binding: .production, owner: container, slot: nil, cached: nil, generation: 0), nil)
                }
                return (nil, Unmanaged.passUnretained(parent))
            }
            if let found = step.found { return found }
            container = step.next!
        }
    }

    /// The binding in one slot, or nil when `requireRegistration` and the slot's stack is empty.
    @inlinable
    func read(_ slot: Slot, owner: Unmanaged<Container>, caches: Bool, requireRegistration: Bool) -> Lookup? {
        slot.reading(includingInstance: caches) { top, instance, generation in
            if requireRegistration && top == nil { return nil }
            return Lookup(
                binding: Self.binding(for: top), owner: owner, slot: Unmanaged.passUnretained(slot),
                cached: instance, generation: generation
            )
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

    /// The instance cached in `slot` and the generation it belongs to.
    @inlinable
    func cachedValue(in slot: Slot) -> (Dependency?, UInt64) {
        slot.reading(includingInstance: true) { _, instance, generation in (instance, generation) }
    }

    /// Stores a newly created instance in `slot` unless its registrations changed meanwhile; returns the
    /// instance every caller should get (an instance another thread stored first wins).
    @inlinable
    func store(_ value: Dependency, in slot: Unmanaged<Slot>, generation: UInt64) -> Dependency {
        slot._withUnsafeGuaranteedRef { $0.store(value, generation: generation, scope: scope) }
    }
}
