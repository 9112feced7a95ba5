import ArgumentParser
import Foundation
import TraceInspection

/// `di-fixture`: writes a deterministic app-shaped trace (see `AppTrace`) for tests and benchmarks.
struct DIFixture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "di-fixture",
        abstract: "Write a deterministic trace shaped like a real app (S, L or XL, or any size).",
        discussion: """
            S: 200 factories / 10 modules / 700 edges; L: 2,000 factories / 60 modules / 8,000 edges; \
            XL: L's graph with 10,000,000 resolutions (about 1.6 GB, streamed to the file). The options \
            change one field of the preset.

            Example:
              di-fixture S -o s.ditrace
              di-fixture XL -o /tmp/xl.ditrace
              di-fixture L --resolutions 50000 --seed 7 -o l-small.ditrace
            """
    )

    @Argument(help: "The preset: S, L or XL.")
    var size: String

    @Option(name: .shortAndLong, help: "The file to write.", completion: .file())
    var output: String

    @Option(help: "How many factories.") var factories: Int?
    @Option(help: "How many modules.") var modules: Int?
    @Option(help: "How many distinct dependency edges.") var edges: Int?
    @Option(help: "Exactly how many resolutions.") var resolutions: Int?
    @Option(help: "How many test containers.") var tests: Int?
    @Option(help: "How many threads.") var threads: Int?
    @Option(help: "The seed of the pseudo-random choices.") var seed: UInt64?

    func validate() throws {
        if AppTraceShape.preset(named: size) == nil {
            throw ValidationError("Unknown size \"\(size)\"; give S, L or XL (and options to change one field).")
        }
        for (name, value) in [
            ("factories", factories), ("modules", modules), ("edges", edges), ("resolutions", resolutions),
            ("tests", tests), ("threads", threads),
        ] {
            if let value, value < 0 { throw ValidationError("--\(name) must be zero or more, not \(value).") }
        }
    }

    func run() throws {
        var shape = AppTraceShape.preset(named: size)!  // validate() checked the name
        if let factories { shape.factories = factories }
        if let modules { shape.modules = modules }
        if let edges { shape.edges = edges }
        if let resolutions { shape.resolutions = resolutions }
        if let tests { shape.tests = tests }
        if let threads { shape.threads = threads }
        if let seed { shape.seed = seed }
        do {
            try AppTrace.write(shape, toFile: output)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print("Wrote \(output) (\(shape)).")
    }
}

DIFixture.main()
