/// Why a factory was resolved, and who depends on it: what `di-inspect why` prints and the HTML report's
/// node panel shows.
///
/// Made by ``FactoryExplainer``. Counts come from the trace's resolutions; dependents from its observed edges.
///
/// ```swift
/// let explanation = FactoryExplainer(analysis: analysis).explain(factory: 3)
/// for path in explanation.paths { print(path.count, path.factories) }
/// ```
public struct FactoryExplanation: Sendable, Equatable {
    /// One distinct chain of resolutions from a top-level resolution down to the factory.
    ///
    /// ``factories`` are ids, outermost first, ending with the explained factory.
    ///
    /// ```swift
    /// explanation.paths.first?.count
    /// ```
    public struct Path: Sendable, Equatable {
        /// Factory ids from the top-level resolution down to the explained factory.
        public var factories: [Int]
        /// How many resolutions of the factory came down this path.
        public var count: Int
        /// How many of them created an instance.
        public var created: Int
        /// How many returned a cached instance.
        public var cacheHits: Int
        /// How many failed.
        public var failures: Int
    }

    /// The factory's resolutions in one container.
    ///
    /// With the container's test name (from the trace) this says in which tests it was created or reused.
    ///
    /// ```swift
    /// explanation.containers.map(\.container)
    /// ```
    public struct ContainerUse: Sendable, Equatable {
        /// The container id.
        public var container: Int
        /// Resolutions that created an instance.
        public var created: Int
        /// Resolutions that returned a cached instance.
        public var cacheHits: Int
        /// Resolutions that failed.
        public var failures: Int
        /// The sources (production, override, …) the resolutions used, in declaration order.
        public var sources: [ResolutionRecord.Source]
    }

    /// What supplied the factory's resolutions: its own resolver, or one registration.
    ///
    /// One entry per registration (and one for production, one for leak fallbacks, one for failures
    /// before a resolver was chosen).
    ///
    /// ```swift
    /// explanation.suppliers.first { $0.kind == .testDefault }?.registration?.site
    /// ```
    public struct Supplier: Sendable, Equatable {
        /// What kind of binding it was.
        ///
        /// The raw values are the names JSON output uses.
        ///
        /// ```swift
        /// supplier.kind.rawValue   // "testDefault"
        /// ```
        public enum Kind: String, Sendable, CaseIterable {
            /// The factory's own resolver.
            case production
            /// A `register { }` override.
            case override
            /// A `testValue { }` applied from `TestDefaults`.
            case testDefault
            /// `useProduction()` in a test container.
            case useProduction
            /// The leaked-resolution behaviour's fallback.
            case leaked
            /// No binding: the resolution failed before a resolver was chosen.
            case none
        }

        /// What kind of binding it was.
        public var kind: Kind
        /// The registration, for ``Kind/override``, ``Kind/testDefault`` and ``Kind/useProduction`` when the
        /// trace has it.
        public var registration: RegistrationRecord?
        /// How many resolutions it supplied.
        public var resolutions: Int
        /// How many of them created an instance.
        public var created: Int
        /// How many returned a cached instance.
        public var cacheHits: Int
        /// The containers those resolutions ran in, by id.
        public var containers: [Int]
    }

    /// A factory related to the explained one through observed edges.
    ///
    /// For a dependent, ``count`` is the edge's count when it is direct, and otherwise the number of the
    /// explained factory's resolutions that ran below it.
    ///
    /// ```swift
    /// explanation.transitiveDependents.filter { $0.distance == 1 }
    /// ```
    public struct Related: Sendable, Equatable {
        /// The related factory's id.
        public var factory: Int
        /// How many edges away it is (1 for direct).
        public var distance: Int
        /// See the type's description.
        public var count: Int
    }

    /// The explained factory.
    public var factory: FactoryRecord
    /// Its statistics.
    public var statistics: FactoryStatistics
    /// Every distinct path to it, most frequent first.
    public var paths: [Path]
    /// Where it was resolved, by container id.
    public var containers: [ContainerUse]
    /// What supplied it: production first, then registrations in time order.
    public var suppliers: [Supplier]
    /// Its registrations (not pops) that supplied no resolution.
    public var unusedRegistrations: [RegistrationRecord]
    /// Factories whose resolvers resolved it, most edges first.
    public var directDependents: [Related]
    /// Every factory that depends on it directly or through others (the factories a change to it can
    /// affect), nearest first.
    public var transitiveDependents: [Related]
    /// Factories its resolver resolved, most edges first.
    public var directDependencies: [Related]
}
