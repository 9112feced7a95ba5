import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The structure of an SVG that Graphviz wrote: its node, edge and cluster groups with their `<title>`s
/// and hover texts (`xlink:title` of the link inside a group), read with an XML parser.
struct SVGStructure {
    struct Group {
        var title = ""
        var tooltip: String?
    }

    var nodes: [Group] = []
    var edges: [Group] = []
    var clusters: [Group] = []

    /// Parses `data`; records an issue and returns `nil` when it is not well-formed XML.
    init?(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            Issue.record("the SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", sourceLocation: sourceLocation)
            return nil
        }
        nodes = delegate.groups.filter { $0.kind == "node" }.map(\.group)
        edges = delegate.groups.filter { $0.kind == "edge" }.map(\.group)
        clusters = delegate.groups.filter { $0.kind == "cluster" }.map(\.group)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var groups: [(kind: String, group: Group)] = []
        private var depth = 0
        /// The open node/edge/cluster group and the element depth it was opened at.
        private var open: (index: Int, depth: Int)?
        private var inTitle = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            if name == "g", let kind = attributes["class"], ["node", "edge", "cluster"].contains(kind), open == nil {
                groups.append((kind, Group()))
                open = (groups.count - 1, depth)
            } else if let open, name == "title", depth == open.depth + 1 {
                inTitle = true
            } else if let open, name == "a", groups[open.index].group.tooltip == nil {
                groups[open.index].group.tooltip = attributes["xlink:title"]
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle, let open { groups[open.index].group.title += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" { inTitle = false }
            if let open, depth == open.depth, name == "g" { self.open = nil }
            depth -= 1
        }
    }
}
