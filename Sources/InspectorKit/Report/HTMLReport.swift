/// The self-contained HTML report `di-inspect report` writes: one file, no network access, that opens from
/// disk in any browser.
///
/// The page has the dependency graph (libgvc's SVG) with pan, zoom and search; a click on a factory shows
/// its `why` (paths, containers and tests, what supplied it, dependents) and its statistics; the problems,
/// each highlighting its factories on the graph; a sortable statistics table with self and inclusive times;
/// the resolution trees per container and test; and the critical path. Graphs with more than
/// ``Options/fullGraphLimit`` factories are shown one node per module, each module expandable.
///
/// All data goes into the page as JSON inside `<script type="application/json">` (``HTMLEscaping``), and the
/// page's script builds the document from it with `textContent`, so no name from a trace is ever parsed as
/// markup.
///
/// ```swift
/// let html = HTMLReport.render(analysis, title: "app.ditrace")
/// try Data(html.utf8).write(to: URL(fileURLWithPath: "report.html"))
/// ```
public enum HTMLReport {
    /// How the report is built.
    ///
    /// The defaults keep a 2,000-factory report responsive.
    ///
    /// ```swift
    /// HTMLReport.Options(view: .modules)
    /// ```
    public struct Options: Sendable, Equatable {
        /// Which graph the page opens with.
        ///
        /// The raw values are the `--view` values.
        ///
        /// ```swift
        /// HTMLReport.Options.View(rawValue: "modules")
        /// ```
        public enum View: String, Sendable, CaseIterable {
            /// Every factory when there are at most ``Options/fullGraphLimit``, otherwise modules.
            case auto
            /// Every factory, whatever the size.
            case full
            /// One node per module, each expandable into its factories.
            case modules
        }

        /// Which graph the page opens with.
        public var view: View
        /// Above this many factories, `auto` shows modules.
        public var fullGraphLimit: Int
        /// At most this many resolutions go into the resolution trees (whole trees, earliest first).
        public var treeResolutionLimit: Int
        /// At most this many paths per factory go into its panel.
        public var pathLimit: Int

        /// Creates options.
        ///
        /// Every parameter has the CLI's default.
        ///
        /// ```swift
        /// let options = HTMLReport.Options(fullGraphLimit: 500)
        /// ```
        public init(
            view: View = .auto, fullGraphLimit: Int = 200, treeResolutionLimit: Int = 20_000, pathLimit: Int = 10
        ) {
            self.view = view
            self.fullGraphLimit = fullGraphLimit
            self.treeResolutionLimit = treeResolutionLimit
            self.pathLimit = pathLimit
        }
    }

    /// Renders the report page for `analysis`; `title` names the traces in the heading.
    ///
    /// Never fails: a graph Graphviz cannot render is replaced by a note saying why.
    ///
    /// ```swift
    /// let html = HTMLReport.render(analysis, title: "tests/ (12 traces)")
    /// ```
    public static func render(_ analysis: TraceAnalysis, title: String, options: Options = Options()) -> String {
        let problems = TraceChecker.check(analysis)
        let showModules =
            options.view == .modules
            || (options.view == .auto && analysis.trace.factories.count > options.fullGraphLimit)
        let graphs = ReportGraphs.render(analysis, problems: problems, modules: showModules)
        let data = ReportData.build(analysis, problems: problems, title: title, graphs: graphs, options: options)
        // Each SVG in a JSON block of its own, so the page parses only the graphs it shows.
        var blocks = [(id: "graph-main", svg: graphs.main.svg)]
        for (index, module) in graphs.modules.enumerated() { blocks.append(("graph-\(index)", module.svg)) }
        let graphBlocks = blocks.compactMap { block in
            block.svg.map { svg in
                "<script type=\"application/json\" id=\"\(block.id)\">"
                    + HTMLEscaping.scriptJSON(JSONOutput.string(svg).rendered(pretty: false)) + "</script>\n"
            }
        }.joined()
        return ReportPage.html(
            dataJSON: HTMLEscaping.scriptJSON(data.rendered(pretty: false)), graphBlocks: graphBlocks)
    }
}
