import ArgumentParser
import Foundation
import InspectorKit

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the dependency graph (SVG, PNG, PDF, DOT or JSON).",
        discussion: """
            Nodes are factories (type, name or declaration site, scope); edges are observed resolutions with \
            counts; hovering a node in an SVG shows its declaration site, scope and counts. Cycle edges and \
            unregistered factories are red, leaked ones orange. Above \(GraphOptions.collapseNodeLimit) factories \
            or \(GraphOptions.collapseEdgeLimit) edges, one node stands for each module (--collapse none draws \
            them all). In traces of tests, factories never resolved are left out (--include-unresolved). \
            The format comes from the -o extension unless --format is given; without -o (or with -o -) the \
            graph goes to standard output, as DOT by default, as `dot` does; PNG and PDF need -o or a \
            redirection. If Graphviz fails on a layout, another one is drawn and a warning says which.

            Example:
              di-inspect graph app.ditrace -o graph.svg
              di-inspect graph traces/ -o tests.svg
              di-inspect graph app.ditrace -o calendar.png --focus CalendarServicing
              di-inspect graph tests.ditrace --test placesOrder -o order.svg
              di-inspect graph app.ditrace --cluster scope --timings | dot -Tpdf > graph.pdf
            """
    )

    @Argument(help: "The trace files, or directories of them, to read as one.", completion: .file())
    var traces: [String]

    @Option(
        name: .shortAndLong, help: "The file to write, or - for standard output (the default).", completion: .file())
    var output: String?

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

    @Option(help: "auto (one node per module for large graphs), module, or none (every factory).")
    var collapse: GraphOptions.Collapse = .auto

    @Option(help: "Draw only what the tests whose name contains this text resolved.")
    var test: String?

    @Option(help: "Draw only what this container (and the containers nested in it) resolved.")
    var container: Int?

    @Flag(name: .customLong("include-unresolved"), help: "In traces of tests, also draw factories never resolved.")
    var includeUnresolved = false

    func validate() throws {
        if depth < 0 { throw ValidationError("--depth must be zero or more, not \(depth).") }
        if let container, container < 1 {
            throw ValidationError("--container must be a container id (1 or more), not \(container).")
        }
    }

    func run() throws {
        let options = GraphOptions(
            layout: layout, clustering: cluster, focus: focus, depth: depth, showTimings: timings,
            highlightProblems: !noHighlight, collapse: collapse, test: test, container: container,
            includeUnresolved: includeUnresolved)
        try Inspector.graph(
            tracePaths: traces, outputPath: output, format: format, options: options,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1
        ).emit()
    }
}
