/// Finds factories the scanned sources declare that none of the traces resolved.
enum NeverResolvedCheck {
    static func problems(join: StaticJoin, traces: [TraceAnalysis]) -> [Problem] {
        var resolved = Set<String>()
        for analysis in traces {
            for (factory, statistics) in zip(analysis.trace.factories, analysis.statistics)
            where statistics.resolutions > 0 {
                resolved.insert(factory.site)
            }
        }
        let traceWord = traces.count == 1 ? "the trace" : "any of the \(traces.count) traces"
        return join.model.factories.filter { !resolved.contains($0.site) }.map { factory in
            Problem(
                kind: .neverResolved, factory: factory.id, path: [factory.id],
                message: "\(factory.displayName) is declared at \(factory.site) but was not resolved in \(traceWord).",
                sites: [SourceSite(label: "factory declared at", file: factory.file, line: factory.line)], time: 0)
        }
    }
}
