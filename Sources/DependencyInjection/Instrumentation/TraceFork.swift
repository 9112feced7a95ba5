#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import Synchronization

/// Keeps a forked child out of its parent's trace.
///
/// After `fork()` the child holds a copy of the parent's buffered lines and the same file descriptor; were it to
/// write, both processes' lines (and two `end` events) would land in one file. An atfork handler marks the
/// session in the child, which then never touches it again. On the child's first recorded event the child either
/// records into its own file, when the trace path is per process (`%p`, or a directory: see ``TracePath``), or
/// stops recording. (`posix_spawn`, which `Process` uses, runs no atfork handlers and needs none.)
///
/// ```swift
/// ForkHandling.install()   // once, before the first recording starts
/// ```
enum ForkHandling {
    private static let installed = Atomic<Bool>(false)

    /// Registers the child handler once per process.
    static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pthread_atfork(nil, nil) {
            // Only an atomic load and stores, and close(): the child may have been forked while another thread
            // held any lock.
            Instrumentation.session?.detachAfterFork()
        }
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
