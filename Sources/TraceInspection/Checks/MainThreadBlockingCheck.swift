/// Finds synchronous resolutions on the main thread whose own resolver time (their duration minus
/// their children's) exceeds a frame budget.
///
/// Only `sync` and `syncThrowing` factories are judged: an async resolver's duration includes the
/// time it was suspended, when the main thread was free. One warning per factory, for its worst
/// resolution, counting the others over the budget.
enum MainThreadBlockingCheck {
    static func problems(in analysis: TraceAnalysis, threshold: UInt64) -> [Problem] {
        let trace = analysis.trace
        let facts = analysis.facts(mainThreadThreshold: threshold)
        return facts.mainThread.values.sorted { $0.sequence < $1.sequence }.compactMap { worst in
            let factory = trace.factory(id: worst.factory)
            guard factory.kind == .sync || factory.kind == .syncThrowing else { return nil }
            return Problem(
                kind: .mainThreadBlocking, factory: worst.factory, container: worst.container, path: worst.path,
                message: "\(factory.displayName) was resolved on the main thread and spent "
                    + "\(Duration.format(worst.selfNanoseconds)) in its own resolver (children excluded), over the "
                    + "\(Duration.format(threshold)) frame budget"
                    + (worst.count > 1 ? " (the worst of \(worst.count) main-thread resolutions over it)." : "."),
                sites: [SourceSite(label: "factory declared at", file: factory.file, line: factory.line)],
                occurrences: worst.count, time: worst.start)
        }
    }
}
