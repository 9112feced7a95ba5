internal import TraceInspection

/// Joins the facts of every scanned file into one ``StaticModel``: numbers the factories, resolves
/// references into edges, and numbers the test contexts.
enum ScanLinker {
    private struct EdgeKey: Hashable {
        var from: Int
        var to: Int
    }

    static func link(_ files: [FileFacts], paths: [String], warnings: [String]) -> StaticModel {
        var declared: [(file: FileFacts, factory: FileFacts.Factory)] = []
        for file in files { for factory in file.factories { declared.append((file, factory)) } }
        declared.sort { ($0.file.file.fileID, $0.factory.line) < ($1.file.file.fileID, $1.factory.line) }

        var factories: [FactoryRecord] = []
        var entries: [(id: Int, owner: String?, property: String, module: String)] = []
        for (offset, item) in declared.enumerated() {
            let factory = item.factory
            let id = offset + 1
            factories.append(
                FactoryRecord(
                    id: id, type: factory.type ?? FactoryRecord.unknownType, name: factory.name,
                    module: item.file.file.module, file: item.file.file.fileID, line: factory.line, scope: factory.scope,
                    kind: factory.kind, property: factory.owner.map { "\($0).\(factory.property)" } ?? factory.property))
            entries.append((id, factory.owner, factory.property, item.file.file.module))
        }
        let index = FactoryIndex(entries)

        var injections: [String: [(id: Int, file: String, line: Int)]] = [:]
        for file in files {
            for injection in file.injections {
                guard let id = index.resolve(injection.reference, from: file.file.module, imports: file.imports) else { continue }
                injections[injection.typeName, default: []].append((id, file.file.fileID, injection.reference.line))
            }
        }

        var edges: [EdgeKey: StaticEdge] = [:]
        func addEdge(_ from: Int, _ to: Int, via: StaticEdge.Via, file: String, line: Int) {
            let key = EdgeKey(from: from, to: to)
            if var edge = edges[key] {
                edge.count += 1
                if via == .call, edge.via == .injected { (edge.via, edge.file, edge.line) = (.call, file, line) }
                edges[key] = edge
            } else {
                edges[key] = StaticEdge(from: from, to: to, count: 1, via: via, file: file, line: line)
            }
        }
        for (offset, item) in declared.enumerated() {
            let from = offset + 1
            let module = item.file.file.module
            for call in item.factory.calls {
                if let to = index.resolve(call, from: module, imports: item.file.imports) {
                    addEdge(from, to, via: .call, file: item.file.file.fileID, line: call.line)
                }
            }
            for type in Set(item.factory.constructed).sorted() {
                for injection in injections[type, default: []] {
                    addEdge(from, injection.id, via: .injected, file: injection.file, line: injection.line)
                }
            }
        }

        var registrations: [StaticRegistration] = []
        var contexts: [StaticTestContext] = []
        var unresolved: [String] = []
        for file in files {
            let module = file.file.module
            let firstContext = contexts.count + 1
            for context in file.contexts {
                var resolves: [Int] = context.calls.compactMap { index.resolve($0, from: module, imports: file.imports) }
                for type in context.constructed { resolves += injections[type, default: []].map(\.id) }
                var seen = Set<Int>()
                contexts.append(
                    StaticTestContext(
                        id: contexts.count + 1, kind: context.kind, file: file.file.fileID, line: context.line,
                        function: context.function, test: context.test, parent: context.parent.map { firstContext + $0 },
                        defaults: context.defaults, resolves: resolves.filter { seen.insert($0).inserted },
                        hasCustomUnregisteredBehavior: context.customUnregisteredBehavior))
            }
            for registration in file.registrations {
                guard let id = index.resolve(registration.reference, from: module, imports: file.imports) else {
                    let written = (registration.reference.base.map { $0 + "." } ?? "") + registration.reference.name
                    unresolved.append("\(written) at \(file.file.fileID):\(registration.line)")
                    continue
                }
                registrations.append(
                    StaticRegistration(
                        action: registration.action, factory: id, file: file.file.fileID, line: registration.line,
                        context: registration.context.map { firstContext + $0 }, defaults: registration.defaults))
            }
        }

        var allWarnings = warnings + files.flatMap(\.warnings)
        if let first = unresolved.first {
            let count = unresolved.count
            allWarnings.append(
                "\(count) registration\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") a factory the scanned "
                    + "sources do not declare (first: \(first)); scan the sources that declare \(count == 1 ? "it" : "them") too.")
        }
        return StaticModel(
            factories: factories, edges: Array(edges.values), registrations: registrations,
            testDefaults: files.flatMap(\.defaults), testContexts: contexts, paths: paths, fileCount: files.count,
            warnings: allWarnings)
    }
}
