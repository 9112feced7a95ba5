import Foundation
import InspectorKit
import Testing

/// Access to the hand-written traces in `Fixtures/` and the expected outputs in `Fixtures/Snapshots/`.
enum Fixtures {
    /// The folder of fixtures copied into the test bundle.
    static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// The path of a fixture file, such as `clean.ditrace`.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The bytes of a fixture file.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Reads and analyses a fixture trace.
    static func analysis(_ name: String) throws -> TraceAnalysis {
        TraceAnalysis(trace: try TraceReader.read(path: path(name)).trace)
    }

    /// Compares `actual` with `Fixtures/Snapshots/<name>`. With `DI_INSPECT_RECORD_SNAPSHOTS=1` in the
    /// environment (or when the snapshot does not exist yet), writes the snapshot into the source tree
    /// instead and records an issue so the run is not mistaken for a pass.
    static func assertSnapshot(
        _ actual: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expectedURL = directory.appendingPathComponent("Snapshots").appendingPathComponent(name)
        let record = ProcessInfo.processInfo.environment["DI_INSPECT_RECORD_SNAPSHOTS"] == "1"
        if !record, let expected = try? String(contentsOf: expectedURL, encoding: .utf8) {
            #expect(actual == expected, "output differs from snapshot \(name)", sourceLocation: sourceLocation)
            return
        }
        let sourceURL = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Snapshots").appendingPathComponent(name)
        // Test files live one folder deep at most; walk up until the Fixtures folder is found.
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Fixtures").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        let target = folder.path == "/" ? sourceURL : folder.appendingPathComponent("Fixtures/Snapshots/\(name)")
        try? FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: target, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run the tests again", sourceLocation: sourceLocation)
    }
}
