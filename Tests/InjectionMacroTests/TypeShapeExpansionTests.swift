import InjectionMacroExpansion
import MacroTesting
import Testing

/// Expansion snapshots for declared types and declarations that are easy to get wrong.
@Suite("Injection macro expansion: type shapes")
struct TypeShapeExpansionTests {
    @Test("nested generic arguments of Task and Result")
    func nestedGenerics() {
        assertMacro(["Injected": InjectedAsyncMacro.self, "LazyInjected": LazyInjectedSyncThrowingMacro.self]) {
            """
            struct Example {
                @Injected(Container.table) var table: Task<Dictionary<String, [Int]>, Never>
                @LazyInjected(Container.pairs) var pairs: Result<[(String, Int)], any Error>
            }
            """
        } expansion: {
            """
            struct Example {
                var table: Task<Dictionary<String, [Int]>, Never> {
                    get {
                        _table.wrappedValue
                    }
                }

                private let _table = InjectedResolver(Container.table)

                var $table: AsyncFactory<Dictionary<String, [Int]>> {
                    _table.projectedValue
                }
                var pairs: Result<[(String, Int)], any Error> {
                    get {
                        _pairs.wrappedValue
                    }
                }

                private let _pairs = LazyInjectedResolver(Container.pairs)

                var $pairs: SyncThrowingFactory<[(String, Int)]> {
                    _pairs.projectedValue
                }
            }
            """
        }
    }

    @Test("optional, implicitly unwrapped, generic and existential types")
    func optionalsAndExistentials() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.maybeLogger) var maybeLogger: (any Logger)?
                @Injected(Container.unwrapped) var unwrapped: Logger!
                @Injected(Container.cache) var cache: Cache<String, Data>
                @Injected(Container.logger) var logger: any Logger & Sendable
                @Injected(Container.handler) var handler: @Sendable (Int) -> Void
            }
            """
        } expansion: {
            """
            final class Example {
                var maybeLogger: (any Logger)? {
                    get {
                        _maybeLogger.wrappedValue
                    }
                }

                private let _maybeLogger = InjectedResolver(Container.maybeLogger)

                var $maybeLogger: SyncFactory<(any Logger)?> {
                    _maybeLogger.projectedValue
                }
                var unwrapped: Logger! {
                    get {
                        _unwrapped.wrappedValue
                    }
                }

                private let _unwrapped = InjectedResolver(Container.unwrapped)

                var $unwrapped: SyncFactory<Logger?> {
                    _unwrapped.projectedValue
                }
                var cache: Cache<String, Data> {
                    get {
                        _cache.wrappedValue
                    }
                }

                private let _cache = InjectedResolver(Container.cache)

                var $cache: SyncFactory<Cache<String, Data>> {
                    _cache.projectedValue
                }
                var logger: any Logger & Sendable {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = InjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger & Sendable> {
                    _logger.projectedValue
                }
                var handler: @Sendable (Int) -> Void {
                    get {
                        _handler.wrappedValue
                    }
                }

                private let _handler = InjectedResolver(Container.handler)

                var $handler: SyncFactory<@Sendable (Int) -> Void> {
                    _handler.projectedValue
                }
            }
            """
        }
    }

    @Test("qualified Swift.Result, Swift.Error, _Concurrency.Task and parenthesised failure types")
    func qualifiedStandardTypes() {
        assertMacro(["Injected": InjectedSyncThrowingMacro.self, "LazyInjected": LazyInjectedAsyncThrowingMacro.self]) {
            """
            final class Example {
                @Injected(Container.config) var config: Swift.Result<Config, Swift.Error>
                @LazyInjected(Container.database) var database: _Concurrency.Task<Database, (any Error)>
            }
            """
        } expansion: {
            """
            final class Example {
                var config: Swift.Result<Config, Swift.Error> {
                    get {
                        _config.wrappedValue
                    }
                }

                private let _config = InjectedResolver(Container.config)

                var $config: SyncThrowingFactory<Config> {
                    _config.projectedValue
                }
                var database: _Concurrency.Task<Database, (any Error)> {
                    get {
                        _database.wrappedValue
                    }
                }

                private let _database = LazyInjectedResolver(Container.database)

                var $database: AsyncThrowingFactory<Database> {
                    _database.projectedValue
                }
            }
            """
        }
    }

    @Test("backticked names, trailing comments and generic factory expressions")
    func namesAndTrivia() {
        assertMacro(["ConstructorInjected": ConstructorInjectedSyncMacro.self]) {
            """
            final class Example {
                @ConstructorInjected(Container.default) var `default`: Settings // the defaults
                @ConstructorInjected(Registry<Int>.shared.factory) open var shared: Int
                @ConstructorInjected(Container.clock) class var clock: any Clock<Duration>
            }
            """
        } expansion: {
            """
            final class Example {
                var `default`: Settings { // the defaults
                    get {
                        _default.wrappedValue
                    }
                }

                private let _default = ConstructorInjectedResolver(Container.default)

                var $default: SyncFactory<Settings> {
                    _default.projectedValue
                }
                open var shared: Int {
                    get {
                        _shared.wrappedValue
                    }
                }

                private let _shared = ConstructorInjectedResolver(Registry<Int>.shared.factory)

                public var $shared: SyncFactory<Int> {
                    _shared.projectedValue
                }
                class var clock: any Clock<Duration> {
                    get {
                        _clock.wrappedValue
                    }
                }

                private static let _clock = ConstructorInjectedResolver(Container.clock)

                static var $clock: SyncFactory<any Clock<Duration>> {
                    _clock.projectedValue
                }
            }
            """
        }
    }

    @Test("a global variable")
    func globalVariable() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            @Injected(Container.logger) var logger: any Logger
            """
        } expansion: {
            """
            var logger: any Logger {
                get {
                    _logger.wrappedValue
                }
            }

            private let _logger = InjectedResolver(Container.logger)

            var $logger: SyncFactory<any Logger> {
                _logger.projectedValue
            }
            """
        }
    }
}
