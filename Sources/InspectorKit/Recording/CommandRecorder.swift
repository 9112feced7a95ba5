public import Foundation

/// Runs a command with trace recording turned on (`DI_INSPECT_TRACE=<path>`), as `di-inspect record` does.
///
/// The child inherits standard input, output and error; its exit status is returned so the CLI
/// can pass it through (a child killed by a signal gives `128 + signal`).
///
/// ```swift
/// let status = try CommandRecorder.run(command: "swift", arguments: ["test"], tracePath: "tests.ditrace")
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

    /// Runs `command` with `arguments` and waits for it; returns its exit status.
    ///
    /// `command` is looked up in `PATH` unless it contains a `/`. An existing file at `tracePath` is
    /// removed first, so the summary never describes an old trace.
    ///
    /// ```swift
    /// let status = try CommandRecorder.run(command: "./App", arguments: ["--demo"], tracePath: "/tmp/app.ditrace")
    /// ```
    public static func run(
        command: String, arguments: [String], tracePath: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InspectorError) -> Int32 {
        guard let executable = resolve(command, path: environment["PATH"]) else {
            throw .commandNotFound(command)
        }
        let absoluteTrace = URL(fileURLWithPath: tracePath).standardizedFileURL.path
        try? FileManager.default.removeItem(atPath: absoluteTrace)
        var childEnvironment = environment
        childEnvironment[environmentVariable] = absoluteTrace

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment
        do {
            try process.run()
        } catch {
            throw .launchFailed(command: command, reason: (error as NSError).localizedDescription)
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return process.terminationStatus
        case .uncaughtSignal: return 128 + process.terminationStatus
        @unknown default: return process.terminationStatus
        }
    }

    /// The executable path for `command`: itself when it contains `/`, else the first match in `PATH`.
    static func resolve(_ command: String, path: String?) -> String? {
        let manager = FileManager.default
        if command.contains("/") {
            return manager.isExecutableFile(atPath: command) ? command : nil
        }
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
