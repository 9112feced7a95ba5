public import Synchronization

/// The synchronous resolution path, `@inlinable` so that it is specialised for each dependency type in the
/// module that resolves it. Unspecialised generic code would instantiate type metadata (the binding, the
/// optional instance, tuples) on every call, which costs far more than the resolution itself. Rare
/// outcomes (misses, leaks, cycles) leave this path for out-of-line code.
extension FactoryCore {
    /// Resolves through containers, with instrumentation when it is on.
    @inlinable
    func resolveSync(
        site: CallSite,
        throwing: Bool,
        invoke: (Resolver) throws -> Dependency,
        onLeak: (Container) throws -> LeakedResolutionStrategy<Dependency>
    ) throws -> Dependency {
        // One load of the runtime word answers both questions: may a container be current, is anyone recording.
        let word = runtime.value.load(ordering: .relaxed)
        // Without a retain: two threads resolving in one container would otherwise both write its reference count.
        let bound = word >= RuntimeState.containerUnit ? CurrentContainer.unretainedBinding() : nil
        let unbound = bound == nil
        return try (bound ?? Unmanaged.passUnretained(Container.default))._withUnsafeGuaranteedRef { container in
            #if !DI_INSTRUMENTATION_COMPILED_OUT
            if word & RuntimeState.instrumentationBit != 0 {
                return try resolveSyncRecorded(
                    site: site, throwing: throwing, invoke: invoke, onLeak: onLeak, container: container, unbound: unbound
                )
            }
            #endif
            // A literal nil: once inlined, every instrumentation check below folds away, so recording costs this
            // path nothing but the bit test above.
            return try resolveSync(
                site: site, throwing: throwing, invoke: invoke, onLeak: onLeak, container: container, unbound: unbound, probe: nil
            )
        }
    }

    /// ``resolveSync(site:throwing:invoke:onLeak:)`` while a trace is recording: out of line, so that the path
    /// without recording stays small.
    @inlinable @inline(never)
    func resolveSyncRecorded(
        site: CallSite,
        throwing: Bool,
        invoke: (Resolver) throws -> Dependency,
        onLeak: (Container) throws -> LeakedResolutionStrategy<Dependency>,
        container: Container,
        unbound: Bool
    ) throws -> Dependency {
        let probe = Instrumentation.beginRecording(metadata, container: container, site: site)
        return try resolveSync(
            site: site, throwing: throwing, invoke: invoke, onLeak: onLeak, container: container, unbound: unbound, probe: probe
        )
    }

    /// The resolution itself, for a container and an optional probe (nil: not recording).
    @inlinable @inline(__always)
    func resolveSync(
        site: CallSite,
        throwing: Bool,
        invoke: (Resolver) throws -> Dependency,
        onLeak: (Container) throws -> LeakedResolutionStrategy<Dependency>,
        container: Container,
        unbound: Bool,
        probe: ResolutionProbe?
    ) throws -> Dependency {
        if let (cached, source) = cacheHit(in: container) {
            Instrumentation.finish(probe, metadata, outcome: .cacheHit, source: source)
            return cached
        }
        let found = lookup(from: container, unbound: unbound)
        let resolver: Resolver
        let source: ResolutionSource
        switch found.binding {
        case .override(let override):
            resolver = override
            source = .override
        case .production:
            resolver = production
            source = .production
        case .useProduction:
            resolver = production
            source = .useProduction
        case .unregistered, .leaked, .escaped:
            return try resolveSyncMiss(
                site: site, throwing: throwing, invoke: invoke, onLeak: onLeak,
                container: container, probe: probe, found: found
            )
        }
        do {
            if !scope.keepsInstances {
                let value = try run(resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe)
                Instrumentation.finish(probe, metadata, outcome: .created, source: source)
                return value
            }
            if let cached = found.cached {
                Instrumentation.finish(probe, metadata, outcome: .cacheHit, source: source)
                return cached
            }
            let created = try run(resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe)
            let value = store(created, in: unretainedCacheSlot(for: found), generation: found.generation)
            Instrumentation.finish(probe, metadata, outcome: .created, source: source)
            return value
        } catch {
            Instrumentation.finish(probe, metadata, outcome: .failed, source: source, error: error)
            throw error
        }
    }

    /// Runs a resolver with this factory on the thread's resolution stack, stopping cycles.
    @inlinable
    func run(
        _ resolver: Resolver,
        invoke: (Resolver) throws -> Dependency,
        container: Container?,
        site: CallSite,
        throwing: Bool,
        probe: ResolutionProbe?
    ) throws -> Dependency {
        let context = ThreadContext.current
        let me = UnsafeRawPointer(Unmanaged.passUnretained(metadata).toOpaque())
        let depth = context.pointee.depth
        let frames = context.pointee.frames
        var cycle = depth == ThreadContext.capacity
        var index = 0
        while !cycle && index < depth {
            cycle = frames[index].factory == me
            index += 1
        }
        if cycle {
            try Diagnostics.failCycle(metadata, container: container ?? .default, site: site, throwing: throwing, resolutionID: probe?.id)
        }
        frames[depth] = ResolutionFrame(factory: me, resolutionID: probe?.id ?? 0)
        context.pointee.depth = depth + 1
        defer { context.pointee.depth = depth }
        if let probe, probe.spans != nil { return try Instrumentation.runResolver(probe) { try invoke(resolver) } }
        return try invoke(resolver)
    }

    /// The synchronous resolution while no container, trace or test exists (``RuntimeWord/fastPath``): only this
    /// factory's own default-container slot, no task-local read, no clock.
    @inlinable @inline(__always)
    func resolveOnFastPath(site: CallSite, throwing: Bool, invoke: (Resolver) throws -> Dependency) throws -> Dependency {
        switch scope.kind {
        case .cached:
            if let cached = defaultCachedInstance() { return cached }
            return try createFast(site: site, throwing: throwing, invoke: invoke)
        case .unique:
            if case .resolver(let resolver)? = Slot.topRegistration(defaultSlot.published) {
                return try runFast(resolver, site: site, throwing: throwing, invoke: invoke)
            }
            return try runFast(production, site: site, throwing: throwing, invoke: invoke)
        case .shared:
            return try createFast(site: site, throwing: throwing, invoke: invoke)
        }
    }

    /// The default-container path taken while no container, trace or test exists: a unique resolution.
    ///
    /// Still guards against cycles (a thread-local stack costs a few nanoseconds).
    @inlinable
    func runFast(_ resolver: Resolver, site: CallSite, throwing: Bool, invoke: (Resolver) throws -> Dependency) throws -> Dependency {
        try run(resolver, invoke: invoke, container: nil, site: site, throwing: throwing, probe: nil)
    }

    /// The `.cached` instance the default container keeps for this factory, read through the slot's `published`
    /// field so that the slot is not retained (``ContainerSlot/cachedInstance(_:)``).
    @inlinable @inline(__always)
    func defaultCachedInstance() -> Dependency? {
        Slot.cachedInstance(defaultSlot.published)
    }

    /// The fast path's cache miss: create, then store unless someone else stored first.
    @inlinable
    func createFast(site: CallSite, throwing: Bool, invoke: (Resolver) throws -> Dependency) throws -> Dependency {
        let (resolver, existing, generation) = Slot.reading(defaultSlot.published, includingInstance: true) {
            top, instance, generation -> (Resolver, Dependency?, UInt64) in
            switch top?.body {
            case .resolver(let override): (override, instance, generation)
            case .useProduction, nil: (production, instance, generation)
            }
        }
        if let existing {
            return existing
        }
        let created = try run(resolver, invoke: invoke, container: nil, site: site, throwing: throwing, probe: nil)
        return store(created, in: Unmanaged.passUnretained(defaultSlot), generation: generation)
    }

    /// The slot a resolution's new instance is cached in: the owner's slot for the binding it used.
    @inlinable
    func unretainedCacheSlot(for found: Lookup) -> Unmanaged<Slot> {
        found.slot ?? Unmanaged.passUnretained(slot(in: found.ownerContainer))
    }
}
