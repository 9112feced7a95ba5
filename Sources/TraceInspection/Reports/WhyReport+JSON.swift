extension WhyReport {
    /// The explanations as one JSON object: `{"query", "factories": [...], "referencedFactories": [...]}`.
    ///
    /// Complete (no limit): every path, container, supplier and dependent, with factory ids; every factory
    /// an id refers to is described once in `referencedFactories`. Keys are sorted. Ends with a newline.
    ///
    /// ```swift
    /// let json = WhyReport.json(explanations, analysis: analysis, query: "Clock")
    /// ```
    public static func json(_ explanations: [FactoryExplanation], analysis: TraceAnalysis, query: String) -> String {
        let trace = analysis.trace
        var referenced = Set<Int>()
        let factories: [JSONOutput] = explanations.map { explanation in
            referenced.insert(explanation.factory.id)
            for path in explanation.paths { referenced.formUnion(path.factories) }
            for related in explanation.transitiveDependents + explanation.directDependencies {
                referenced.insert(related.factory)
            }
            return object(explanation, trace: trace)
        }
        let described: [JSONOutput] = referenced.sorted().map { id in
            let factory = trace.factory(id: id)
            return .object([
                "id": .int(id), "type": .string(factory.type), "name": .optional(factory.name),
                "module": .string(factory.module), "file": .string(factory.file), "line": .int(factory.line),
                "scope": .string(factory.scope.rawValue),
            ])
        }
        return JSONOutput.object([
            "query": .string(query), "factories": .array(factories), "referencedFactories": .array(described),
        ]).rendered() + "\n"
    }

    static func object(_ explanation: FactoryExplanation, trace: Trace) -> JSONOutput {
        func related(_ items: [FactoryExplanation.Related], distance: Bool) -> JSONOutput {
            .array(
                items.map {
                    var object: [String: JSONOutput] = ["factory": .int($0.factory), "count": .int($0.count)]
                    if distance { object["distance"] = .int($0.distance) }
                    return .object(object)
                })
        }
        return .object([
            "factory": JSONOutput.factory(explanation.factory, explanation.statistics),
            "paths": .array(
                explanation.paths.map {
                    .object([
                        "path": .array($0.factories.map { .int($0) }), "count": .int($0.count),
                        "created": .int($0.created), "cacheHits": .int($0.cacheHits), "failures": .int($0.failures),
                    ])
                }),
            "containers": .array(
                explanation.containers.map { use in
                    let container = trace.container(id: use.container)
                    return .object([
                        "container": .int(use.container), "kind": .optional(container?.kind.rawValue),
                        "test": .optional(container?.test), "site": .optional(container?.site),
                        "created": .int(use.created), "cacheHits": .int(use.cacheHits),
                        "failures": .int(use.failures), "sources": .array(use.sources.map { .string($0.rawValue) }),
                    ])
                }),
            "suppliers": .array(
                explanation.suppliers.map {
                    .object([
                        "kind": .string($0.kind.rawValue), "registration": $0.registration.map(registration) ?? .null,
                        "resolutions": .int($0.resolutions), "created": .int($0.created),
                        "cacheHits": .int($0.cacheHits), "containers": .array($0.containers.map { .int($0) }),
                    ])
                }),
            "unusedRegistrations": .array(explanation.unusedRegistrations.map(registration)),
            "dependents": .object([
                "direct": related(explanation.directDependents, distance: false),
                "transitive": related(explanation.transitiveDependents, distance: true),
            ]),
            "dependencies": related(explanation.directDependencies, distance: false),
        ])
    }

    static func registration(_ registration: RegistrationRecord) -> JSONOutput {
        .object([
            "action": .string(registration.action.rawValue), "file": .string(registration.file),
            "line": .int(registration.line), "container": .int(registration.container),
            "t": .unsigned(registration.time),
        ])
    }
}
