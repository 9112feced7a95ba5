internal import CGraphviz
import Foundation

/// Lays out and renders DOT source with Graphviz's C library (libgvc), in process.
///
/// libgvc keeps global state and is not thread-safe, so every call holds one process-wide lock.
enum GraphvizRenderer {
    private static let lock = NSLock()

    /// Renders `dot` with the `layout` engine into `format` (`svg`, `png`, `pdf`, …).
    static func render(dot: String, layout: String, format: String) throws(InspectorError) -> Data {
        lock.lock()
        defer { lock.unlock() }
        _ = agseterr(AGMAX)  // keep Graphviz quiet; errors are reported through aglasterr()
        guard let context = gvContext() else {
            throw .renderFailed(format: format, layout: layout, reason: "could not create a Graphviz context")
        }
        defer { gvFreeContext(context) }
        let parsed = dot.withCString { agmemread($0) }
        guard let graph = parsed else {
            throw .renderFailed(format: format, layout: layout, reason: lastError() ?? "the DOT source did not parse")
        }
        defer { agclose(graph) }
        guard gvLayout(context, graph, layout) == 0 else {
            throw .renderFailed(format: format, layout: layout, reason: lastError() ?? "layout failed")
        }
        defer { gvFreeLayout(context, graph) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, format, &buffer, &length) == 0, let buffer else {
            throw .renderFailed(
                format: format, layout: layout, reason: lastError() ?? "no renderer for this format is installed")
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    private static func lastError() -> String? {
        guard let message = aglasterr() else { return nil }
        defer { free(message) }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
