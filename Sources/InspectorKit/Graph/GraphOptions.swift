/// How `di-inspect graph` draws the dependency graph.
///
/// Defaults: SVG, `dot` layout, clusters by module, problems highlighted, whole graph; one node per module
/// above ``collapseNodeLimit`` factories or ``collapseEdgeLimit`` edges; in traces of tests, factories
/// never resolved are left out.
///
/// ```swift
/// var options = GraphOptions(format: .png)
/// options.focus = "any CalendarServicing"
/// options.depth = 1
/// ```
public struct GraphOptions: Sendable, Equatable {
    /// Output formats; `dot` and `json` are written by InspectorKit, the others by Graphviz.
    ///
    /// The raw values are the `--format` values and file extensions.
    ///
    /// ```swift
    /// GraphOptions.Format(path: "graph.pdf")   // .pdf
    /// ```
    public enum Format: String, Sendable, CaseIterable {
        /// Scalable vector graphics.
        case svg
        /// A bitmap.
        case png
        /// A PDF document.
        case pdf
        /// Graphviz source.
        case dot
        /// Nodes and edges as JSON.
        case json

        /// The format a file name's extension asks for, or `nil` if the extension is not one of the formats.
        ///
        /// Case-insensitive; `.gv` means DOT.
        ///
        /// ```swift
        /// GraphOptions.Format(path: "out/Graph.SVG")   // .svg
        /// ```
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            let ext = path[path.index(after: dot)...].lowercased()
            if ext == "gv" {
                self = .dot
                return
            }
            self.init(rawValue: ext)
        }
    }

    /// Graphviz layout engines.
    ///
    /// The raw values are the engine names.
    ///
    /// ```swift
    /// options.layout = .sfdp
    /// ```
    public enum Layout: String, Sendable, CaseIterable {
        /// Hierarchical layers (best for dependency graphs).
        case dot
        /// Scalable force-directed (large graphs).
        case sfdp
        /// Spring model.
        case neato
    }

    /// How nodes are grouped into boxes.
    ///
    /// The raw values are the `--cluster` values.
    ///
    /// ```swift
    /// options.clustering = .scope
    /// ```
    public enum Clustering: String, Sendable, CaseIterable {
        /// One box per module (the factory's `module`).
        case module
        /// One box per scope (unique, cached, shared).
        case scope
        /// No boxes.
        case none
    }

    /// Whether factories are drawn one by one or merged into one node per module.
    ///
    /// The raw values are the `--collapse` values.
    ///
    /// ```swift
    /// options.collapse = .module
    /// ```
    public enum Collapse: String, Sendable, CaseIterable {
        /// One node per module above ``GraphOptions/collapseNodeLimit`` factories or
        /// ``GraphOptions/collapseEdgeLimit`` edges (drawings only: JSON is never collapsed unless asked).
        case auto
        /// One node per module, edges labelled with how many dependencies they stand for.
        case module
        /// Every factory.
        case none
    }

    /// Above this many factories, ``Collapse/auto`` draws one node per module.
    ///
    /// An S-sized app (200 factories) is drawn in full; an L-sized one (2,000) is collapsed.
    public static let collapseNodeLimit = 300
    /// Above this many edges, ``Collapse/auto`` draws one node per module.
    ///
    /// Graphviz's `dot` layout took minutes on L's 8,000 edges; S's 700 take a fraction of a second.
    public static let collapseEdgeLimit = 1_500

    /// The output format.
    public var format: Format
    /// The layout engine (ignored for `dot` and `json` output).
    public var layout: Layout
    /// How nodes are grouped.
    public var clustering: Clustering
    /// Draw only the neighbourhood of factories with this name or type.
    public var focus: String?
    /// How many edges away from the focus to go (used with ``focus``).
    public var depth: Int
    /// Shade nodes by self time (time in their own resolvers, dependencies left out), and print self and total time.
    public var showTimings: Bool
    /// Colour cycle edges and unregistered nodes red, leaked and escaped nodes orange, and add a legend.
    public var highlightProblems: Bool
    /// Draw every factory, or one node per module.
    public var collapse: Collapse
    /// Only what the tests whose name contains this text resolved (with their nested containers).
    public var test: String?
    /// Only what this container (and the containers nested in it) resolved.
    public var container: Int?
    /// In traces of tests, also draw factories that were never resolved (hidden by default).
    public var includeUnresolved: Bool

    /// Creates options.
    ///
    /// Every parameter has the CLI's default.
    ///
    /// ```swift
    /// let options = GraphOptions(format: .dot, clustering: .none)
    /// ```
    public init(
        format: Format = .svg, layout: Layout = .dot, clustering: Clustering = .module, focus: String? = nil,
        depth: Int = 2, showTimings: Bool = false, highlightProblems: Bool = true, collapse: Collapse = .auto,
        test: String? = nil, container: Int? = nil, includeUnresolved: Bool = false
    ) {
        self.format = format
        self.layout = layout
        self.clustering = clustering
        self.focus = focus
        self.depth = depth
        self.showTimings = showTimings
        self.highlightProblems = highlightProblems
        self.collapse = collapse
        self.test = test
        self.container = container
        self.includeUnresolved = includeUnresolved
    }
}
