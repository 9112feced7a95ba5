/// The scan result's JSON shape, for Foundation's decoder (see ``StaticModelWriter`` for the writer).
struct ScanDocument: Decodable {
    struct Factory: Decodable {
        var id: Int
        var type: String
        var name: String?
        var module: String
        var file: String
        var line: Int
        var scope: Raw<FactoryRecord.Scope>
        var kind: Raw<FactoryRecord.Kind>
        var property: String?
    }

    struct Edge: Decodable {
        var from: Int
        var to: Int
        var count: Int
        var via: Raw<StaticEdge.Via>
        var file: String
        var line: Int
    }

    struct Registration: Decodable {
        var action: Raw<RegistrationRecord.Action>
        var factory: Int
        var container: Int?
        var file: String
        var line: Int
        var defaults: String?
    }

    struct Container: Decodable {
        var id: Int
        var parent: Int?
        var file: String
        var line: Int
        var function: String
        var test: String?
        var context: Raw<StaticTestContext.Kind>
        var defaults: [String]
        var resolves: [Int]
        var customUnregisteredBehavior: Bool
    }

    struct Defaults: Decodable {
        var name: String
        var file: String
        var line: Int
        var includes: [String]
    }

    struct Scan: Decodable {
        var paths: [String]
        var files: Int
        var warnings: [String]
    }

    var factories: [Factory]
    var edges: [Edge]
    var registrations: [Registration]
    var containers: [Container]
    var testDefaults: [Defaults]?
    var scan: Scan?

    var model: StaticModel {
        StaticModel(
            factories: factories.map {
                FactoryRecord(
                    id: $0.id, type: $0.type, name: $0.name, module: $0.module, file: $0.file, line: $0.line,
                    scope: $0.scope.value, kind: $0.kind.value, property: $0.property)
            },
            edges: edges.map {
                StaticEdge(from: $0.from, to: $0.to, count: $0.count, via: $0.via.value, file: $0.file, line: $0.line)
            },
            registrations: registrations.map {
                StaticRegistration(
                    action: $0.action.value, factory: $0.factory, file: $0.file, line: $0.line, context: $0.container,
                    defaults: $0.defaults)
            },
            testDefaults: (testDefaults ?? []).map {
                StaticTestDefaults(name: $0.name, file: $0.file, line: $0.line, includes: $0.includes)
            },
            testContexts: containers.map {
                StaticTestContext(
                    id: $0.id, kind: $0.context.value, file: $0.file, line: $0.line, function: $0.function,
                    test: $0.test,
                    parent: $0.parent, defaults: $0.defaults, resolves: $0.resolves,
                    hasCustomUnregisteredBehavior: $0.customUnregisteredBehavior)
            },
            paths: scan?.paths ?? [], fileCount: scan?.files ?? 0, warnings: scan?.warnings ?? [])
    }
}

/// The format and marker, decoded first to tell a scan result from other JSON.
struct ScanDocumentProbe: Decodable {
    var format: String?
    var `static`: Bool?
}

/// An enum decoded from its raw string, so the public enums need no `Decodable` conformance.
struct Raw<Value: RawRepresentable<String>>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Value(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown value \"\(text)\"")
        }
        self.value = value
    }
}
