/// The resolution trees of the HTML report (InspectorKit's `HTMLReport`): whole trees, earliest first, up to a
/// number of resolutions.
///
/// `{"r": [[factory, parent, container, outcome, source, ns, self, start]…], "total": N}`, where `r` is in
/// depth-first order (children by start time) and `parent` is the parent's position in `r`, or -1.
package enum ReportTrees {
    package static func build(_ analysis: TraceAnalysis, limit: Int) -> JSONOutput {
        let resolutions = analysis.trace.resolutions
        var rows: [JSONOutput] = []
        var visited = [Bool](repeating: false, count: resolutions.count)
        for root in analysis.rootIndices {
            var subtree: [(index: Int, parent: Int)] = []
            var stack: [(index: Int, parent: Int)] = [(Int(root), -1)]
            while let (index, parent) = stack.popLast() {
                guard !visited[index] else { continue }
                visited[index] = true
                let position = rows.count + subtree.count
                subtree.append((index, parent))
                for child in analysis.children(of: index).reversed() { stack.append((Int(child), position)) }
            }
            if rows.count + subtree.count > limit { break }
            for (index, parent) in subtree {
                let resolution = resolutions[index]
                rows.append(
                    .array([
                        .int(resolution.factory), .int(parent), .int(resolution.container),
                        .string(resolution.outcome.rawValue), .string(resolution.source.rawValue),
                        .unsigned(resolution.nanoseconds), .unsigned(analysis.selfNanoseconds[index]),
                        .unsigned(resolution.start),
                    ]))
            }
        }
        return .object(["r": .array(rows), "total": .int(resolutions.count)])
    }
}
