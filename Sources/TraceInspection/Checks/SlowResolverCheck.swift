/// Finds factories whose own resolver (self time: children left out) took longer than a threshold in one
/// resolution, so a slow dependency is reported once, not again for every factory that resolved it.
enum SlowResolverCheck {
    static func problems(in analysis: TraceAnalysis, threshold: UInt64) -> [Problem] {
        analysis.statistics.filter { $0.selfMaxNanoseconds > threshold }.map { stats in
            let factory = analysis.trace.factory(id: stats.factory)
            return Problem(
                kind: .slowResolver, factory: stats.factory, path: [stats.factory],
                message: "\(factory.displayName) spent up to \(Duration.format(stats.selfMaxNanoseconds)) in its own "
                    + "resolver (self time, dependencies left out), over the \(Duration.format(threshold)) limit "
                    + "(\(stats.resolutions) resolution\(stats.resolutions == 1 ? "" : "s"), "
                    + "\(Duration.format(stats.selfTotalNanoseconds)) self time in "
                    + "total, up to \(Duration.format(stats.maxNanoseconds)) with its dependencies).",
                sites: [SourceSite(label: "factory declared at", file: factory.file, line: factory.line)],
                time: factory.time)
        }
    }
}
