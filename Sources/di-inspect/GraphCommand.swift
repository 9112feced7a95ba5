import ArgumentParser
import InspectorKit

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the dependency graph (SVG, PNG, PDF, DOT or JSON).",
        discussion: """
            Nodes are factories (type, name or declaration site, scope); edges are observed resolutions with \
            counts. Cycle edges and unregistered factories are red, leaked ones orange. The format comes from \
            the -o extension unless --format is given; `-o -` writes to standard output (DOT by default).

            Example:
              di-inspect graph app.ditrace -o graph.svg
              di-inspect graph app.ditrace -o calendar.png --focus CalendarServicing
              di-inspect graph app.ditrace -o - --format dot --cluster scope --timings
            """
    )

    @Argument(help: "The trace file to read.", completion: .file())
    var trace: String

    @Option(name: .shortAndLong, help: "The file to write, or - for standard output.", completion: .file())
    var output: String

    @Option(help: "Output format: svg, png, pdf, dot or json (default: from the -o extension).")
    var format: GraphOptions.Format?

    @Option(help: "Graphviz layout engine: dot, sfdp or neato.")
    var layout: GraphOptions.Layout = .dot

    @Option(help: "Group nodes by module, by scope, or none.")
    var cluster: GraphOptions.Clustering = .module

    @Option(help: "Draw only the neighbourhood of the factories with this name or type.")
    var focus: String?

    @Option(help: "With --focus: how many edges away from the focused factories to draw.")
    var depth: Int = 2

    @Flag(help: "Shade nodes by self time (time in their own resolvers, dependencies left out).")
    var timings = false

    @Flag(name: .customLong("no-highlight"), help: "Do not colour problems.")
    var noHighlight = false

    func validate() throws {
        if depth < 0 { throw ValidationError("--depth must be zero or more, not \(depth).") }
    }

    func run() throws {
        let options = GraphOptions(
            layout: layout, clustering: cluster, focus: focus, depth: depth, showTimings: timings,
            highlightProblems: !noHighlight)
        try Inspector.graph(tracePath: trace, outputPath: output, format: format, options: options).emit()
    }
}
