#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import InspectorKit
import Testing

/// The folder this process's security tests write in, removed when the process exits.
private let securityRootPath = FileManager.default.temporaryDirectory.appendingPathComponent("di-security-\(getpid())").path
private let securityRoot: String = {
    try? FileManager.default.createDirectory(atPath: securityRootPath, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: securityRootPath) }
    return securityRootPath
}()

/// One test per item of the safety issue: di-inspect never destroys files, and no input can crash, hang or inject.
/// Items that need a separate process (signals, the runtime's trace writer, fork) are in the end-to-end suite.
@Suite("Security")
struct SecurityTests {
    static let header =
        #"{"format":"di-trace","version":1,"pid":1,"executable":"/a","argumentCount":0,"startTime":"x","clock":"monotonic-ns"}"#

    /// A trace from event lines (JSON text), with the header first and an `end` last unless `end` is false.
    static func trace(_ lines: [String], end: Bool = true) -> Data {
        Data(([header] + lines + (end ? [#"{"event":"end","t":9,"events":1}"#] : [])).joined(separator: "\n").utf8 + [0x0A])
    }

    static func factory(_ id: Int, _ type: String, scope: String = "unique") -> String {
        let object: [String: Any] = [
            "event": "factory", "id": id, "type": type, "name": NSNull(), "module": "M", "file": "M/F.swift",
            "line": 1, "scope": scope, "kind": "sync", "t": 1,
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func resolution(
        _ id: Int, factory: Int, parent: Int? = nil, container: Int = 1, start: Int = 1, source: String = "production"
    ) -> String {
        #"{"event":"resolution","id":\#(id),"factory":\#(factory),"container":\#(container),"parent":\#(parent.map(String.init) ?? "null"),"outcome":"created","source":"\#(source)","start":\#(start),"ns":5,"thread":1}"#
    }

    /// Writes `data` to a new temporary file and returns its path.
    static func temporaryFile(_ data: Data, name: String = "trace.ditrace") throws -> String {
        let folder = URL(fileURLWithPath: securityRoot).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    static func temporaryFolder() throws -> String {
        let folder = URL(fileURLWithPath: securityRoot).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    // MARK: record -o

    @Test("record refuses a directory as -o and leaves it and its files as they were")
    func recordRefusesDirectory() throws {
        let folder = try Self.temporaryFolder()
        let keep = folder + "/keep.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: keep))
        let result = Inspector.record(tracePath: folder, command: ["/bin/sh", "-c", "exit 0"])
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.contains("is a directory"))
        #expect(FileManager.default.fileExists(atPath: keep))
    }

    @Test("record refuses to replace a file that is not a trace unless --force")
    func recordRefusesNonTrace() throws {
        let notes = try Self.temporaryFile(Data("my notes\n".utf8), name: "notes.txt")
        let write = ["/bin/sh", "-c", #"printf '{"format":"di-trace","version":1}\n' > "$DI_INSPECT_TRACE""#]
        let refused = Inspector.record(tracePath: notes, command: write)
        #expect(refused.exitCode == 2)
        #expect(refused.diagnostics.contains("pass --force to replace it"))
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
        let forced = Inspector.record(tracePath: notes, command: write, force: true)
        #expect(forced.exitCode == 0, "\(forced.diagnostics)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8).hasPrefix(#"{"format":"di-trace""#))
    }

    @Test("record writes the trace to a temporary file beside the target and renames it into place")
    func recordUsesTemporaryFile() throws {
        let folder = try Self.temporaryFolder()
        let target = folder + "/app.ditrace"
        let seen = folder + "/seen.txt"
        let script = #"echo "$DI_INSPECT_TRACE" > "$1"; test -e "$2" && echo early >> "$1"; cp "$3" "$DI_INSPECT_TRACE""#
        let result = Inspector.record(
            tracePath: target, command: ["/bin/sh", "-c", script, "sh", seen, target, "clean.ditrace".fixturePath])
        #expect(result.exitCode == 0, "\(result.diagnostics)")
        let used = try String(contentsOfFile: seen, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(used != target)
        #expect(URL(fileURLWithPath: used).deletingLastPathComponent().path == folder)
        #expect(!FileManager.default.fileExists(atPath: used), "the temporary file was renamed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Fixtures.data("clean.ditrace"))
    }

    @Test("an unwritable -o is exit 2 before the command starts")
    func recordUnwritableOutput() throws {
        let marker = try Self.temporaryFolder() + "/ran"
        let result = Inspector.record(
            tracePath: "/nonexistent-folder/app.ditrace", command: ["/bin/sh", "-c", "touch \"$1\"", "sh", marker])
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.hasPrefix("error: Could not write /nonexistent-folder/app.ditrace"))
        #expect(!FileManager.default.fileExists(atPath: marker), "the command must not have run")
    }

    @Test("a missing ./path command is reported as a missing file, not as missing from PATH")
    func recordMissingRelativeCommand() throws {
        let target = try Self.temporaryFolder() + "/app.ditrace"
        let result = Inspector.record(tracePath: target, command: ["./no-such-program-di-inspect"])
        #expect(result.exitCode == 2)
        #expect(result.diagnostics == "error: ./no-such-program-di-inspect: no such file; check the path of the command to record.\n")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("record never replaces a FIFO, even with --force, and a run without a trace leaves -o as it was")
    func recordKeepsWhatIsThere() throws {
        let folder = try Self.temporaryFolder()
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = Inspector.record(tracePath: fifo, command: ["/bin/sh", "-c", "exit 0"], force: true)
        #expect(refused.exitCode == 2)
        #expect(refused.diagnostics.contains("is a FIFO, not a file, and was left as it is"))

        let old = folder + "/old.ditrace"
        try Fixtures.data("clean.ditrace").write(to: URL(fileURLWithPath: old))
        let silent = Inspector.record(tracePath: old, command: ["/bin/sh", "-c", "exit 4"])
        #expect(silent.exitCode == 4)
        #expect(silent.diagnostics.contains("wrote no trace"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == Fixtures.data("clean.ditrace"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["old.ditrace", "pipe"])
    }
}
