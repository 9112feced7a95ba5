internal import CGraphvizIsolation
import Foundation

/// Lays out and renders DOT source with Graphviz's C library (libgvc) in a forked child process.
///
/// Graphviz aborts or double-frees on some inputs; in the child that ends the child, and the outcome
/// says how (see ``GraphvizOutcome``). This process never calls libgvc itself, so no Graphviz state is
/// shared between calls and calls may run on several threads at once.
enum GraphvizRenderer {
    /// A failure to inject into the child, for tests.
    enum Fault: Sendable, Equatable {
        /// Render normally.
        case none
        /// The child aborts before laying out, as Graphviz does on an internal error.
        case abortBeforeLayout
    }

    /// Renders `dot` with the `layout` engine into `format` (`svg`, `png`, `pdf`, `plain`, …).
    static func render(dot: String, layout: String, format: String, fault: Fault = .none) -> GraphvizOutcome {
        var result = di_graphviz_result()
        let cFault = fault == .abortBeforeLayout ? DI_GRAPHVIZ_ABORT_BEFORE_LAYOUT : DI_GRAPHVIZ_NO_FAULT
        _ = di_graphviz_render(dot, layout, format, cFault, &result)
        defer { di_graphviz_result_free(&result) }
        // Safe: both buffers belong to `result` until the deferred free, their lengths come with them, and
        // both are copied (into a String and a Data) before that.
        let messages =
            result.messages.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: result.messages_length), as: UTF8.self)
            } ?? ""
        let output = result.output.map { Data(bytes: $0, count: result.output_length) }
        let status: GraphvizOutcome.Status =
            switch result.status {
            case DI_GRAPHVIZ_OK: .ok
            case DI_GRAPHVIZ_OK_WITH_ERRORS: .okWithErrors
            case DI_GRAPHVIZ_PARSE_FAILED: .parseFailed
            case DI_GRAPHVIZ_LAYOUT_FAILED: .layoutFailed
            case DI_GRAPHVIZ_RENDER_FAILED: .renderFailed
            case DI_GRAPHVIZ_CRASHED: .crashed(signal: result.signal)
            case DI_GRAPHVIZ_NOT_STARTED: .notStarted(errno: result.error)
            default: .unexpectedExit(code: result.exit_code)
            }
        return GraphvizOutcome(status: status, output: output, messages: messages, layout: layout, format: format)
    }
}
