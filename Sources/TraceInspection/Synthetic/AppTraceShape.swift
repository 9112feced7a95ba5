/// The size and seed of an app-shaped synthetic trace (see ``AppTrace``).
///
/// Three presets match the sizes the benchmarks and tests use: ``small`` (S), ``large`` (L) and
/// ``extraLarge`` (XL). Every other size can be made by changing the fields.
///
/// ```swift
/// var shape = AppTraceShape.small
/// shape.resolutions = 5_000
/// let data = try AppTrace.generate(shape)
/// ```
public struct AppTraceShape: Sendable, Equatable, CustomStringConvertible {
    /// How many factories are declared (about one in twenty is never resolved).
    public var factories: Int
    /// How many modules the factories are spread over (sizes vary; module 0 is the app).
    public var modules: Int
    /// How many distinct dependency edges the factories have (acyclic, many across modules).
    public var edges: Int
    /// Exactly how many `resolution` events the trace has.
    ///
    /// The first pass, which observes every edge, needs a few times ``factories`` resolutions;
    /// a smaller number cuts it short.
    public var resolutions: Int
    /// How many test containers run (each with registrations, test defaults and resolutions).
    public var tests: Int
    /// How many threads the resolutions are spread over.
    public var threads: Int
    /// The seed of the pseudo-random choices; one seed always gives the same bytes.
    public var seed: UInt64

    /// Creates a shape.
    ///
    /// Negative counts are treated as zero; at least one factory, one module and one thread are used.
    ///
    /// ```swift
    /// let shape = AppTraceShape(factories: 50, modules: 5, edges: 120, resolutions: 2_000)
    /// ```
    public init(
        factories: Int, modules: Int, edges: Int, resolutions: Int, tests: Int = 10, threads: Int = 4,
        seed: UInt64 = 1
    ) {
        self.factories = factories
        self.modules = modules
        self.edges = edges
        self.resolutions = resolutions
        self.tests = tests
        self.threads = threads
        self.seed = seed
    }

    /// S: 200 factories in 10 modules, 700 edges, 20,000 resolutions, 20 tests, 4 threads.
    ///
    /// The size of a small app; every graph option must render it.
    ///
    /// ```swift
    /// let data = try AppTrace.generate(.small)
    /// ```
    public static let small = AppTraceShape(
        factories: 200, modules: 10, edges: 700, resolutions: 20_000, tests: 20, threads: 4)

    /// L: 2,000 factories in 60 modules, 8,000 edges, 200,000 resolutions, 100 tests, 8 threads.
    ///
    /// The size of a large app ("upwards of a thousand services").
    ///
    /// ```swift
    /// try AppTrace.write(.large, toFile: "l.ditrace")
    /// ```
    public static let large = AppTraceShape(
        factories: 2_000, modules: 60, edges: 8_000, resolutions: 200_000, tests: 100, threads: 8)

    /// XL: the graph of ``large`` with 10,000,000 resolutions and 400 tests (about 1.6 GB).
    ///
    /// Write it to a file with ``AppTrace/write(_:toFile:)``; it is never held in memory.
    ///
    /// ```swift
    /// try AppTrace.write(.extraLarge, toFile: "/tmp/xl.ditrace")
    /// ```
    public static let extraLarge = AppTraceShape(
        factories: 2_000, modules: 60, edges: 8_000, resolutions: 10_000_000, tests: 400, threads: 8)

    /// The presets by the names the fixture tool accepts: `S`, `L`, `XL`.
    ///
    /// Case-insensitive.
    ///
    /// ```swift
    /// AppTraceShape.preset(named: "xl") == .extraLarge   // true
    /// ```
    public static func preset(named name: String) -> AppTraceShape? {
        switch name.uppercased() {
        case "S": small
        case "L": large
        case "XL": extraLarge
        default: nil
        }
    }

    /// The sizes in one line, as the fixture tool prints them.
    public var description: String {
        "\(factories) factories, \(modules) modules, \(edges) edges, \(resolutions) resolutions, "
            + "\(tests) tests, \(threads) threads, seed \(seed)"
    }
}
