/// Keeps Graphviz's `dot` layout within seconds on graphs whose edges span many ranks.
///
/// `dot` turns an edge spanning k ranks into k − 1 virtual nodes, and its crossing minimisation and
/// network-simplex positioning grow faster than linearly with them: 200 factories whose edges span a
/// 120-rank graph made 27,000 virtual nodes and took 150 s, almost all in positioning. This estimates
/// the virtual nodes from a longest-path ranking (an upper bound of what `dot` makes) and, above
/// ``virtualNodeBudget``, lowers `mclimit` and `nslimit`: fewer crossing-minimisation passes and
/// positioning iterations. The layout stays valid (network simplex stops at a feasible solution), just
/// less tidy.
enum LayoutBudget {
    /// Up to this many estimated virtual nodes, `dot` runs with its defaults (about 2 s on this size).
    static let virtualNodeBudget = 6_000
    /// Positioning iterations × virtual nodes allowed (each iteration walks the whole tree).
    static let positioningWork = 20_000_000.0

    /// Extra graph attributes for `dot` (", mclimit=…, nslimit=…"), or "" when the graph is within budget.
    ///
    /// `edges` are (from, to) indices into `0..<nodeCount`; `labelled` means edges carry `label`s, which
    /// make `dot` double every rank.
    static func dotAttributes(nodeCount: Int, edges: [(Int, Int)], labelled: Bool) -> String {
        let virtualNodes = estimateVirtualNodes(nodeCount: nodeCount, edges: edges, labelled: labelled)
        guard virtualNodes > virtualNodeBudget else { return "" }
        let total = Double(virtualNodes + nodeCount)
        let mclimit = max(0.05, Double(virtualNodeBudget) / Double(virtualNodes))
        let nslimit = max(0.005, positioningWork / (total * total))
        return ", mclimit=\(Duration.rounded(mclimit, 3)), nslimit=\(Duration.rounded(min(1, nslimit), 3))"
    }

    /// Σ (span − 1) over the edges, with ranks by longest path from the sources (back edges of a
    /// depth-first search are counted by their absolute span, as `dot` reverses them).
    static func estimateVirtualNodes(nodeCount: Int, edges: [(Int, Int)], labelled: Bool) -> Int {
        var successors = [[Int]](repeating: [], count: nodeCount)
        for (from, to) in edges where from != to && from < nodeCount && to < nodeCount { successors[from].append(to) }
        // Depth-first order without recursion; drop back edges to make the graph acyclic.
        var state = [UInt8](repeating: 0, count: nodeCount)  // 0 new, 1 on the stack, 2 done
        var order: [Int] = []
        var acyclic = [[Int]](repeating: [], count: nodeCount)
        for root in 0..<nodeCount where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = successors[top.node][top.next]
                    if state[child] == 1 { continue }  // back edge
                    acyclic[top.node].append(child)
                    if state[child] == 0 {
                        state[child] = 1
                        stack.append((child, 0))
                    }
                } else {
                    state[top.node] = 2
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }
        var rank = [Int](repeating: 0, count: nodeCount)
        for node in order.reversed() {
            for child in acyclic[node] where rank[child] < rank[node] + 1 { rank[child] = rank[node] + 1 }
        }
        let factor = labelled ? 2 : 1
        var total = 0
        for (from, to) in edges where from != to && from < nodeCount && to < nodeCount {
            total += max(0, abs(rank[to] - rank[from]) * factor - 1)
        }
        return total
    }
}
