import ArgumentParser
import Foundation
import InspectorKit

/// `di-inspect`: reads DependencyInjection trace files. Argument parsing only; the work is in InspectorKit.
@main
struct DIInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "di-inspect",
        abstract: "Inspect DependencyInjection trace files (di-trace).",
        discussion: """
            Record a trace by running your app or tests with DI_INSPECT_TRACE=PATH set (or with \
            `di-inspect record`), then dump, check, draw, time or replay it.

            Exit codes: 0 success (check: no problems), 1 check found problems, 2 bad input or usage.

            Example:
              di-inspect record -o tests.ditrace -- swift test
              di-inspect check tests.ditrace
            """,
        version: "1.0.0",
        subcommands: [
            DumpCommand.self, CheckCommand.self, GraphCommand.self, StatsCommand.self, TraceCommand.self,
            RecordCommand.self, WhyCommand.self, DiffCommand.self, ReportCommand.self, ScanCommand.self, CoverageCommand.self,
            ExportCommand.self,
        ]
    )

    /// Runs the command, mapping usage errors to exit code 2 (swift-argument-parser uses 64).
    static func main() {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if let first = CommandLine.arguments.dropFirst().first,
            let message = CommandSuggestion.unknownSubcommand(first, among: names)
        {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            Foundation.exit(Inspector.exitBadInput)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? Inspector.exitBadInput : code.rawValue)
        }
    }
}
