/// The test verify: for each test container (see ``TestContainerBindings``), follows the scan's edges
/// from what the container resolves, through factories it runs in production (`useProduction()`), and
/// reports every factory reached that nothing registers there, which would stop the test as
/// "unregistered". `useProduction()` wins over a test value (the test calls it after its defaults are
/// applied); other overridden factories end the walk (their doubles do not run the production resolver). One problem per missing factory and path, counting the containers that share it.
enum TestRegistrationVerify {
    private struct Key: Hashable {
        var factory: Int
        var path: [Int]
    }

    static func problems(join: StaticJoin, traces: [TraceAnalysis]) -> [Problem] {
        let model = join.model
        let dependencies = model.dependencies
        var order: [Key] = []
        var found: [Key: Problem] = [:]
        for bindings in TestContainerBindings.all(join: join, traces: traces) {
            var queue = bindings.roots.map { [$0] }
            var visited = Set<Int>()
            var head = 0
            while head < queue.count {
                let path = queue[head]
                head += 1
                let factory = path[path.count - 1]
                guard visited.insert(factory).inserted else { continue }
                if bindings.production.contains(factory) {
                    for next in dependencies[factory, default: []] where !path.contains(next) {
                        queue.append(path + [next])
                    }
                    continue
                }
                guard !bindings.overrides.contains(factory), !bindings.reported.contains(factory) else { continue }
                let key = Key(factory: factory, path: path)
                if found[key] != nil {
                    found[key]!.occurrences += 1
                    continue
                }
                order.append(key)
                found[key] = problem(factory: factory, path: path, bindings: bindings, model: model)
            }
        }
        return order.map { found[$0]! }
    }

    private static func problem(factory id: Int, path: [Int], bindings: TestContainerBindings, model: StaticModel)
        -> Problem
    {
        func name(_ id: Int) -> String { model.factory(id: id)?.displayName ?? "factory #\(id)" }
        let missing = name(id)
        let place =
            "the test container made at \(bindings.site.file):\(bindings.site.line)"
            + (bindings.test.map { " (test \($0))" } ?? "")
        let defaults =
            bindings.defaults.isEmpty
            ? "no TestDefaults are applied"
            : "the TestDefaults applied (\(bindings.defaults.joined(separator: ", "))) have none"
        let start =
            path.count == 1
            ? "In \(place), the test resolves \(missing)"
            : "In \(place), resolving \(name(path[0])) reaches \(missing) through production resolvers ("
                + path.map(name).joined(separator: " → ") + ")"
        var sites = [bindings.site]
        if let factory = model.factory(id: id) {
            sites.append(SourceSite(label: "factory declared at", file: factory.file, line: factory.line))
        }
        return Problem(
            kind: .wouldBeUnregistered, factory: id, path: path,
            message: start + ", but nothing registers it there (no register, no useProduction, and " + defaults
                + "), so the test would stop as unregistered.",
            sites: sites, time: 0)
    }
}
