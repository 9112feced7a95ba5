/// Finds synchronous resolutions on the main thread whose own resolver time (their duration minus
/// their children's) exceeds a frame budget.
///
/// Only `sync` and `syncThrowing` factories are judged: an async resolver's duration includes the
/// time it was suspended, when the main thread was free. One warning per factory, for its worst
/// resolution, counting the others over the budget.
enum MainThreadBlockingCheck {
    static func problems(in analysis: TraceAnalysis, threshold: UInt64) -> [Problem] {
        let trace = analysis.trace
        let resolutions = trace.resolutions
        var order: [Int] = []
        var worst: [Int: (index: Int, selfTime: UInt64, count: Int)] = [:]
        for index in resolutions.indices where resolutions[index].isOnMainThread {
            let resolution = resolutions[index]
            let kind = trace.factory(id: resolution.factory).kind
            guard kind == .sync || kind == .syncThrowing else { continue }
            let children = analysis.children(of: index).reduce(UInt64(0)) {
                $0 &+ resolutions[Int($1)].nanoseconds
            }
            let selfTime = resolution.nanoseconds > children ? resolution.nanoseconds - children : 0
            guard selfTime > threshold else { continue }
            if let seen = worst[resolution.factory] {
                let better = selfTime > seen.selfTime
                worst[resolution.factory] = (better ? index : seen.index, max(selfTime, seen.selfTime), seen.count + 1)
            } else {
                order.append(resolution.factory)
                worst[resolution.factory] = (index, selfTime, 1)
            }
        }
        return order.map { id in
            let entry = worst[id]!
            let resolution = resolutions[entry.index]
            let factory = trace.factory(id: id)
            return Problem(
                kind: .mainThreadBlocking, factory: id, container: resolution.container,
                path: analysis.factoryPath(toResolutionAt: entry.index),
                message: "\(factory.displayName) was resolved on the main thread and spent "
                    + "\(Duration.format(entry.selfTime)) in its own resolver (children excluded), over the "
                    + "\(Duration.format(threshold)) frame budget"
                    + (entry.count > 1 ? " (the worst of \(entry.count) main-thread resolutions over it)." : "."),
                sites: [SourceSite(label: "factory declared at", file: factory.file, line: factory.line)],
                occurrences: entry.count, time: resolution.start)
        }
    }
}
