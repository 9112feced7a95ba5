#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the command `di-inspect record` runs and waits for it, passing on the signals `record` gets.
///
/// `posix_spawn` rather than `Process`, for the exact reason a start failed (a missing `./path` is a missing file,
/// not "not found in PATH") and for the pid at once, so no signal is lost between start and wait.
///
/// ```swift
/// let status = try ChildProcessRunner.run(executable: "/usr/bin/env", arguments: ["true"], environment: [:])
/// ```
enum ChildProcessRunner {
    /// Runs `executable` (a path) with `arguments` and exactly `environment`; returns its exit status, or
    /// `128 + signal` when a signal ended it.
    static func run(
        executable: String, displayName: String, arguments: [String], environment: [String: String]
    ) throws(InspectorError) -> Int32 {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let (pid, forwarding) = try SignalForwarding.blocked { () throws(InspectorError) -> (pid_t, SignalForwarding) in
            var pid = pid_t()
            let status = spawn(&pid, executable, argv, envp)
            guard status == 0 else {
                if status == ENOENT { throw .commandMissing(displayName) }
                throw .launchFailed(command: displayName, reason: String(cString: strerror(status)))
            }
            return (pid, SignalForwarding(child: pid))
        }
        defer { forwarding.restore() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return Inspector.exitBadInput }
        }
        // The wait status: low 7 bits the signal that ended the child (0 if it exited), bits 8-15 the exit code.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// `posix_spawn` with the default attributes except an empty signal mask, so the child starts with nothing
    /// blocked although this thread blocks the forwarded signals while starting it.
    private static func spawn(
        _ pid: inout pid_t, _ path: String, _ argv: [UnsafeMutablePointer<CChar>?],
        _ envp: [UnsafeMutablePointer<CChar>?]
    ) -> Int32 {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        return posix_spawn(&pid, path, nil, &attributes, argv, envp)
    }
}
