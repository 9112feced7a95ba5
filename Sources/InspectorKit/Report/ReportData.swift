/// The data the HTML report's script renders, as one JSON value.
///
/// Compact on purpose (arrays for the many small records), since a 2,000-factory report carries every
/// factory's explanation. The page script's `load()` documents each field's layout where it reads it.
enum ReportData {
    static func build(
        _ analysis: TraceAnalysis, problems: [Problem], title: String, graphs: ReportGraphs,
        options: HTMLReport.Options
    ) -> JSONOutput {
        let trace = analysis.trace
        let moduleIndex = Dictionary(uniqueKeysWithValues: graphs.moduleNames.enumerated().map { ($1, $0) })
        let rows = Dictionary(uniqueKeysWithValues: StatsReport.rows(analysis).map { ($0.factory.id, $0) })
        let explainer = FactoryExplainer(analysis: analysis)

        var factories: [JSONOutput] = []
        var why: [String: JSONOutput] = [:]
        for factory in trace.factories {
            let stats = analysis.statistics(for: factory.id)
            let row = rows[factory.id]
            factories.append(
                .object([
                    "id": .int(factory.id), "type": .string(factory.type), "name": .optional(factory.name),
                    "module": .int(moduleIndex[factory.module] ?? 0), "site": .string(factory.site),
                    "scope": .string(factory.scope.rawValue), "kind": .string(factory.kind.rawValue),
                    "declared": .bool(factory.isDeclared),
                    "n": .array(
                        [stats.resolutions, stats.creations, stats.cacheHits, stats.failures].map { .int($0) }),
                    "t": .array(
                        [
                            stats.selfTotalNanoseconds, stats.selfMaxNanoseconds, row?.selfP50Nanoseconds ?? 0,
                            row?.selfP95Nanoseconds ?? 0, stats.totalNanoseconds, stats.maxNanoseconds,
                            row?.p50Nanoseconds ?? 0, row?.p95Nanoseconds ?? 0,
                        ].map { .unsigned($0) }),
                ]))
            why[String(factory.id)] = explanation(explainer.explain(factory: factory.id), limit: options.pathLimit)
        }

        return .object([
            "title": .string(title),
            "summary": .object([
                "factories": .int(trace.factories.count), "resolutions": .int(trace.resolutions.count),
                "edges": .int(analysis.edges.count), "complete": .bool(trace.endTime != nil),
                "executable": .string(trace.header.executable), "startTime": .string(trace.header.startTime),
            ]),
            "modules": .array(graphs.moduleNames.map { .string($0) }),
            "factories": .array(factories),
            "edges": .array(analysis.edges.map { .array([.int($0.from), .int($0.to), .int($0.count)]) }),
            "why": .object(why),
            "containers": .array(
                trace.containers.map {
                    .object([
                        "id": .int($0.id), "kind": .string($0.kind.rawValue), "test": .optional($0.test),
                        "site": .string($0.site), "function": .string($0.function), "parent": .optional($0.parent),
                    ])
                }),
            "problems": .array(problems.map { JSONOutput.problem($0) }),
            "criticalPath": CriticalPathReport.object(CriticalPath(analysis: analysis), analysis: analysis),
            "trees": ReportTrees.build(analysis, limit: options.treeResolutionLimit),
            "graph": .object([
                "mode": .string(graphs.mode.rawValue),
                "main": rendered(graphs.main),
                "modules": .array(graphs.modules.map(rendered)),
            ]),
        ])
    }

    /// The SVG itself goes into a script block of its own (``HTMLReport``), read only when the graph is shown.
    private static func rendered(_ graph: ReportGraphs.Rendered) -> JSONOutput {
        .object(["error": .optional(graph.error)])
    }

    /// `{"p": [[count, created, cacheHits, failures, [factory ids]]…], "pc": distinct paths,
    /// "c": [[container, created, cacheHits, failures, [sources]]…], "cc": containers,
    /// "s": [[kind, action or null, site or null, resolutions, created, cacheHits, [containers]]…],
    /// "u": [[action, site, container]…]}`.
    private static func explanation(_ explanation: FactoryExplanation, limit: Int) -> JSONOutput {
        func ints(_ values: [Int]) -> JSONOutput { .array(values.map { .int($0) }) }
        let containerLimit = 50
        return .object([
            "p": .array(
                explanation.paths.prefix(limit).map {
                    .array([
                        .int($0.count), .int($0.created), .int($0.cacheHits), .int($0.failures), ints($0.factories),
                    ])
                }),
            "pc": .int(explanation.paths.count),
            "c": .array(
                explanation.containers.prefix(containerLimit).map {
                    .array([
                        .int($0.container), .int($0.created), .int($0.cacheHits), .int($0.failures),
                        .array($0.sources.map { .string($0.rawValue) }),
                    ])
                }),
            "cc": .int(explanation.containers.count),
            "s": .array(
                explanation.suppliers.map {
                    .array([
                        .string($0.kind.rawValue), .optional($0.registration?.action.rawValue),
                        .optional($0.registration?.site), .int($0.resolutions), .int($0.created), .int($0.cacheHits),
                        ints(Array($0.containers.prefix(containerLimit))),
                    ])
                }),
            "u": .array(
                explanation.unusedRegistrations.map {
                    .array([.string($0.action.rawValue), .string($0.site), .int($0.container)])
                }),
        ])
    }
}
