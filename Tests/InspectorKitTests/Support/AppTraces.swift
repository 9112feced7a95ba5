import Foundation
import InspectorKit

/// App-shaped traces (see `AppTrace`), generated once per test process.
enum AppTraces {
    /// S: 200 factories, 10 modules, 700 edges.
    static let small = AppTrace.generate(.small)
    /// L's graph (2,000 factories, 60 modules, 8,000 edges) with 30,000 resolutions, enough to observe every edge.
    static let large: Data = {
        var shape = AppTraceShape.large
        shape.resolutions = 30_000
        return AppTrace.generate(shape)
    }()

    /// Reads and analyses one of the traces above.
    static func analysis(_ data: Data) throws -> TraceAnalysis {
        TraceAnalysis(trace: try TraceReader.read(data: data).trace)
    }
}
