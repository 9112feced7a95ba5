/// The factories and dependency edges of an app-shaped trace, chosen from an ``AppTraceShape``.
///
/// Factories are numbered module by module (module 0, the app, first). Each has a layer: the app at the
/// top, then features, services, data, and the core modules at the bottom, at most ``layerCount`` deep
/// as real dependency graphs are. Every edge goes to a deeper layer, so the graph is acyclic: within the
/// module, into a module it imports (a handful each, as app targets do), or to the few core hubs at the
/// bottom. One factory in twenty is "dead": declared, never resolved, on no edge.
/// Memory is proportional to factories and edges, never to resolutions.
struct AppTraceModel {
    struct Factory {
        var module: Int
        var type: String
        var name: String?
        var file: String
        var line: Int
        var scope: FactoryRecord.Scope
        var kind: FactoryRecord.Kind
        var isDead: Bool
        var layer: Int
    }

    /// How many layers deep the graph is at most.
    static let layerCount = 12

    /// By id − 1.
    var factories: [Factory] = []
    var moduleNames: [String] = []
    /// Dependencies (ids) of each factory, by id − 1, ascending.
    var dependencies: [[Int]] = []
    /// Ids of factories that are resolved at all, ascending.
    var live: [Int] = []
    /// The live ids, deepest layer first: resolving them in this order creates every dependency
    /// before its dependents.
    var leavesFirst: [Int] = []

    init(shape: AppTraceShape, random: inout SplitMix64) {
        let count = max(1, shape.factories)
        let moduleCount = max(1, min(shape.modules, count))
        moduleNames = (0..<moduleCount).map(Self.moduleName)

        // Module sizes vary (a few big feature modules, many small ones); every module gets one factory.
        let weights = (0..<moduleCount).map { _ in 1 + Int(random.next() % 6) }
        var modules = Array(0..<moduleCount)
        while modules.count < count {
            var pick = Int(random.next() % UInt64(weights.reduce(0, +)))
            var module = 0
            while pick >= weights[module] {
                pick -= weights[module]
                module += 1
            }
            modules.append(module)
        }
        modules.sort()

        let scopes: [FactoryRecord.Scope] = [.unique, .cached, .cached, .shared]
        let kinds: [FactoryRecord.Kind] = [.sync, .sync, .sync, .sync, .syncThrowing, .async, .async, .asyncThrowing]
        var indexInModule = [Int](repeating: 0, count: moduleCount)
        for id in 1...count {
            let module = modules[id - 1]
            indexInModule[module] += 1
            let local = indexInModule[module]
            let layer = module == 0 ? 0 : min(Self.layerCount - 1, Self.baseLayer(module, of: moduleCount) + local % 3)
            let moduleName = moduleNames[module]
            let (type, declaration) = Self.typeName(module: moduleName, local: local, variant: Int(random.next() % 7))
            let name = Self.factoryName(id: id, random: &random)
            factories.append(
                Factory(
                    module: module, type: type, name: name, file: "\(moduleName)/\(declaration).swift",
                    line: 5 + Int(random.next() % 200), scope: scopes[Int(random.next() % 4)],
                    kind: kinds[Int(random.next() % 8)], isDead: id > 1 && random.next() % 20 == 0, layer: layer))
        }
        live = (1...count).filter { !factories[$0 - 1].isDead }
        leavesFirst = live.sorted { (factories[$1 - 1].layer, $0) < (factories[$0 - 1].layer, $1) }
        dependencies = Array(repeating: [], count: count)
        chooseEdges(shape.edges, imports: Self.imports(moduleCount: moduleCount, random: &random), random: &random)
    }

    /// The shallowest layer of a module's factories: module 0 is the app (layer 0); the others sit lower the
    /// higher their index, spanning three layers each.
    static func baseLayer(_ module: Int, of moduleCount: Int) -> Int {
        module == 0 ? 0 : 1 + (module - 1) * (layerCount - 3) / max(1, moduleCount - 1)
    }

    private static func moduleName(_ index: Int) -> String {
        if index == 0 { return "App" }
        let kinds = ["Feature", "Feature", "Service", "Data", "Core"]
        return "\(kinds[index % kinds.count])\(index)"
    }

    /// A type name as Swift prints it (protocols, generics, optionals, closures, compositions) and the
    /// name of the declaration its file is named after.
    private static func typeName(module: String, local: Int, variant: Int) -> (type: String, declaration: String) {
        switch variant {
        case 0: ("any \(module)Servicing\(local)", "\(module)Service\(local)")
        case 1: ("\(module)Repository\(local)<\(module)Model>", "\(module)Repository\(local)")
        case 2: ("\(module)ViewModel\(local)", "\(module)ViewModel\(local)")
        case 3: ("[String : any \(module)Handler\(local)]", "\(module)Handlers\(local)")
        case 4: ("Optional<any \(module)Client\(local)>", "\(module)Client\(local)")
        case 5: ("(\(module)Request\(local)) async throws -> \(module)Response", "\(module)Endpoint\(local)")
        default: ("any \(module)Store\(local) & Sendable", "\(module)Store\(local)")
        }
    }

    /// A few factories have names; some of those are hostile to renderers on purpose.
    private static func factoryName(id: Int, random: inout SplitMix64) -> String? {
        switch id {
        case 3: return #"say "hello""#
        case 7: return "<b>markup</b> & <script>"
        case 11: return "line one\r\nline two"
        case 13: return #"C:\path\new {x|y}"#
        case 17: return "Café ☕ ünïcödé"
        default: break
        }
        guard random.next() % 10 == 0 else { return nil }
        return ["primary", "mock", "v2", "inMemory", "remote"][Int(random.next() % 5)]
    }
}
