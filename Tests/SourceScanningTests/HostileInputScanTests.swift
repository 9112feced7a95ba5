import Foundation
import InspectorKit
import SourceScanning
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Scanning hostile input: one warning each, never a hang or a crash")
struct HostileInputScanTests {
    private static let good = "extension Container { static let clock = Factory { SystemClock() } }"

    /// What `di-inspect scan ROOT` returns (scan, then write to standard output).
    private func scanCommand(_ paths: [String]) -> (result: CommandResult, model: StaticModel) {
        let scan = SourceScanner.scan(paths: paths)
        return (Inspector.writeScan(scan.model, scannedAnything: scan.scannedAnything, outputPath: "-"), scan.model)
    }

    @Test("a file that does not parse is read as far as it goes, with one warning naming its first error line")
    func unparsable() throws {
        let tree = SourceTree()
        tree.write("Sources/App/Good.swift", Self.good)
        tree.write(
            "Sources/App/Broken.swift", "extension Container {\n    static let a = Factory { 1 }\n    func (((\n")
        let (result, model) = scanCommand([tree.root])
        #expect(result.exitCode == 0)
        #expect(model.factories.compactMap(\.property).sorted() == ["Container.a", "Container.clock"])
        let warnings = model.warnings.filter { $0.contains("Broken.swift") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Broken.swift:3: the file does not parse") == true, "\(warnings)")
        #expect(result.diagnostics.contains("warning: "))
    }

    @Test("bytes that are not UTF-8 give one warning with their line, and the rest of the file is read")
    func notUTF8() throws {
        let tree = SourceTree()
        var bytes = Data("// caf".utf8)
        bytes.append(contentsOf: [0xE9, 0xFF, 0x0A])
        bytes.append(contentsOf: Data("extension Container { static let clock = Factory { SystemClock() } }\n".utf8))
        tree.write("Sources/App/Latin1.swift", bytes)
        let (result, model) = scanCommand([tree.root])
        #expect(result.exitCode == 0)
        #expect(model.factory("Container.clock")?.line == 2)
        #expect(model.warnings.count == 1)
        #expect(model.warnings.first?.contains("Latin1.swift:1: the file has bytes that are not UTF-8") == true)
    }

    @Test("a directory symbolic link loop is skipped with one warning")
    func symlinkLoop() throws {
        let tree = SourceTree()
        tree.write("Sources/App/Good.swift", Self.good)
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/Sources/App/loop", withDestinationPath: "..")
        let (result, model) = scanCommand([tree.root])
        #expect(result.exitCode == 0)
        #expect(model.factories.count == 1)
        #expect(model.warnings.count == 1)
        #expect(model.warnings.first?.contains("symbolic link loop") == true, "\(model.warnings)")
    }

    @Test("a FIFO named like a source file is skipped without being opened")
    func fifo() throws {
        let tree = SourceTree()
        tree.write("Sources/App/Good.swift", Self.good)
        #expect(mkfifo(tree.root + "/Sources/App/Pipe.swift", 0o644) == 0)
        let (result, model) = scanCommand([tree.root])
        #expect(result.exitCode == 0)
        #expect(model.factories.count == 1)
        #expect(model.warnings.count == 1)
        #expect(model.warnings.first?.contains("Pipe.swift: a FIFO") == true, "\(model.warnings)")
    }

    @Test("exit 2 only when nothing could be scanned; a missing path next to a good one is a warning")
    func nothingScanned() throws {
        let tree = SourceTree()
        let (empty, _) = scanCommand([tree.root])
        #expect(empty.exitCode == 2)
        #expect(empty.output.isEmpty, "no partial output")
        #expect(empty.diagnostics.contains("error: No Swift file could be read under \(tree.root)"))
        let (missing, _) = scanCommand(["/no/such/folder"])
        #expect(missing.exitCode == 2)
        #expect(missing.diagnostics.contains("warning: /no/such/folder: no such file or directory"))

        tree.write("Sources/App/Good.swift", Self.good)
        let (mixed, model) = scanCommand(["/no/such/folder", tree.root])
        #expect(mixed.exitCode == 0)
        #expect(model.factories.count == 1)
        #expect(model.warnings == ["/no/such/folder: no such file or directory; skipped."])
    }

    @Test("a scan result reads back into the same model, and graph and dump accept it as input")
    func roundTrip() throws {
        let tree = SourceTree()
        tree.write(
            "Sources/App/App.swift",
            """
            extension Container {
                static let clock = Factory(name: "wall") { SystemClock() as any Clock }
                static let store = Factory(scope: .cached) { Store(clock: Container.clock()) }
            }
            """)
        let model = tree.scan().model
        let json = StaticModelWriter.render(model)
        let path = tree.root + "/scan.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try StaticModelReader.read(path: path)
        #expect(read.factories == model.factories)
        #expect(read.edges == model.edges)
        #expect(StaticModelWriter.render(read) == json)

        let dump = Inspector.dump(tracePath: path)
        #expect(dump.exitCode == 0)
        #expect(dump.outputText == json)
        let dot = Inspector.graph(tracePath: path, outputPath: "-", format: .dot)
        #expect(dot.exitCode == 0, "\(dot.diagnostics)")
        #expect(dot.outputText.contains("Container.store"))
        #expect(dot.outputText.contains("f2 -> f1"))
        let focused = Inspector.graph(
            tracePath: path, outputPath: "-", format: .dot, options: GraphOptions(focus: "Container.store", depth: 0))
        #expect(focused.exitCode == 0, "\(focused.diagnostics)")
        #expect(focused.outputText.contains("Container.store") && !focused.outputText.contains("Container.clock"))
        #expect(
            Inspector.graph(tracePath: path, outputPath: "-", format: .dot, options: GraphOptions(focus: "clock"))
                .exitCode == 0)
    }

    @Test("a dump of a trace, a damaged scan result and a FIFO are refused with one sentence and exit 2")
    func badScanResults() throws {
        let tree = SourceTree()
        tree.write("dump.json", "{\n  \"format\": \"di-inspect-dump\",\n  \"version\": 1\n}\n")
        let dump = Inspector.graph(tracePath: tree.root + "/dump.json", outputPath: "-", format: .dot)
        #expect(dump.exitCode == 2)
        #expect(dump.diagnostics.contains("dump.json is not a di-inspect scan result (it is the dump of a trace"))
        tree.write("scan.json", "{\n  \"format\": \"di-inspect-dump\",\n  \"static\": true\n}\n")
        let damaged = Inspector.coverage(scanPath: tree.root + "/scan.json", tracePaths: [])
        #expect(damaged.exitCode == 2)
        #expect(
            damaged.diagnostics.contains("scan.json is not a readable scan result (factories is missing)"),
            "\(damaged.diagnostics)")
        #expect(mkfifo(tree.root + "/pipe.json", 0o644) == 0)
        let fifo = Inspector.coverage(scanPath: tree.root + "/pipe.json", tracePaths: [])
        #expect(fifo.exitCode == 2)
        #expect(fifo.diagnostics.contains("it is not a regular file"))
    }
}
