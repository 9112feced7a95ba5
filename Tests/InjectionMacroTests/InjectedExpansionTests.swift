import InjectionMacroExpansion
import MacroTesting
import Testing

/// Expansion snapshots of `@Injected`: every factory kind, every access level, `static`.
@Suite("@Injected expansion")
struct InjectedExpansionTests {
    @Test("sync factory, every access level and static")
    func syncFactory() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            public final class Example {
                @Injected(Container.logger) public var a: any Logger
                @Injected(Container.logger) package var b: any Logger
                @Injected(Container.logger) var c: any Logger
                @Injected(Container.logger) internal var d: any Logger
                @Injected(Container.logger) fileprivate var e: any Logger
                @Injected(Container.logger) private var f: any Logger
                @Injected(Container.logger) public static var g: any Logger
            }
            """
        } expansion: {
            """
            public final class Example {
                public var a: any Logger {
                    get {
                        _a.wrappedValue
                    }
                }

                private let _a = InjectedResolver(Container.logger)

                public var $a: SyncFactory<any Logger> {
                    _a.projectedValue
                }
                package var b: any Logger {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = InjectedResolver(Container.logger)

                package var $b: SyncFactory<any Logger> {
                    _b.projectedValue
                }
                var c: any Logger {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = InjectedResolver(Container.logger)

                var $c: SyncFactory<any Logger> {
                    _c.projectedValue
                }
                internal var d: any Logger {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = InjectedResolver(Container.logger)

                internal var $d: SyncFactory<any Logger> {
                    _d.projectedValue
                }
                fileprivate var e: any Logger {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = InjectedResolver(Container.logger)

                fileprivate var $e: SyncFactory<any Logger> {
                    _e.projectedValue
                }
                private var f: any Logger {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = InjectedResolver(Container.logger)

                private var $f: SyncFactory<any Logger> {
                    _f.projectedValue
                }
                public static var g: any Logger {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = InjectedResolver(Container.logger)

                public static var $g: SyncFactory<any Logger> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("syncThrowing factory, every access level and static")
    func syncThrowingFactory() {
        assertMacro(["Injected": InjectedSyncThrowingMacro.self]) {
            """
            public final class Example {
                @Injected(Container.config) public var a: Result<Config, any Error>
                @Injected(Container.config) package var b: Result<Config, any Error>
                @Injected(Container.config) var c: Result<Config, any Error>
                @Injected(Container.config) internal var d: Result<Config, any Error>
                @Injected(Container.config) fileprivate var e: Result<Config, any Error>
                @Injected(Container.config) private var f: Result<Config, any Error>
                @Injected(Container.config) public static var g: Result<Config, any Error>
            }
            """
        } expansion: {
            """
            public final class Example {
                public var a: Result<Config, any Error> {
                    get {
                        _a.wrappedValue
                    }
                }

                private let _a = InjectedResolver(Container.config)

                public var $a: SyncThrowingFactory<Config> {
                    _a.projectedValue
                }
                package var b: Result<Config, any Error> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = InjectedResolver(Container.config)

                package var $b: SyncThrowingFactory<Config> {
                    _b.projectedValue
                }
                var c: Result<Config, any Error> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = InjectedResolver(Container.config)

                var $c: SyncThrowingFactory<Config> {
                    _c.projectedValue
                }
                internal var d: Result<Config, any Error> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = InjectedResolver(Container.config)

                internal var $d: SyncThrowingFactory<Config> {
                    _d.projectedValue
                }
                fileprivate var e: Result<Config, any Error> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = InjectedResolver(Container.config)

                fileprivate var $e: SyncThrowingFactory<Config> {
                    _e.projectedValue
                }
                private var f: Result<Config, any Error> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = InjectedResolver(Container.config)

                private var $f: SyncThrowingFactory<Config> {
                    _f.projectedValue
                }
                public static var g: Result<Config, any Error> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = InjectedResolver(Container.config)

                public static var $g: SyncThrowingFactory<Config> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("async factory, every access level and static")
    func asyncFactory() {
        assertMacro(["Injected": InjectedAsyncMacro.self]) {
            """
            public final class Example {
                @Injected(Container.session) public var a: Task<Session, Never>
                @Injected(Container.session) package var b: Task<Session, Never>
                @Injected(Container.session) var c: Task<Session, Never>
                @Injected(Container.session) internal var d: Task<Session, Never>
                @Injected(Container.session) fileprivate var e: Task<Session, Never>
                @Injected(Container.session) private var f: Task<Session, Never>
                @Injected(Container.session) public static var g: Task<Session, Never>
            }
            """
        } expansion: {
            """
            public final class Example {
                public var a: Task<Session, Never> {
                    get {
                        _a.wrappedValue
                    }
                }

                private let _a = InjectedResolver(Container.session)

                public var $a: AsyncFactory<Session> {
                    _a.projectedValue
                }
                package var b: Task<Session, Never> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = InjectedResolver(Container.session)

                package var $b: AsyncFactory<Session> {
                    _b.projectedValue
                }
                var c: Task<Session, Never> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = InjectedResolver(Container.session)

                var $c: AsyncFactory<Session> {
                    _c.projectedValue
                }
                internal var d: Task<Session, Never> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = InjectedResolver(Container.session)

                internal var $d: AsyncFactory<Session> {
                    _d.projectedValue
                }
                fileprivate var e: Task<Session, Never> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = InjectedResolver(Container.session)

                fileprivate var $e: AsyncFactory<Session> {
                    _e.projectedValue
                }
                private var f: Task<Session, Never> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = InjectedResolver(Container.session)

                private var $f: AsyncFactory<Session> {
                    _f.projectedValue
                }
                public static var g: Task<Session, Never> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = InjectedResolver(Container.session)

                public static var $g: AsyncFactory<Session> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("asyncThrowing factory, every access level and static")
    func asyncThrowingFactory() {
        assertMacro(["Injected": InjectedAsyncThrowingMacro.self]) {
            """
            public final class Example {
                @Injected(Container.database) public var a: Task<Database, any Error>
                @Injected(Container.database) package var b: Task<Database, any Error>
                @Injected(Container.database) var c: Task<Database, any Error>
                @Injected(Container.database) internal var d: Task<Database, any Error>
                @Injected(Container.database) fileprivate var e: Task<Database, any Error>
                @Injected(Container.database) private var f: Task<Database, any Error>
                @Injected(Container.database) public static var g: Task<Database, any Error>
            }
            """
        } expansion: {
            """
            public final class Example {
                public var a: Task<Database, any Error> {
                    get {
                        _a.wrappedValue
                    }
                }

                private let _a = InjectedResolver(Container.database)

                public var $a: AsyncThrowingFactory<Database> {
                    _a.projectedValue
                }
                package var b: Task<Database, any Error> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = InjectedResolver(Container.database)

                package var $b: AsyncThrowingFactory<Database> {
                    _b.projectedValue
                }
                var c: Task<Database, any Error> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = InjectedResolver(Container.database)

                var $c: AsyncThrowingFactory<Database> {
                    _c.projectedValue
                }
                internal var d: Task<Database, any Error> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = InjectedResolver(Container.database)

                internal var $d: AsyncThrowingFactory<Database> {
                    _d.projectedValue
                }
                fileprivate var e: Task<Database, any Error> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = InjectedResolver(Container.database)

                fileprivate var $e: AsyncThrowingFactory<Database> {
                    _e.projectedValue
                }
                private var f: Task<Database, any Error> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = InjectedResolver(Container.database)

                private var $f: AsyncThrowingFactory<Database> {
                    _f.projectedValue
                }
                public static var g: Task<Database, any Error> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = InjectedResolver(Container.database)

                public static var $g: AsyncThrowingFactory<Database> {
                    _g.projectedValue
                }
            }
            """
        }
    }
}
