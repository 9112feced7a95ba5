internal import Synchronization

/// Resolution outside the fast path: containers, tests, cycles and instrumentation.
extension FactoryCore {
    /// Handles a binding that has no resolver to run (unregistered, escaped); returns the resolver and source
    /// to use when the configured behaviour lets resolution continue.
    private func resolverForMiss(
        _ binding: Binding,
        owner: Container,
        container: Container,
        site: CallSite,
        throwing: Bool,
        resolutionID: UInt64?
    ) throws -> (Resolver, ResolutionSource) {
        switch binding {
        case .override(let resolver): return (resolver, .override)
        case .production: return (production, .production)
        case .useProduction: return (production, .useProduction)
        case .escaped:
            let message = Diagnostics.escaped(metadata, site: site, path: ResolutionPath.current())
            try Diagnostics.fail(.escaped, message: message, factory: metadata, container: container,
                                 resolutionID: resolutionID, site: site, throwing: throwing)
        case .unregistered:
            let behavior = owner.testState?.unregisteredBehavior ?? .fatalError
            let message = Diagnostics.unregistered(metadata, site: site, testContainer: owner, path: ResolutionPath.current())
            switch behavior {
            case .fatalError:
                try Diagnostics.fail(.unregistered, message: message, factory: metadata, container: container,
                                     resolutionID: resolutionID, site: site, throwing: throwing)
            case .custom(let action):
                Diagnostics.report(.unregistered, message: message, factory: metadata, container: container,
                                   resolutionID: resolutionID, site: site, fatal: false)
                action(metadata.displayName)
                return (production, .production)
            }
        case .leaked:
            // Handled by the caller, which owns the public factory the behaviour receives.
            return (production, .leaked)
        }
    }

    /// In a test run by DependencyInjectionTesting (its container captures events), a missing optional
    /// dependency resolves to `nil` and is reported as a test issue, so the test goes on instead of stopping.
    private func unregisteredOptional(owner: Container, container: Container, site: CallSite, resolutionID: UInt64?) -> Dependency? {
        guard owner.capture != nil, _isOptional(Dependency.self),
              case .fatalError = owner.testState?.unregisteredBehavior,
              let none = (Optional<Any>.none as Any) as? Dependency
        else { return nil }
        let message = Diagnostics.unregistered(metadata, site: site, testContainer: owner, path: ResolutionPath.current())
        Diagnostics.report(.unregistered, message: message, factory: metadata, container: container,
                           resolutionID: resolutionID, site: site, fatal: false)
        return .some(none)
    }

    // MARK: Sync

    /// Resolves through containers. `throwing` says whether problems may be thrown (throwing factories)
    /// or must stop the process (non-throwing ones, as the seed API specifies).
    @usableFromInline
    func resolveSyncMiss(
        site: CallSite,
        throwing: Bool,
        invoke: (Resolver) throws -> Dependency,
        onLeak: (Container) throws -> LeakedResolutionStrategy<Dependency>,
        container: Container,
        probe: ResolutionProbe?,
        found: Lookup
    ) throws -> Dependency {
        let (binding, owner) = (found.binding, found.ownerContainer)
        if case .unregistered = binding, !throwing,
           let none = unregisteredOptional(owner: owner, container: container, site: site, resolutionID: probe?.id) {
            Instrumentation.finish(probe, metadata, outcome: .failed, source: .none)
            return none
        }
        // The binding this resolution used, as recorded: none until a resolver is chosen.
        var source = ResolutionSource.none
        do {
            let resolver: Resolver
            (resolver, source) = try resolverForMiss(
                binding, owner: owner, container: container, site: site, throwing: throwing, resolutionID: probe?.id
            )
            if case .leaked = binding {
                let message = Diagnostics.recordLeak(metadata, site: site, testContainer: owner, container: container, resolutionID: probe?.id)
                let strategy = try LeakInProgress.$message.withValue(message) { try onLeak(owner) }
                if case .returnValue(let value) = strategy {
                    Instrumentation.finish(probe, metadata, outcome: .created, source: .leaked)
                    return value
                }
            }
            if !scope.keepsInstances {
                let value = try run(resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe)
                Instrumentation.finish(probe, metadata, outcome: .created, source: source)
                return value
            }
            let slot = unretainedCacheSlot(for: found)
            let (cached, generation) = found.binding.usesRegistrationCache
                ? (found.cached, found.generation) : cachedValue(in: slot.takeUnretainedValue())
            if let cached {
                Instrumentation.finish(probe, metadata, outcome: .cacheHit, source: source)
                return cached
            }
            let created = try run(resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe)
            let value = store(created, in: slot, generation: generation)
            Instrumentation.finish(probe, metadata, outcome: .created, source: source)
            return value
        } catch {
            Instrumentation.finish(probe, metadata, outcome: .failed, source: source, error: error)
            throw error
        }
    }

    // MARK: Async

    /// The async counterpart of ``resolveSync(site:throwing:invoke:onLeak:)``, deduplicating concurrent
    /// creations of `.cached` and `.shared` instances.
    @usableFromInline
    func resolveAsync(
        site: CallSite,
        throwing: Bool,
        invoke: (Resolver) async throws -> Dependency,
        onLeak: (Container) async throws -> LeakedResolutionStrategy<Dependency>
    ) async throws -> Dependency {
        let word = runtime.value.load(ordering: .relaxed)
        let bound = word >= RuntimeState.containerUnit ? CurrentContainer.unretainedBinding()?.takeUnretainedValue() : nil
        let container = bound ?? .default
        let probe = Instrumentation.begin(metadata, container: container, site: site, word: word)
        let found = lookup(from: container, unbound: bound == nil)
        let (binding, owner) = (found.binding, found.ownerContainer)
        var source = ResolutionSource.none
        do {
            let resolver: Resolver
            (resolver, source) = try resolverForMiss(
                binding, owner: owner, container: container, site: site, throwing: throwing, resolutionID: probe?.id
            )
            if case .leaked = binding {
                let message = Diagnostics.recordLeak(metadata, site: site, testContainer: owner, container: container, resolutionID: probe?.id)
                let strategy = try await LeakInProgress.$message.withValue(message) { try await onLeak(owner) }
                if case .returnValue(let value) = strategy {
                    Instrumentation.finish(probe, metadata, outcome: .created, source: .leaked)
                    return value
                }
            }
            if !scope.keepsInstances {
                let value = try await runAsync(resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe)
                Instrumentation.finish(probe, metadata, outcome: .created, source: source)
                return value
            }
            if AsyncResolutionFrame.current?.contains(metadata) == true {
                try failCycleAsync(container: container, site: site, throwing: throwing, probe: probe)
            }
            let slot = unretainedCacheSlot(for: found).takeUnretainedValue()
            switch slot.beginAsyncCreation(factory: metadata, creator: { AsyncResolutionFrame.current }) {
            case .hit(let value):
                Instrumentation.finish(probe, metadata, outcome: .cacheHit, source: source)
                return value
            case .wait(let inflight):
                let running = AsyncResolutionFrame.current?.runningCreations ?? []
                if let loop = CreationWaits.register(running: running, awaited: inflight) {
                    try failCrossTaskCycle(loop, container: container, site: site, throwing: throwing, probe: probe)
                }
                defer { CreationWaits.unregister(running: running, awaited: inflight) }
                let watch = StalledWait.watch(
                    waiter: ResolutionPath.current() + [metadata], awaited: inflight, container: container, site: site,
                    resolutionID: probe?.id
                )
                defer { watch.cancel() }
                let value = try await slot.wait(for: inflight).get()
                Instrumentation.finish(probe, metadata, outcome: .cacheHit, source: source)
                return value
            case .create(let inflight):
                let result: Result<Dependency, any Error>
                do {
                    result = .success(try await runAsync(
                        resolver, invoke: invoke, container: container, site: site, throwing: throwing, probe: probe, creation: inflight
                    ))
                } catch {
                    result = .failure(error)
                }
                let value = try slot.finishAsyncCreation(inflight, result: result, scope: scope).get()
                Instrumentation.finish(probe, metadata, outcome: .created, source: source)
                return value
            }
        } catch {
            Instrumentation.finish(probe, metadata, outcome: .failed, source: source, error: error)
            throw error
        }
    }

    private func failCycleAsync(container: Container, site: CallSite, throwing: Bool, probe: ResolutionProbe?) throws {
        let path = ResolutionPath.current() + [metadata]
        try Diagnostics.fail(.cycle, message: Diagnostics.cycle(path: path, site: site), factory: metadata,
                             container: container, resolutionID: probe?.id, site: site, throwing: throwing, path: path)
    }

    /// Stops a cycle that runs through creations of other tasks (see ``CreationWaits``): this task's path,
    /// then the creations it would wait for, back to one of its own.
    private func failCrossTaskCycle(
        _ loop: [PendingCreation], container: Container, site: CallSite, throwing: Bool, probe: ResolutionProbe?
    ) throws {
        let path = ResolutionPath.current() + loop.map(\.factory)
        let message = Diagnostics.cycle(path: path, site: site) + """

            The steps after \(metadata.shortName) are async creations already running in other tasks, each waiting \
            for the next: without this check these tasks would wait for each other forever.
            """
        try Diagnostics.fail(.cycle, message: message, factory: metadata, container: container,
                             resolutionID: probe?.id, site: site, throwing: throwing, path: path)
    }

    private func runAsync(
        _ resolver: Resolver,
        invoke: (Resolver) async throws -> Dependency,
        container: Container,
        site: CallSite,
        throwing: Bool,
        probe: ResolutionProbe?,
        creation: PendingCreation? = nil
    ) async throws -> Dependency {
        let parent = AsyncResolutionFrame.current
        if parent?.contains(metadata) == true {
            try failCycleAsync(container: container, site: site, throwing: throwing, probe: probe)
        }
        let frame = AsyncResolutionFrame(factory: metadata, resolutionID: probe?.id ?? 0, parent: parent, creation: creation)
        defer { frame.finish() }
        return try await AsyncResolutionFrame.$current.withValue(frame) {
            if let probe, probe.spans != nil { return try await Instrumentation.runResolver(probe) { try await invoke(resolver) } }
            return try await invoke(resolver)
        }
    }
}
