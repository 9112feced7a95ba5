/// What one test container has to resolve with, in the scan's factory ids: the factories it overrides
/// (registered doubles, test values of its `TestDefaults`), the ones it runs in production
/// (`useProduction()`), and the factories its own code resolves.
///
/// Made from each test container the scan finds (with its enclosing ones), joined with the test
/// containers of traces made at the same place; a trace's test container the scan does not know
/// gets its own bindings from what the trace recorded.
struct TestContainerBindings {
    var overrides: Set<Int> = []
    var production: Set<Int> = []
    var roots: [Int] = []
    /// Factories a trace already reports as unregistered in this container (not predicted again).
    var reported: Set<Int> = []
    /// Names of the `TestDefaults` applied, for messages.
    var defaults: [String] = []
    /// Where the container is made, and the test, for messages and sites.
    var site: SourceSite
    var test: String?

    static func all(join: StaticJoin, traces: [TraceAnalysis]) -> [TestContainerBindings] {
        let model = join.model
        let doubles = DefaultsDoubles(model: model)
        var byContext: [Int: TestContainerBindings] = [:]
        var skipped = Set<Int>()
        let contexts = Dictionary(model.testContexts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for context in model.testContexts {
            var chain: [StaticTestContext] = []
            var current: StaticTestContext? = context
            while let step = current, !chain.contains(where: { $0.id == step.id }) {
                chain.append(step)
                current = step.parent.flatMap { contexts[$0] }
            }
            if chain.contains(where: \.hasCustomUnregisteredBehavior) {
                skipped.insert(context.id)
                continue
            }
            let ids = Set(chain.map(\.id))
            var bindings = TestContainerBindings(
                site: SourceSite(
                    label: "test container made at", file: context.file, line: context.line,
                    function: context.function.isEmpty ? nil : context.function),
                test: context.test)
            bindings.defaults = chain.reversed().flatMap(\.defaults)
            bindings.overrides = doubles.factories(in: bindings.defaults)
            for registration in model.registrations {
                guard let owner = registration.context, ids.contains(owner) else { continue }
                switch registration.action {
                case .push, .testDefault: bindings.overrides.insert(registration.factory)
                case .useProduction: bindings.production.insert(registration.factory)
                case .pop: break
                }
            }
            bindings.roots = context.resolves
            byContext[context.id] = bindings
        }

        var unmatched: [TestContainerBindings] = []
        for analysis in traces {
            let trace = analysis.trace
            let ids = join.scanIDs(in: trace)
            for container in trace.containers where container.kind == .test {
                let match =
                    model.testContexts.first { $0.file == container.file && $0.line == container.line }
                    ?? model.testContexts.first {
                        $0.kind == .trait && $0.file == container.file && $0.function == container.function
                    }
                if let match, skipped.contains(match.id) { continue }
                var recorded = TestContainerBindings(
                    site: SourceSite(
                        label: "test container made at", file: container.file, line: container.line,
                        function: container.function),
                    test: container.test)
                recorded.add(container: container.id, analysis: analysis, ids: ids)
                if let match, var bindings = byContext[match.id] {
                    bindings.merge(recorded)
                    byContext[match.id] = bindings
                } else if match == nil {
                    unmatched.append(recorded)
                }
            }
        }
        return model.testContexts.compactMap { byContext[$0.id] } + unmatched
    }

    /// Adds what a trace recorded for `container` (and the test containers it is nested in).
    private mutating func add(container: Int, analysis: TraceAnalysis, ids: [Int: Int]) {
        let trace = analysis.trace
        let lineage = Set(trace.containerLineage(container).prefix { trace.container(id: $0)?.kind != .default })
        for registration in trace.registrations where lineage.contains(registration.container) {
            guard let id = ids[registration.factory] else { continue }
            switch registration.action {
            case .push, .testDefault: overrides.insert(id)
            case .useProduction: production.insert(id)
            case .pop: break
            }
        }
        let resolutions = trace.resolutions
        for index in resolutions.indices where resolutions[index].container == container {
            let resolution = resolutions[index]
            guard let id = ids[resolution.factory] else { continue }
            switch resolution.source {
            case .override: overrides.insert(id)
            case .useProduction: production.insert(id)
            default: break
            }
            let parent = Int(analysis.parentIndex[index])
            if parent < 0 || resolutions[parent].container != container, !roots.contains(id) { roots.append(id) }
        }
        for issue in trace.issues where issue.kind == .unregistered && issue.container == container {
            if let id = ids[issue.factory] { reported.insert(id) }
        }
    }

    private mutating func merge(_ other: TestContainerBindings) {
        overrides.formUnion(other.overrides)
        production.formUnion(other.production)
        reported.formUnion(other.reported)
        for root in other.roots where !roots.contains(root) { roots.append(root) }
        if test == nil { test = other.test }
    }
}

/// The factories each `TestDefaults` gives test values, including the sets it lists.
struct DefaultsDoubles {
    private var direct: [String: Set<Int>] = [:]
    private var includes: [String: [String]] = [:]

    init(model: StaticModel) {
        for registration in model.registrations where registration.action == .testDefault {
            if let name = registration.defaults { direct[name, default: []].insert(registration.factory) }
        }
        for defaults in model.testDefaults { includes[defaults.name, default: []] += defaults.includes }
    }

    /// Every factory the sets `names` (and the sets they list, transitively) give a test value.
    func factories(in names: [String]) -> Set<Int> {
        var result = Set<Int>()
        var seen = Set<String>()
        var pending = names
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            result.formUnion(direct[name, default: []])
            pending += includes[name, default: []]
        }
        return result
    }
}
