import Foundation

/// The graphs of the HTML report, rendered to SVG by libgvc when the report is written.
///
/// Either the whole graph (as `di-inspect graph` draws it, problems highlighted), or a module view: one
/// graph with a node per module, and for each module a graph of its factories with one node for each other
/// module it uses or is used by. SVG nodes are named `f<factory id>` and `m<module index>` (their `<title>`),
/// which is how the page's script finds them. A graph Graphviz cannot render carries the error instead.
struct ReportGraphs {
    /// Which graphs there are.
    enum Mode: String {
        case full, modules
    }

    /// An SVG, or why there is none.
    struct Rendered {
        var svg: String?
        var error: String?
    }

    var mode: Mode
    /// The whole graph (`full`) or the module overview (`modules`).
    var main: Rendered
    /// Module names, sorted; a factory's module index points in here.
    var moduleNames: [String]
    /// In `modules` mode, each module's own graph, by module index.
    var modules: [Rendered]

    static func render(_ analysis: TraceAnalysis, problems: [Problem], modules showModules: Bool) -> ReportGraphs {
        let factories = analysis.trace.factories
        let moduleNames = Array(Set(factories.map(\.module))).sorted()
        guard showModules else {
            let main: Rendered
            do {
                let options = GraphOptions(format: .svg, clustering: factories.count <= 50 ? .module : .none)
                let graph = try DependencyGraph(analysis: analysis, options: options, problems: problems)
                main = svg(DOTWriter.write(graph), layout: "dot")
            } catch {
                main = Rendered(error: error.description)
            }
            return ReportGraphs(mode: .full, main: main, moduleNames: moduleNames, modules: [])
        }
        let moduleOf = Dictionary(
            uniqueKeysWithValues: factories.map { ($0.id, moduleNames.firstIndex(of: $0.module)!) })
        let overview = svg(overviewDOT(analysis, moduleNames: moduleNames, moduleOf: moduleOf), layout: "dot")
        let perModule = moduleNames.indices.map { index in
            svg(moduleDOT(index, analysis: analysis, moduleNames: moduleNames, moduleOf: moduleOf), layout: "dot")
        }
        return ReportGraphs(mode: .modules, main: overview, moduleNames: moduleNames, modules: perModule)
    }

    private static func svg(_ dot: String, layout: String) -> Rendered {
        // Laid out in a child process (``GraphvizRenderer``): a Graphviz crash costs this graph, not the report.
        let outcome = GraphvizRenderer.render(dot: dot, layout: layout, format: "svg")
        if let data = outcome.output, outcome.status == .ok || outcome.status == .okWithErrors {
            return Rendered(svg: compact(String(decoding: data, as: UTF8.self)))
        }
        return Rendered(error: "Graphviz could not draw this graph: \(outcome.failureReason ?? "it produced no output").")
    }

    /// The SVG without what the page does not need: the XML declaration, the DOCTYPE, comments (Graphviz
    /// writes one per node and edge) and the font family on every text (the page's style sets it), so a
    /// 2,000-factory report stays small.
    static func compact(_ svg: String) -> String {
        var out = ""
        out.reserveCapacity(svg.utf8.count)
        var rest = svg[...]
        if let start = rest.range(of: "<svg") { rest = rest[start.lowerBound...] }
        rest = Substring(rest.replacingOccurrences(of: " font-family=\"Helvetica,sans-Serif\"", with: ""))
        while let open = rest.range(of: "<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return out }
            rest = rest[close.upperBound...]
            while let first = rest.first, first == "\n" { rest = rest.dropFirst() }
        }
        out += rest
        return out
    }

    /// How many outgoing edges each module keeps in the module overview.
    static let overviewEdgesPerModule = 6

    private static let header = """
          graph [fontname="Helvetica", fontsize=11, nodesep=0.3, ranksep=0.5];
          node [shape=box, style="rounded,filled", fillcolor="white", fontname="Helvetica", fontsize=10];
          edge [fontname="Helvetica", fontsize=9, color="#555555", arrowsize=0.7];

        """

    /// One node per module; an edge wherever a factory of one resolved a factory of another, with the count.
    /// Each module keeps its ``overviewEdgesPerModule`` strongest outgoing edges, so sixty modules that all
    /// use each other do not become a solid block of lines (each factory's panel lists every dependency).
    static func overviewDOT(_ analysis: TraceAnalysis, moduleNames: [String], moduleOf: [Int: Int]) -> String {
        var sizes = [Int](repeating: 0, count: moduleNames.count)
        for factory in analysis.trace.factories { sizes[moduleOf[factory.id]!] += 1 }
        var all: [[Int]: Int] = [:]
        for edge in analysis.edges {
            let from = moduleOf[edge.from] ?? 0
            let to = moduleOf[edge.to] ?? 0
            if from != to { all[[from, to], default: 0] += edge.count }
        }
        var counts: [[Int]: Int] = [:]
        for (_, edges) in Dictionary(grouping: all, by: { $0.key[0] }) {
            let strongest = edges.sorted { ($1.value, $0.key[1]) < ($0.value, $1.key[1]) }.prefix(
                overviewEdgesPerModule)
            for (pair, count) in strongest { counts[pair] = count }
        }
        var out = "digraph modules {\n" + header
        for (index, name) in moduleNames.enumerated() {
            let label = "\(name)\n\(sizes[index]) factor\(sizes[index] == 1 ? "y" : "ies")"
            out += "  m\(index) [label=\(DOTWriter.quote(label)), shape=box3d, style=filled, fillcolor=\"#eef3fb\"];\n"
        }
        out += edgeLines(counts, from: "m", to: "m", labelled: counts.count <= 150)
        return out + "}\n"
    }

    /// A module's factories and the edges between them, plus one node per other module they resolve (what
    /// uses them is in each factory's panel). Factories are stacked in short invisible chains, so a module
    /// whose factories barely depend on each other is a block rather than one endless row.
    static func moduleDOT(_ module: Int, analysis: TraceAnalysis, moduleNames: [String], moduleOf: [Int: Int]) -> String
    {
        var out = "digraph module {\n" + header
        let members = analysis.trace.factories.filter { moduleOf[$0.id] == module }
        for factory in members {
            let label = [factory.type, factory.name.map { "\"\($0)\"" } ?? factory.site, factory.scope.rawValue]
            out += "  f\(factory.id) [label=\(DOTWriter.quote(label.joined(separator: "\n")))];\n"
        }
        var inside: [[Int]: Int] = [:]
        var outgoing: [[Int]: Int] = [:]
        for edge in analysis.edges where moduleOf[edge.from] == module {
            let to = moduleOf[edge.to] ?? -1
            if to == module {
                inside[[edge.from, edge.to], default: 0] += edge.count
            } else {
                outgoing[[edge.from, to], default: 0] += edge.count
            }
        }
        let used = Set(outgoing.keys.map { $0[1] }).sorted().filter { $0 >= 0 }
        for other in used {
            out +=
                "  m\(other) [label=\(DOTWriter.quote(moduleNames[other])), shape=box3d, style=filled, "
                + "fillcolor=\"#eef3fb\", fontcolor=\"#555555\"];\n"
        }
        out += invisibleChains(used.map { "m\($0)" })
        out += edgeLines(inside, from: "f", to: "f", labelled: true)
        out += edgeLines(outgoing, from: "f", to: "m", labelled: false)
        out += invisibleChains(members.map { "f\($0.id)" })
        return out + "}\n"
    }

    /// Invisible edges that stack `nodes` in short columns (about 0.6 × √n high) over several ranks.
    private static func invisibleChains(_ nodes: [String]) -> String {
        let height = max(1, Int((Double(nodes.count).squareRoot() * 0.6).rounded(.up)))
        var out = ""
        for index in nodes.indices.dropLast() where index % height != height - 1 {
            out += "  \(nodes[index]) -> \(nodes[index + 1]) [style=invis];\n"
        }
        return out
    }

    /// Edge statements in a stable order, with their counts as labels (above 400 edges as `xlabel`s, which
    /// are faster to lay out) or, unlabelled, as line widths.
    private static func edgeLines(_ counts: [[Int]: Int], from: String, to: String, labelled: Bool) -> String {
        let label = counts.count > DOTWriter.plainLabelEdgeLimit ? "xlabel" : "label"
        var out = ""
        for pair in counts.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) where pair[0] >= 0 && pair[1] >= 0 {
            let count = counts[pair]!
            let attribute =
                labelled
                ? "\(label)=\(DOTWriter.quote("×\(count)"))"
                : "penwidth=\(Duration.rounded(min(4, 0.6 + 0.6 * Double(String(count).count)), 1))"
            out += "  \(from)\(pair[0]) -> \(to)\(pair[1]) [\(attribute)];\n"
        }
        return out
    }
}
