import Foundation

/// Runs an executable to completion and captures what it printed, for tests that check a process from outside.
public enum ChildProcess {
    /// Runs `path` with `arguments`; `environment` entries are added to (or, with `nil`, removed from) this
    /// process's environment. Standard output and standard error are captured together.
    public static func run(
        _ path: String,
        _ arguments: [String],
        environment changes: [String: String?] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
