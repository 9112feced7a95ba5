internal import TraceInspection

/// Joins the facts of every scanned file into one ``StaticModel``: numbers the factories, resolves
/// references into edges, and numbers the test contexts.
enum ScanLinker {
    private typealias Declared = (file: FileFacts, factory: FileFacts.Factory)
    /// Injected properties by the simple name of the type that has them.
    private typealias Injections = [String: [(id: Int, file: String, line: Int)]]

    private struct EdgeKey: Hashable {
        var from: Int
        var to: Int
    }

    static func link(_ files: [FileFacts], paths: [String], warnings: [String]) -> StaticModel {
        var declared: [Declared] = files.flatMap { file in file.factories.map { (file, $0) } }
        declared.sort { ($0.file.file.fileID, $0.factory.line) < ($1.file.file.fileID, $1.factory.line) }
        let factories = declared.enumerated().map { offset, item in
            let factory = item.factory
            return FactoryRecord(
                id: offset + 1, type: factory.type ?? FactoryRecord.unknownType, name: factory.name,
                module: item.file.file.module, file: item.file.file.fileID, line: factory.line, scope: factory.scope,
                kind: factory.kind, property: factory.owner.map { "\($0).\(factory.property)" } ?? factory.property)
        }
        let index = FactoryIndex(
            declared.enumerated().map {
                ($0.offset + 1, $0.element.factory.owner, $0.element.factory.property, $0.element.file.file.module)
            })

        var injections: Injections = [:]
        for file in files {
            for injection in file.injections {
                guard let id = index.resolve(injection.reference, from: file.file.module, imports: file.imports) else {
                    continue
                }
                injections[injection.typeName, default: []].append((id, file.file.fileID, injection.reference.line))
            }
        }

        var model = StaticModel(
            factories: factories, edges: edges(declared, index: index, injections: injections), paths: paths,
            fileCount: files.count)
        var unresolved: [String] = []
        link(files, index: index, injections: injections, into: &model, unresolved: &unresolved)
        model.warnings = warnings + files.flatMap(\.warnings)
        if let first = unresolved.first {
            let count = unresolved.count
            model.warnings.append(
                "\(count) registration\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") a factory the scanned "
                    + "sources do not declare (first: \(first)); scan the sources that declare "
                    + "\(count == 1 ? "it" : "them") too.")
        }
        return model
    }

    /// Edges from each factory's calls and from the injected properties of the types it constructs; a call
    /// wins over an injected property for the same pair.
    private static func edges(_ declared: [Declared], index: FactoryIndex, injections: Injections) -> [StaticEdge] {
        var edges: [EdgeKey: StaticEdge] = [:]
        func add(_ from: Int, _ to: Int, via: StaticEdge.Via, file: String, line: Int) {
            let key = EdgeKey(from: from, to: to)
            guard var edge = edges[key] else {
                edges[key] = StaticEdge(from: from, to: to, count: 1, via: via, file: file, line: line)
                return
            }
            edge.count += 1
            if via == .call, edge.via == .injected { (edge.via, edge.file, edge.line) = (.call, file, line) }
            edges[key] = edge
        }
        for (offset, item) in declared.enumerated() {
            let from = offset + 1
            for call in item.factory.calls {
                if let to = index.resolve(call, from: item.file.file.module, imports: item.file.imports) {
                    add(from, to, via: .call, file: item.file.file.fileID, line: call.line)
                }
            }
            for type in Set(item.factory.constructed).sorted() {
                for injection in injections[type, default: []] {
                    add(from, injection.id, via: .injected, file: injection.file, line: injection.line)
                }
            }
        }
        return Array(edges.values)
    }

    /// Numbers every file's test contexts and resolves its registrations into `model`.
    private static func link(
        _ files: [FileFacts], index: FactoryIndex, injections: Injections, into model: inout StaticModel,
        unresolved: inout [String]
    ) {
        var contexts: [StaticTestContext] = []
        for file in files {
            let (module, imports) = (file.file.module, file.imports)
            let first = contexts.count + 1
            for context in file.contexts {
                var resolves = context.calls.compactMap { index.resolve($0, from: module, imports: imports) }
                for type in context.constructed { resolves += injections[type, default: []].map(\.id) }
                var seen = Set<Int>()
                contexts.append(
                    StaticTestContext(
                        id: contexts.count + 1, kind: context.kind, file: file.file.fileID, line: context.line,
                        function: context.function, test: context.test, parent: context.parent.map { first + $0 },
                        defaults: context.defaults, resolves: resolves.filter { seen.insert($0).inserted },
                        hasCustomUnregisteredBehavior: context.customUnregisteredBehavior))
            }
            for registration in file.registrations {
                guard let id = index.resolve(registration.reference, from: module, imports: imports) else {
                    let written = (registration.reference.base.map { $0 + "." } ?? "") + registration.reference.name
                    unresolved.append("\(written) at \(file.file.fileID):\(registration.line)")
                    continue
                }
                model.registrations.append(
                    StaticRegistration(
                        action: registration.action, factory: id, file: file.file.fileID, line: registration.line,
                        context: registration.context.map { first + $0 }, defaults: registration.defaults))
            }
            model.testDefaults += file.defaults
        }
        model.testContexts = contexts
    }
}
