#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The child `record` is waiting for, read by the signal handler (0: none). An atomic, so the handler reads it
/// without a lock; it is set before the handlers are installed, so its lazy initialisation never runs in one.
private let forwardingTarget = Atomic<Int32>(0)

/// Passes SIGINT, SIGTERM and SIGHUP sent to `di-inspect record` on to the command it runs, so stopping
/// `record` (a CI timeout, `kill`) stops the command too, and `record` still waits for it and saves its trace.
///
/// A signal the kernel sent (Ctrl-C in a terminal, a hangup: the whole foreground process group, the child
/// included, already got it) or that the child sent is not passed on again.
///
/// ```swift
/// let forwarding = SignalForwarding(child: pid)
/// defer { forwarding.restore() }
/// ```
struct SignalForwarding {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var previous: [sigaction] = []

    /// Forwards the signals to `child` until ``restore()``.
    init(child: pid_t) {
        forwardingTarget.store(child, ordering: .sequentiallyConsistent)
        for signal in Self.signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = forward
            #else
            action.__sigaction_handler.sa_sigaction = forward
            #endif
            action.sa_flags = SA_SIGINFO | SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append(old)
        }
    }

    /// Puts the handlers back as they were.
    func restore() {
        for (signal, action) in zip(Self.signals, previous) {
            var action = action
            sigaction(signal, &action, nil)
        }
        forwardingTarget.store(0, ordering: .sequentiallyConsistent)
    }

    /// Blocks the forwarded signals in this thread until `body` returns, so one that arrives while the child is
    /// being started waits for the handler instead of being lost (the child starts with nothing blocked), then
    /// unblocks them: a parent that started `record` with them blocked (some test runners do) must not keep them
    /// from reaching the handler.
    static func blocked<Result>(_ body: () throws(InspectorError) -> Result) throws(InspectorError) -> Result {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
        return try body()
    }
}

/// The handler: only async-signal-safe calls (an atomic load and `kill`).
private func forward(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let child = forwardingTarget.load(ordering: .relaxed)
    guard child > 0, let info else { return }
    #if canImport(Darwin)
    let sender = info.pointee.si_pid
    #else
    let sender = info.pointee._sifields._kill.si_pid
    #endif
    if sender == 0 || sender == child { return }
    kill(child, signal)
}
