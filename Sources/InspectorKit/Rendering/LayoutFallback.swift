import Foundation

/// Lays a graph out with Graphviz, and when a layout fails, tries again with one that works.
///
/// The attempts, in order, stopping at the first clean drawing:
/// 1. the graph as asked for;
/// 2. for clusters with the `dot` engine, the same with `newrank=true` (Graphviz's other ranking, which
///    does not use the cluster skeletons where 2.42/2.43's `trouble in init_rank` comes from);
/// 3. for clusters, no clusters;
/// 4. another engine: `sfdp` after `dot` or `neato`, `neato` after `sfdp`.
///
/// A failure is a crash, a failed layout, or an error Graphviz reported while still producing a drawing
/// (its edges may be lost or misplaced). Failures that another attempt cannot fix (a DOT parse error,
/// a missing renderer) end at once. The notice says, in one line, what failed and what was drawn instead.
enum LayoutFallback {
    /// One way to lay the graph out.
    struct Attempt: Equatable {
        var clustering: GraphOptions.Clustering
        var newRank: Bool
        var layout: GraphOptions.Layout

        /// How this attempt differs from the first, for the notice: "with newrank=true", "without clusters", ….
        func change(from first: Attempt) -> String {
            var parts: [String] = []
            if newRank { parts.append("with newrank=true") }
            if clustering != first.clustering { parts.append("without clusters") }
            if layout != first.layout { parts.append("with the \(layout.rawValue) layout") }
            return parts.joined(separator: " and ")
        }
    }

    /// The attempts for `graph`, first the one asked for.
    static func attempts(for graph: DependencyGraph) -> [Attempt] {
        let options = graph.options
        let clustering = graph.isCollapsed ? .none : options.clustering
        var attempts = [Attempt(clustering: clustering, newRank: false, layout: options.layout)]
        if clustering != .none && options.layout == .dot {
            attempts.append(Attempt(clustering: clustering, newRank: true, layout: .dot))
        }
        if clustering != .none { attempts.append(Attempt(clustering: .none, newRank: false, layout: options.layout)) }
        attempts.append(Attempt(clustering: .none, newRank: false, layout: options.layout == .sfdp ? .neato : .sfdp))
        return attempts
    }

    /// Renders `graph` in its format, trying the attempts in turn; appends a notice when the drawing is
    /// not the one asked for. `fault` injects a failure into chosen attempts (tests only).
    static func render(
        _ graph: DependencyGraph, notices: inout [String],
        fault: (Attempt) -> GraphvizRenderer.Fault = { _ in .none }
    ) throws(InspectorError) -> Data {
        let format = graph.options.format.rawValue
        let attempts = attempts(for: graph)
        var firstFailure: String?
        for (index, attempt) in attempts.enumerated() {
            var variant = graph
            variant.options.clustering = attempt.clustering
            variant.options.layout = attempt.layout
            let dot = DOTWriter.write(variant, newRank: attempt.newRank)
            let outcome = GraphvizRenderer.render(
                dot: dot, layout: attempt.layout.rawValue, format: format, fault: fault(attempt))
            let isLast = index == attempts.count - 1
            if let output = outcome.output, outcome.isClean || isLast {
                if let firstFailure {
                    notices.append(
                        "warning: Graphviz's \(graph.options.layout.rawValue) layout failed on this graph "
                            + "(\(firstFailure)); drew it \(attempt.change(from: attempts[0])) instead.")
                }
                if let reason = outcome.failureReason {
                    notices.append("warning: Graphviz drew the graph, but \(reason); some edges may be missing.")
                }
                return output
            }
            let reason = outcome.failureReason ?? "it failed"
            switch outcome.status {
            case .parseFailed, .renderFailed, .notStarted:
                throw .renderFailed(format: format, layout: attempt.layout.rawValue, reason: reason)
            default:
                if firstFailure == nil { firstFailure = reason }
                if isLast {
                    let fallbacks = attempts.dropFirst().map { $0.change(from: attempts[0]) }.joined(separator: "; ")
                    throw .renderFailed(
                        format: format, layout: graph.options.layout.rawValue,
                        reason: "\(firstFailure ?? reason); drawing it \(fallbacks) failed too")
                }
            }
        }
        throw .renderFailed(format: format, layout: graph.options.layout.rawValue, reason: "no layout was tried")
    }
}
