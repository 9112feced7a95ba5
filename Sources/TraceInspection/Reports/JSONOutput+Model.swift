extension JSONOutput {
    /// A factory with its statistics, as `dump` and `stats --format json` print it.
    package static func factory(_ factory: FactoryRecord, _ stats: FactoryStatistics) -> JSONOutput {
        .object([
            "id": .int(factory.id),
            "type": .string(factory.type),
            "name": .optional(factory.name),
            "module": .string(factory.module),
            "file": .string(factory.file),
            "line": .int(factory.line),
            "scope": .string(factory.scope.rawValue),
            "kind": .string(factory.kind.rawValue),
            "declared": .bool(factory.isDeclared),
            "resolutions": .int(stats.resolutions),
            "creations": .int(stats.creations),
            "cacheHits": .int(stats.cacheHits),
            "failures": .int(stats.failures),
            "totalNanoseconds": .unsigned(stats.totalNanoseconds),
            "maxNanoseconds": .unsigned(stats.maxNanoseconds),
        ])
    }

    /// A problem, as `dump` (under `issues`) and `check --format json` print it.
    package static func problem(_ problem: Problem) -> JSONOutput {
        .object([
            "kind": .string(problem.kind.rawValue),
            "severity": .string(problem.isError ? "error" : "warning"),
            "factory": .int(problem.factory),
            "container": .optional(problem.container),
            "path": .array(problem.path.map { .int($0) }),
            "message": .string(problem.message),
            "hint": .string(problem.hint),
            "occurrences": .int(problem.occurrences),
            "t": .unsigned(problem.time),
            "sites": .array(
                problem.sites.map {
                    .object([
                        "label": .string($0.label), "file": .string($0.file), "line": .int($0.line),
                        "function": .optional($0.function),
                    ])
                }),
        ])
    }
}
