public import Foundation

/// Runs a command with trace recording turned on (`DI_INSPECT_TRACE=<path>`), as `di-inspect record` does.
///
/// The child inherits standard input, output and error; its exit status is returned so the CLI
/// can pass it through (a child killed by a signal gives `128 + signal`). SIGINT, SIGTERM and SIGHUP sent
/// to the recorder are passed on to the child, and the recorder waits for it.
///
/// ```swift
/// let recording = try CommandRecorder.run(command: "swift", arguments: ["test"], tracePath: "tests.ditrace")
/// print(recording.exitStatus, recording.wroteTrace)
/// ```
public enum CommandRecorder {
    /// The environment variable the runtime reads to turn recording on.
    ///
    /// Its value is the trace file's path.
    ///
    /// ```swift
    /// CommandRecorder.environmentVariable   // "DI_INSPECT_TRACE"
    /// ```
    public static let environmentVariable = "DI_INSPECT_TRACE"

    /// What a recorded run left.
    ///
    /// ```swift
    /// if !recording.wroteTrace { print("no trace") }
    /// ```
    public struct Recording: Sendable, Equatable {
        /// The command's exit status, or `128 + signal`.
        public var exitStatus: Int32
        /// Whether the command wrote a trace (now at the trace path); when not, the path was left as it was.
        public var wroteTrace: Bool
    }

    /// Runs `command` with `arguments` and waits for it.
    ///
    /// `command` is looked up in `PATH` unless it contains a `/`. The trace is written to a temporary file beside
    /// `tracePath` and renamed onto it when the command wrote one. Before the command starts, `tracePath` is
    /// refused when it is a directory, a FIFO or a device, when its folder is not writable, and, unless `force`,
    /// when it is an existing file that is not a trace or a symbolic link.
    ///
    /// ```swift
    /// let recording = try CommandRecorder.run(command: "./App", arguments: ["--demo"], tracePath: "/tmp/app.ditrace")
    /// ```
    public static func run(
        command: String, arguments: [String], tracePath: String, force: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InspectorError) -> Recording {
        guard let executable = resolve(command, path: environment["PATH"]) else {
            throw .commandNotFound(command)
        }
        let target = try RecordTarget(path: tracePath, force: force)
        var childEnvironment = environment
        childEnvironment[environmentVariable] = target.environmentValue
        let status: Int32
        do {
            status = try ChildProcessRunner.run(
                executable: executable, displayName: command, arguments: arguments, environment: childEnvironment)
        } catch {
            _ = try? target.finish()
            throw error
        }
        return Recording(exitStatus: status, wroteTrace: try target.finish())
    }

    /// The executable path for `command`: itself when it contains `/` (a missing one is reported when it is
    /// started), else the first executable match in `PATH`.
    static func resolve(_ command: String, path: String?) -> String? {
        if command.contains("/") { return command }
        let manager = FileManager.default
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                manager.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }
}
