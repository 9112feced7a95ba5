/// Finds factories whose slowest resolution took longer than a threshold.
enum SlowResolverCheck {
    static func problems(in analysis: TraceAnalysis, threshold: UInt64) -> [Problem] {
        analysis.statistics.filter { $0.maxNanoseconds > threshold }.map { stats in
            let factory = analysis.trace.factory(id: stats.factory)
            return Problem(
                kind: .slowResolver, factory: stats.factory, path: [stats.factory],
                message: "\(factory.displayName) took up to \(Duration.format(stats.maxNanoseconds)) to resolve, over "
                    + "the \(Duration.format(threshold)) limit (\(stats.resolutions) resolutions, "
                    + "\(Duration.format(stats.totalNanoseconds)) in total).",
                sites: [SourceSite(label: "factory declared at", file: factory.file, line: factory.line)],
                time: factory.time)
        }
    }
}
