import ArgumentParser
import InspectorKit
import SourceScanning

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read Swift sources and write the factories they declare and the dependencies they show, as JSON.",
        discussion: """
            Parses the sources with swift-syntax (nothing is compiled or run). The result has the shape of \
            `dump` with "static": true: factories with their property (Container.calendarStore), type, name, \
            scope, kind and Module/File.swift:line (the runtime's #fileID and #line), edges from resolver \
            closures and injected properties, registrations, test values, TestDefaults and test containers. \
            graph, dump, stats and trace read it like a trace; coverage and check --scan compare it with traces.

            Example:
              di-inspect scan Sources Tests -o scan.json
              di-inspect graph scan.json -o declared.svg
            """
    )

    @Argument(help: "Swift files or folders to scan (folders recursively).", completion: .file())
    var paths: [String]

    @Option(
        name: .shortAndLong, help: "Where to write the JSON; - (the default) is standard output.", completion: .file())
    var output: String = "-"

    func validate() throws {
        if paths.isEmpty {
            throw ValidationError("Give at least one Swift file or folder to scan, as in `di-inspect scan Sources`.")
        }
    }

    func run() throws {
        let result = SourceScanner.scan(paths: paths)
        try Inspector.writeScan(result.model, scannedAnything: result.scannedAnything, outputPath: output).emit()
    }
}
