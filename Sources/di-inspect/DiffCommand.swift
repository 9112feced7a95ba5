import ArgumentParser
import InspectorKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two traces (or directories of traces): what changed in the graph, its registrations and times.",
        discussion: """
            Factories are matched by declaration site and type (Module/File.swift:line), since ids differ \
            between traces. Reports new and removed factories, scope and kind changes, new and removed edges, \
            registrations and test defaults, resolution counts that changed by more than --count-threshold, \
            self-time regressions (p50 or p95 up by more than --time-threshold and --time-floor-ms, for \
            factories resolved at least --min-count times in both), new cycles and new problems.

            Exit codes: 0, or 1 when a change of a --fail-on kind was found; 2 on bad input.
            Kinds: \(TraceDiff.ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")), or any.

            Example:
              di-inspect diff main.ditrace branch.ditrace
              di-inspect diff old-traces/ new-traces/ --format markdown --fail-on new-cycle,scope-change
            """
    )

    @Argument(help: "The old trace file or directory of traces.", completion: .file())
    var old: String

    @Argument(help: "The new trace file or directory of traces.", completion: .file())
    var new: String

    @Option(help: "Output format: text, json, markdown or github (GitHub Actions annotations).")
    var format: DiffReport.Format = .text

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when a change of these kinds is found (comma-separated; may repeat).", valueName: "kinds"))
    var failOn: [String] = []

    @Option(
        name: .customLong("count-threshold"),
        help: "Report resolution counts that changed by more than this percentage.")
    var countThreshold: Double = 50

    @Option(
        name: .customLong("time-threshold"),
        help: "Report self times (p50 or p95) that grew by more than this percentage.")
    var timeThreshold: Double = 25

    @Option(name: .customLong("time-floor-ms"), help: "... and by at least this many milliseconds.")
    var timeFloorMilliseconds: Double = 0.1

    @Option(
        name: .customLong("min-count"), help: "Compare times only of factories resolved at least this often in both.")
    var minimumCount = 5

    func validate() throws {
        _ = try failOnKinds()
        for (name, value) in [("--count-threshold", countThreshold), ("--time-threshold", timeThreshold)]
        where !(value >= 0 && value.isFinite) {
            throw ValidationError("\(name) must be a percentage of zero or more, not \(value).")
        }
        if !(timeFloorMilliseconds >= 0 && timeFloorMilliseconds <= 1_000_000) {
            throw ValidationError(
                "--time-floor-ms must be between 0 and 1000000 milliseconds, not \(timeFloorMilliseconds).")
        }
        if minimumCount < 1 { throw ValidationError("--min-count must be 1 or more, not \(minimumCount).") }
    }

    func failOnKinds() throws -> Set<TraceDiff.ChangeKind> {
        var kinds = Set<TraceDiff.ChangeKind>()
        for item in failOn.flatMap({ $0.split(separator: ",") }) {
            let name = item.filter { !$0.isWhitespace }.lowercased()
            if name == "any" {
                kinds.formUnion(TraceDiff.ChangeKind.allCases)
            } else if let kind = TraceDiff.ChangeKind(rawValue: name) {
                kinds.insert(kind)
            } else {
                let known = TraceDiff.ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--fail-on does not know the kind \"\(name)\"; use any of: \(known), any.")
            }
        }
        return kinds
    }

    func run() throws {
        let options = TraceDiff.Options(
            countThresholdPercent: countThreshold, timeThresholdPercent: timeThreshold,
            timeFloorNanoseconds: UInt64((timeFloorMilliseconds * 1_000_000).rounded()),
            minimumResolutions: minimumCount)
        try Inspector.diff(
            oldPaths: [old], newPaths: [new], format: format, options: options, failOn: try failOnKinds()
        ).emit()
    }
}
