internal import TraceInspection

/// Finds the declared factory a reference names, across all scanned files.
///
/// `Container.clock` names a factory `clock` whose owner's last component is `Container`; `Self.clock`
/// and a bare `clock` name one declared in the type the reference is in. When several modules declare
/// the same property, the one in the referring module wins, then one in a module the file imports.
struct FactoryIndex {
    private struct Entry {
        var id: Int
        var owner: String
        var module: String
    }

    private var byName: [String: [Entry]] = [:]

    /// Indexes `factories` (`(id, owner, property, module)`).
    init(_ factories: [(id: Int, owner: String?, property: String, module: String)]) {
        for factory in factories {
            byName[factory.property, default: []].append(
                Entry(id: factory.id, owner: Self.lastComponent(factory.owner ?? ""), module: factory.module))
        }
    }

    /// The id of the factory `reference` names, written in a file of `module` that imports `imports`; `nil` if
    /// the scan has none.
    func resolve(_ reference: FileFacts.Reference, from module: String, imports: Set<String> = []) -> Int? {
        guard let candidates = byName[reference.name] else { return nil }
        let owner = Self.lastComponent(reference.base ?? reference.enclosingType ?? "")
        let matching = candidates.filter { $0.owner == owner }
        guard matching.count > 1 else { return matching.first?.id }
        return
            (matching.first { $0.module == module } ?? matching.first { imports.contains($0.module) }
            ?? matching.first)?.id
    }

    private static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
