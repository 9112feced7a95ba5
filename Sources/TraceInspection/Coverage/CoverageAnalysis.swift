/// How well recorded test runs cover the factories a scan found: per factory and per module, whether a
/// trace resolved it, created it (ran a resolver) and overrode it (registered a double in a test
/// container), and which `testValue`s of the scan's `TestDefaults` no resolution ever used.
///
/// Traces are joined to the scan by declaration site (`file:line`); pass traces of test runs.
///
/// ```swift
/// let coverage = CoverageAnalysis(model: model, traces: [analysis])
/// print(coverage.percent, coverage.neverResolved.map(\.property))
/// ```
public struct CoverageAnalysis: Sendable {
    /// One declared factory's coverage.
    ///
    /// ```swift
    /// coverage.factories.filter { $0.resolutions == 0 }
    /// ```
    public struct FactoryCoverage: Sendable, Equatable {
        /// The scanned factory.
        public var factory: FactoryRecord
        /// Resolutions in all traces.
        public var resolutions = 0
        /// Resolutions that ran a resolver.
        public var creations = 0
        /// Registrations of a double (`register` or a test value) in a test container.
        public var overrides = 0
    }

    /// One module's totals.
    ///
    /// ```swift
    /// coverage.modules.first { $0.module == "CalendarStore" }?.percent
    /// ```
    public struct ModuleCoverage: Sendable, Equatable {
        /// The module name.
        public var module: String
        /// Factories declared in it.
        public var declared = 0
        /// Of those, resolved at least once.
        public var resolved = 0
        /// Of those, created at least once.
        public var created = 0
        /// Of those, overridden at least once.
        public var overridden = 0

        /// Resolved over declared, in percent (100 with nothing declared).
        public var percent: Double { declared == 0 ? 100 : Double(resolved) * 100 / Double(declared) }
    }

    /// A `testValue` no resolution used.
    ///
    /// ```swift
    /// for unused in coverage.unusedTestDefaults { print(unused.registration.site, unused.applied) }
    /// ```
    public struct UnusedTestDefault: Sendable, Equatable {
        /// The `testValue` call.
        public var registration: StaticRegistration
        /// The factory it gives a double for.
        public var factory: FactoryRecord
        /// How many times traces applied it to a test container.
        public var applied: Int
    }

    /// Every scanned factory, in scan order.
    public var factories: [FactoryCoverage]
    /// Per module, by name.
    public var modules: [ModuleCoverage]
    /// Test values no resolution used, in scan order.
    public var unusedTestDefaults: [UnusedTestDefault]
    /// How many `testValue`s the scan found.
    public var testDefaultCount: Int
    /// How many traces were joined.
    public var traceCount: Int
    /// How many test containers those traces have.
    public var testContainerCount: Int
    /// Factories the traces declared that the scan does not (sources not scanned?).
    public var unknownFactoryCount: Int

    /// Joins `traces` to `model` and counts.
    ///
    /// ```swift
    /// let coverage = CoverageAnalysis(model: model, traces: analyses)
    /// ```
    public init(model: StaticModel, traces: [TraceAnalysis]) {
        let join = StaticJoin(model: model)
        var byID = Dictionary(uniqueKeysWithValues: model.factories.map { ($0.id, FactoryCoverage(factory: $0)) })
        var unknown = Set<String>()
        var containers = 0
        for analysis in traces {
            let trace = analysis.trace
            let ids = join.scanIDs(in: trace)
            for factory in trace.factories where factory.isDeclared && ids[factory.id] == nil {
                unknown.insert(factory.site)
            }
            for (factory, statistics) in zip(trace.factories, analysis.statistics) {
                guard let id = ids[factory.id] else { continue }
                byID[id]?.resolutions += statistics.resolutions
                byID[id]?.creations += statistics.creations
            }
            containers += trace.containers.filter { $0.kind == .test }.count
            for registration in trace.registrations
            where registration.action == .push || registration.action == .testDefault {
                guard let id = ids[registration.factory], analysis.isInTestContainer(registration.container) else {
                    continue
                }
                byID[id]?.overrides += 1
            }
        }
        factories = model.factories.compactMap { byID[$0.id] }
        var modules: [String: ModuleCoverage] = [:]
        for entry in factories {
            var module = modules[entry.factory.module] ?? ModuleCoverage(module: entry.factory.module)
            module.declared += 1
            if entry.resolutions > 0 { module.resolved += 1 }
            if entry.creations > 0 { module.created += 1 }
            if entry.overrides > 0 { module.overridden += 1 }
            modules[entry.factory.module] = module
        }
        self.modules = modules.values.sorted { $0.module < $1.module }

        let usage = TestDefaultUsage(traces: traces)
        let testValues = model.registrations.filter { $0.action == .testDefault }
        unusedTestDefaults = testValues.filter { !usage.used.contains($0.site) }.compactMap { registration in
            model.factory(id: registration.factory).map {
                UnusedTestDefault(
                    registration: registration, factory: $0, applied: usage.applied[registration.site] ?? 0)
            }
        }
        testDefaultCount = testValues.count
        traceCount = traces.count
        testContainerCount = containers
        unknownFactoryCount = unknown.count
    }

    /// Factories no trace resolved, in scan order.
    public var neverResolved: [FactoryRecord] { factories.filter { $0.resolutions == 0 }.map(\.factory) }

    /// Resolved factories over declared ones, in percent (100 when the scan declares none).
    public var percent: Double {
        factories.isEmpty ? 100 : Double(factories.count - neverResolved.count) * 100 / Double(factories.count)
    }
}
