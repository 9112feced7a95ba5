import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The safety items that need a separate process: signals to `record`, the runtime's trace writer, fork.
@Suite("Security: processes and the trace writer")
final class SecurityTests {
    /// The folders this test made, removed when it ends (a class, so that it has a deinit).
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("di-e2e-security-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url.path)
        return url.path
    }

    /// Runs `path` with recording settings from `environment`, stopping it (by its pid, and a forked child by the pid
    /// it printed) after `seconds`; `nil` means it had to be stopped.
    private func run(
        _ path: String, _ arguments: [String], environment extra: [String: String], seconds: Double
    ) throws -> (status: Int32, output: String)? {
        let outputPath = try folder() + "/output.txt"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DI_INSPECT_TRACE"] = nil
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // The fork scenario prints its child's pid first; a child left hanging is stopped by that pid.
            let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("child ") }),
                let child = Int32(line.dropFirst(6))
            {
                kill(child, SIGKILL)
            }
            return nil
        }
        return (process.terminationStatus, try String(contentsOfFile: outputPath, encoding: .utf8))
    }

    @Test("SIGTERM to record is passed on to the command, and record waits for it and passes its exit code through")
    func recordForwardsSignals() throws {
        let directory = try folder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.inspect)
        process.arguments = [
            "record", "-o", directory + "/t.ditrace", "--", "/bin/sh", "-c",
            #"trap 'echo got-term > "$1"; exit 7' TERM; echo $$ > "$2"; while :; do sleep 0.05; done"#, "sh",
            directory + "/term", directory + "/started",
        ]
        try process.run()
        var deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: directory + "/started"), Date() < deadline { usleep(20_000) }
        usleep(100_000)
        kill(process.processIdentifier, SIGTERM)
        deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let child = (try? String(contentsOfFile: directory + "/started", encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if process.isRunning {
            Issue.record("record did not end within 20 s of SIGTERM")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        // A command left running (orphaned by a record that did not wait) is stopped here, by its own pid.
        if let child, kill(child, 0) == 0 {
            Issue.record("the command was still running after record ended")
            kill(child, SIGKILL)
        }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 7)
        #expect(FileManager.default.fileExists(atPath: directory + "/term"), "the command got SIGTERM")
    }

    @Test("a symbolic link as DI_INSPECT_TRACE: one warning, the program runs unrecorded, the link's target is untouched")
    func symlinkRefused() throws {
        let directory = try folder()
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: directory + "/target.txt"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.ditrace", withDestinationPath: "target.txt")
        let run = try Binaries.run(Binaries.fixture, ["clean"], environment: ["DI_INSPECT_TRACE": directory + "/link.ditrace"])
        #expect(run.status == 0)
        #expect(run.output.contains("report at 42"))
        let warnings = run.output.split(separator: "\n").filter { $0.hasPrefix("DependencyInjection:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("it is a symbolic link") == true)
        #expect(try String(contentsOfFile: directory + "/target.txt", encoding: .utf8) == "precious\n")
    }

    @Test("an existing trace path that belongs to another user is refused", .enabled(if: getuid() == 0, "needs root to chown"))
    func otherUsersFileRefused() throws {
        let trace = try folder() + "/theirs.ditrace"
        #expect(FileManager.default.createFile(atPath: trace, contents: nil))
        #expect(chown(trace, 65534, 65534) == 0)
        let run = try Binaries.run(Binaries.fixture, ["clean"], environment: ["DI_INSPECT_TRACE": trace])
        #expect(run.status == 0)
        #expect(run.output.contains("it belongs to another user"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)).isEmpty)
    }

    @Test("a new trace file is created with mode 0600")
    func traceFileMode() throws {
        let trace = try folder() + "/mode.ditrace"
        #expect(try Binaries.run(Binaries.fixture, ["clean"], environment: ["DI_INSPECT_TRACE": trace]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: trace)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("a FIFO as DI_INSPECT_TRACE is refused at once, without blocking in open() or dying of SIGPIPE")
    func fifoRefused() throws {
        let fifo = try folder() + "/trace.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let finished = try run(Binaries.fixture, ["clean"], environment: ["DI_INSPECT_TRACE": fifo], seconds: 20)
        let run = try #require(finished, "the program blocked in open() on the FIFO")
        #expect(run.status == 0)
        #expect(run.output.contains("it is a FIFO, not a regular file"))
        #expect(run.output.contains("report at 42"))
    }

    @Test("TraceRecording.start(path: \"/dev/full\") throws instead of reporting success")
    func deviceRefused() throws {
        let run = try Binaries.run(Binaries.fixture, ["start", "/dev/full"])
        #expect(run.output.contains("refused: Cannot record a trace to /dev/full: it is a character device"), "\(run.output)")
    }

    @Test("the header holds the executable and the argument count; arguments only with DI_INSPECT_TRACE_ARGUMENTS=1")
    func noSecretsInHeader() throws {
        let directory = try folder()
        let plain = directory + "/plain.ditrace"
        _ = try Binaries.run(
            Binaries.fixture, ["clean", "--password=hunter2"],
            environment: ["DI_INSPECT_TRACE": plain, "SECRET_TOKEN": "s3cr3t-env"])
        let text = try String(contentsOfFile: plain, encoding: .utf8)
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("s3cr3t-env"))
        let header = try #require(JSONSerialization.jsonObject(with: Data(text.prefix { $0 != "\n" }.utf8)) as? [String: Any])
        #expect(header["argumentCount"] as? Int == 2)
        #expect(header["arguments"] == nil)
        #expect((header["executable"] as? String)?.hasSuffix("TraceFixture") == true)
        let dump = try Binaries.run(Binaries.inspect, ["dump", plain])
        #expect(!dump.output.contains("hunter2"))

        let asked = directory + "/asked.ditrace"
        _ = try Binaries.run(
            Binaries.fixture, ["clean", "--password=hunter2"],
            environment: ["DI_INSPECT_TRACE": asked, "DI_INSPECT_TRACE_ARGUMENTS": "1"])
        #expect(try String(contentsOfFile: asked, encoding: .utf8).contains(#""arguments":["clean","--password=hunter2"]"#))
    }

    // Under the thread sanitizer a child forked from the multi-threaded fixture spins in the sanitizer's runtime
    // (it does not support multi-threaded fork), so the fork tests run in the plain build only.
    #if !DI_TSAN_ANNOTATIONS
    @Test("a forked child does not write into its parent's trace")
    func forkStopsInChild() throws {
        let trace = try folder() + "/fork.ditrace"
        let finished = try run(Binaries.fixture, ["fork"], environment: ["DI_INSPECT_TRACE": trace], seconds: 30)
        let run = try #require(finished, "the forked program did not finish within 30 s")
        #expect(run.status == 0, "\(run.output)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.components(separatedBy: #""event":"end""#).count - 1 == 1)
        // The parent resolved the service twice (service, repository, clock, then service and a cached repository).
        #expect(text.components(separatedBy: #""event":"resolution""#).count - 1 == 5)
        let check = try Binaries.run(Binaries.inspect, ["check", trace])
        #expect(check.status == 0)
        #expect(!check.output.contains("warning"))
    }

    // A forked child cannot start the writer thread of its own file under the sanitizer either.
    @Test("with %p or a directory, a forked child records into its own file")
    func forkPerProcess() throws {
        for (value, isDirectory) in [("t-%p.ditrace", false), ("traces/", true)] {
            let directory = try folder()
            let finished = try run(
                Binaries.fixture, ["fork"], environment: ["DI_INSPECT_TRACE": "\(directory)/\(value)"], seconds: 30)
            let run = try #require(finished, "the forked program did not finish within 30 s")
            #expect(run.status == 0, "\(run.output)")
            let childLine = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("child ") })
            let child = String(childLine.dropFirst(6))
            let folder = isDirectory ? directory + "/traces" : directory
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(files.count == 2, "\(files)")
            let childFile = try #require(files.first { $0.contains("-\(child).ditrace") })
            if isDirectory { #expect(childFile == "TraceFixture-\(child).ditrace") }
            let check = try Binaries.run(Binaries.inspect, ["check", folder + "/" + childFile])
            #expect(check.status == 0)
            #expect(check.output.contains("10 resolutions"), "\(check.output)")
        }
    }

    #endif
    #if os(Linux)
    @Test("the idle trace writer sleeps: a handful of context switches in 2 s, not thousands")
    func idleWriterSleeps() throws {
        let trace = try folder() + "/idle.ditrace"
        let run = try Binaries.run(Binaries.fixture, ["idle", "2"], environment: ["DI_INSPECT_TRACE": trace])
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("context switches while idle: ") })
        let switches = try #require(Int(line.split(separator: " ").last ?? ""))
        #expect(switches < 50, "\(switches) context switches while idle")
    }
    #endif
}
