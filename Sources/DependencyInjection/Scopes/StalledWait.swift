internal import Synchronization

/// Warns about a resolution that waits too long for another task's creation of the same instance.
///
/// Such a wait cannot always be told from a deadlock: a cached `A` whose resolver awaits
/// `Task.detached { try await Container.b() }.value`, where `B` resolves `A`, waits forever, and no task-local
/// path shows the loop. Past ``Container/stalledCreationWarningAfter`` the wait is reported once (an issue
/// `stalled` in the trace and one warning on standard error naming both resolutions and their paths); the wait
/// itself goes on.
enum StalledWait {
    /// A started watch; cancel it when the wait is over.
    struct Watch {
        fileprivate let task: Task<Void, Never>?
        func cancel() { task?.cancel() }
    }

    static func watch(
        waiter: [FactoryMetadata], awaited: PendingCreation, container: Container, site: CallSite, resolutionID: UInt64?
    ) -> Watch {
        let limit = Container.stalledCreationWarningAfter
        guard limit > .zero else { return Watch(task: nil) }
        let task = Task.detached {
            do { try await Task.sleep(for: limit) } catch { return }
            report(waiter: waiter, awaited: awaited, container: container, site: site, resolutionID: resolutionID, after: limit)
        }
        return Watch(task: task)
    }

    private static func report(
        waiter: [FactoryMetadata], awaited: PendingCreation, container: Container, site: CallSite,
        resolutionID: UInt64?, after limit: Duration
    ) {
        let factory = waiter.last ?? awaited.factory
        let message = """
            Stalled resolution: \(factory.messageName) has waited more than \(limit) for another task's creation of \
            the same instance. Called from \(site.description).
            Waiting (outermost first):
            \(Diagnostics.pathLines(waiter, marking: "waiting"))
            Creating, in another task (outermost first):
            \(Diagnostics.pathLines(awaited.path, marking: "still being created"))
            If the creation waits (directly or through Task.detached or another task) for this resolution, they wait \
            for each other forever: let one side resolve the other lazily, or resolve it outside the resolver. The \
            wait goes on; this warning is printed once.
            """
        StandardError.write("DependencyInjection warning: \(message)")
        Instrumentation.issue(
            .stalled, factory: factory, container: container, resolutionID: resolutionID, path: waiter,
            site: site, message: message, fatal: false
        )
    }
}

extension Container {
    private static let stalledWarningNanoseconds = Atomic<Int64>(StalledWaitSetting.initialNanoseconds)

    /// How long a resolution may wait for another task's creation of the same `.cached` or `.shared` instance
    /// before a `stalled` warning is printed and recorded (the wait itself goes on). 10 seconds unless
    /// `DI_STALLED_WAIT_SECONDS` says otherwise; zero turns the warning off.
    ///
    /// ```swift
    /// Container.stalledCreationWarningAfter = .seconds(2)
    /// ```
    public static var stalledCreationWarningAfter: Duration {
        get { .nanoseconds(stalledWarningNanoseconds.load(ordering: .relaxed)) }
        set {
            stalledWarningNanoseconds.store(Int64(clamping: newValue.clampedNanoseconds), ordering: .relaxed)
        }
    }
}

/// Reads `DI_STALLED_WAIT_SECONDS` once.
private enum StalledWaitSetting {
    static var initialNanoseconds: Int64 {
        guard let text = Environment.value("DI_STALLED_WAIT_SECONDS") else { return 10_000_000_000 }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e9 else {
            StandardError.write("DependencyInjection: DI_STALLED_WAIT_SECONDS is \(Environment.quoted(text)), not a number of seconds; using 10.")
            return 10_000_000_000
        }
        return Int64(seconds * 1e9)
    }
}
