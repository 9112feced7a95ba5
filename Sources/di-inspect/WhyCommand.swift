import ArgumentParser
import InspectorKit

struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract:
            "Explain a factory: every path to it, where it was created or reused, what supplied it, who depends on it.",
        discussion: """
            FACTORY is matched as `graph --focus` matches it: its type or name (case-insensitive, `any `/`some ` \
            optional) or its declaration site Module/File.swift:line. Every matching factory is explained. TRACE \
            may be several trace files or directories of them (analysed as one).

            Example:
              di-inspect why app.ditrace CalendarServicing
              di-inspect why traces/ CalendarStore/CalendarStore.swift:20 --format json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The trace files or directories, then the factory.", valueName: "trace… factory"))
    var arguments: [String] = []

    @Option(help: "Output format: text or json (json lists everything, whatever --limit says).")
    var format: Format = .text

    @Option(help: "Show at most this many entries per list in text output (0: all).")
    var limit: Int = 20

    func validate() throws {
        if arguments.count < 2 {
            throw ValidationError(
                "Give a trace and a factory, as in `di-inspect why app.ditrace CalendarServicing`.")
        }
        if limit < 0 { throw ValidationError("--limit must be zero (all) or more, not \(limit).") }
    }

    func run() throws {
        try Inspector.why(
            tracePaths: Array(arguments.dropLast()), factory: arguments.last!, json: format == .json, limit: limit
        ).emit()
    }
}
