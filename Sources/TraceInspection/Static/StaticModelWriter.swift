/// Writes a ``StaticModel`` as the `di-inspect dump` JSON object, marked `"static": true`.
///
/// Factories, edges, registrations and containers have the `dump` shapes (factories with zero
/// resolutions, each with its `property`; test contexts as `test` containers), plus `testDefaults`
/// and `scan` (paths, file count, warnings). Keys are sorted, so a scan of unchanged sources is
/// byte-identical. ``StaticModelReader`` reads it back.
///
/// ```swift
/// try StaticModelWriter.render(model).write(toFile: "scan.json", atomically: true, encoding: .utf8)
/// ```
public enum StaticModelWriter {
    /// The JSON text of `model`, pretty-printed, ending with a newline.
    ///
    /// ```swift
    /// print(StaticModelWriter.render(model), terminator: "")
    /// ```
    public static func render(_ model: StaticModel) -> String {
        let object: JSONOutput = .object([
            "format": .string("di-inspect-dump"),
            "version": .int(1),
            "static": .bool(true),
            "header": .object([
                "version": .int(1), "pid": .int(0), "executable": .string("di-inspect scan"),
                "arguments": .array(model.paths.map { .string($0) }), "startTime": .string(""),
            ]),
            "complete": .bool(true),
            "factories": .array(model.factories.map(factory)),
            "edges": .array(
                model.edges.map {
                    .object([
                        "from": .int($0.from), "to": .int($0.to), "count": .int($0.count),
                        "via": .string($0.via.rawValue), "file": .string($0.file), "line": .int($0.line),
                    ])
                }),
            "registrations": .array(
                model.registrations.map {
                    .object([
                        "action": .string($0.action.rawValue), "factory": .int($0.factory),
                        "container": .optional($0.context), "file": .string($0.file), "line": .int($0.line),
                        "depth": .int(0), "t": .int(0), "defaults": .optional($0.defaults),
                    ])
                }),
            "containers": .array(model.testContexts.map(container)),
            "testDefaults": .array(
                model.testDefaults.map {
                    .object([
                        "name": .string($0.name), "file": .string($0.file), "line": .int($0.line),
                        "includes": .array($0.includes.map { .string($0) }),
                    ])
                }),
            "issues": .array([]),
            "scan": .object([
                "paths": .array(model.paths.map { .string($0) }), "files": .int(model.fileCount),
                "warnings": .array(model.warnings.map { .string($0) }),
            ]),
        ])
        return object.rendered() + "\n"
    }

    private static func factory(_ factory: FactoryRecord) -> JSONOutput {
        guard case .object(var object) = JSONOutput.factory(factory, FactoryStatistics(factory: factory.id)) else {
            return .null
        }
        object["property"] = .optional(factory.property)
        return .object(object)
    }

    private static func container(_ context: StaticTestContext) -> JSONOutput {
        .object([
            "id": .int(context.id), "kind": .string("test"), "parent": .optional(context.parent),
            "file": .string(context.file), "line": .int(context.line), "function": .string(context.function),
            "test": .optional(context.test), "t": .int(0), "endT": .null,
            "context": .string(context.kind.rawValue), "defaults": .array(context.defaults.map { .string($0) }),
            "resolves": .array(context.resolves.map { .int($0) }),
            "customUnregisteredBehavior": .bool(context.hasCustomUnregisteredBehavior),
        ])
    }
}
