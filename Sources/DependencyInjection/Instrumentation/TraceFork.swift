#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import Synchronization

/// Keeps a forked child out of its parent's trace, and the writer thread out of the way of `fork()`.
///
/// After `fork()` the child holds a copy of the parent's buffered lines and the same file descriptor; were it to
/// write, both processes' lines (and two `end` events) would land in one file. An atfork handler marks the
/// session in the child, which then never touches it again. On the child's first recorded event the child either
/// records into its own file, when the trace path is per process (`%p`, or a directory: see ``TracePath``), or
/// stops recording. (`posix_spawn`, which `Process` uses, runs no atfork handlers and needs none.)
///
/// Only the forking thread exists in the child, and any lock another thread held at the fork stays held there,
/// the Swift runtime's own included (a writer thread caught allocating would leave the child hanging at its next
/// allocation). So `fork()` waits for the writer thread to finish the unit of work it is in, and the writer
/// starts none while a fork is under way (``runOutsideFork(_:)``).
///
/// ```swift
/// ForkHandling.install()   // once, before the first recording starts
/// ```
enum ForkHandling {
    private static let installed = Atomic<Bool>(false)
    /// Set from the prepare handler until the fork is done.
    private static let forkUnderWay = Atomic<Bool>(false)
    /// How many writer threads are inside a unit of work.
    private static let busyWriters = Atomic<Int>(0)

    /// Registers the handlers once per process.
    static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pthread_atfork(
            {
                // Prepare (the forking thread): no new unit of work starts; wait for the ones under way.
                ForkHandling.forkUnderWay.store(true, ordering: .sequentiallyConsistent)
                while ForkHandling.busyWriters.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
            },
            {
                // Parent.
                ForkHandling.forkUnderWay.store(false, ordering: .sequentiallyConsistent)
            },
            {
                // Child: only atomics and close(), since any lock may have been held at the fork. The child has
                // no writer thread; the session it inherited is the parent's.
                ForkHandling.busyWriters.store(0, ordering: .sequentiallyConsistent)
                ForkHandling.forkUnderWay.store(false, ordering: .sequentiallyConsistent)
                Instrumentation.session?.detachAfterFork()
            })
    }

    /// Runs one unit of the writer thread's work (writing, draining) when no fork is under way, waiting for one
    /// that is. Announcing the work before checking for a fork, as the prepare handler announces the fork before
    /// checking for work, means one of the two always sees the other.
    @discardableResult
    static func runOutsideFork<Result>(_ body: () -> Result) -> Result {
        while true {
            busyWriters.add(1, ordering: .sequentiallyConsistent)
            if !forkUnderWay.load(ordering: .sequentiallyConsistent) { break }
            busyWriters.subtract(1, ordering: .sequentiallyConsistent)
            usleep(50)
        }
        defer { busyWriters.subtract(1, ordering: .sequentiallyConsistent) }
        return body()
    }
}

extension TraceSession {
    /// In a forked child, right after `fork()`: from here on the child leaves this session alone; the parent goes on
    /// writing the file, and the lines buffered at the fork are the parent's to write.
    func detachAfterFork() {
        forked.store(true, ordering: .relaxed)
        stopped.store(true, ordering: .relaxed)
        if descriptor >= 0 { close(descriptor) }
    }

    /// The child's first event after the fork: records it into the child's own file when the path is per process
    /// (``TracePath/isPerProcess``), otherwise stops recording in the child.
    func continueAfterFork(with event: TraceEvent) {
        guard !forkHandled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard let path, path.isPerProcess else {
            Instrumentation.stopSession()
            return
        }
        do {
            let session = try TraceSession.openFile(path.template)
            Instrumentation.startSession(session)
            session.append(event)
        } catch {
            StandardError.write("DependencyInjection: \(error) This forked process runs on without recording.")
            Instrumentation.stopSession()
        }
    }
}
