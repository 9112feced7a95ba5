import InjectionMacroExpansion
import MacroTesting
import Testing

/// Expansion snapshots of `@ConstructorInjected`: every factory kind, every access level, `static`.
@Suite("@ConstructorInjected expansion")
struct ConstructorInjectedExpansionTests {
    @Test("sync factory, every access level and static")
    func syncFactory() {
        assertMacro(["ConstructorInjected": ConstructorInjectedSyncMacro.self]) {
            """
            public final class Example {
                @ConstructorInjected(Container.logger) public var a: any Logger
                @ConstructorInjected(Container.logger) package var b: any Logger
                @ConstructorInjected(Container.logger) var c: any Logger
                @ConstructorInjected(Container.logger) internal var d: any Logger
                @ConstructorInjected(Container.logger) fileprivate var e: any Logger
                @ConstructorInjected(Container.logger) private var f: any Logger
                @ConstructorInjected(Container.logger) public static var g: any Logger
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

                private let _a = ConstructorInjectedResolver(Container.logger)

                public var $a: SyncFactory<any Logger> {
                    _a.projectedValue
                }
                package var b: any Logger {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = ConstructorInjectedResolver(Container.logger)

                package var $b: SyncFactory<any Logger> {
                    _b.projectedValue
                }
                var c: any Logger {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = ConstructorInjectedResolver(Container.logger)

                var $c: SyncFactory<any Logger> {
                    _c.projectedValue
                }
                internal var d: any Logger {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = ConstructorInjectedResolver(Container.logger)

                internal var $d: SyncFactory<any Logger> {
                    _d.projectedValue
                }
                fileprivate var e: any Logger {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = ConstructorInjectedResolver(Container.logger)

                fileprivate var $e: SyncFactory<any Logger> {
                    _e.projectedValue
                }
                private var f: any Logger {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = ConstructorInjectedResolver(Container.logger)

                private var $f: SyncFactory<any Logger> {
                    _f.projectedValue
                }
                public static var g: any Logger {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = ConstructorInjectedResolver(Container.logger)

                public static var $g: SyncFactory<any Logger> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("syncThrowing factory, every access level and static")
    func syncThrowingFactory() {
        assertMacro(["ConstructorInjected": ConstructorInjectedSyncThrowingMacro.self]) {
            """
            public final class Example {
                @ConstructorInjected(Container.config) public var a: Result<Config, any Error>
                @ConstructorInjected(Container.config) package var b: Result<Config, any Error>
                @ConstructorInjected(Container.config) var c: Result<Config, any Error>
                @ConstructorInjected(Container.config) internal var d: Result<Config, any Error>
                @ConstructorInjected(Container.config) fileprivate var e: Result<Config, any Error>
                @ConstructorInjected(Container.config) private var f: Result<Config, any Error>
                @ConstructorInjected(Container.config) public static var g: Result<Config, any Error>
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

                private let _a = ConstructorInjectedResolver(Container.config)

                public var $a: SyncThrowingFactory<Config> {
                    _a.projectedValue
                }
                package var b: Result<Config, any Error> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = ConstructorInjectedResolver(Container.config)

                package var $b: SyncThrowingFactory<Config> {
                    _b.projectedValue
                }
                var c: Result<Config, any Error> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = ConstructorInjectedResolver(Container.config)

                var $c: SyncThrowingFactory<Config> {
                    _c.projectedValue
                }
                internal var d: Result<Config, any Error> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = ConstructorInjectedResolver(Container.config)

                internal var $d: SyncThrowingFactory<Config> {
                    _d.projectedValue
                }
                fileprivate var e: Result<Config, any Error> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = ConstructorInjectedResolver(Container.config)

                fileprivate var $e: SyncThrowingFactory<Config> {
                    _e.projectedValue
                }
                private var f: Result<Config, any Error> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = ConstructorInjectedResolver(Container.config)

                private var $f: SyncThrowingFactory<Config> {
                    _f.projectedValue
                }
                public static var g: Result<Config, any Error> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = ConstructorInjectedResolver(Container.config)

                public static var $g: SyncThrowingFactory<Config> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("async factory, every access level and static")
    func asyncFactory() {
        assertMacro(["ConstructorInjected": ConstructorInjectedAsyncMacro.self]) {
            """
            public final class Example {
                @ConstructorInjected(Container.session) public var a: Task<Session, Never>
                @ConstructorInjected(Container.session) package var b: Task<Session, Never>
                @ConstructorInjected(Container.session) var c: Task<Session, Never>
                @ConstructorInjected(Container.session) internal var d: Task<Session, Never>
                @ConstructorInjected(Container.session) fileprivate var e: Task<Session, Never>
                @ConstructorInjected(Container.session) private var f: Task<Session, Never>
                @ConstructorInjected(Container.session) public static var g: Task<Session, Never>
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

                private let _a = ConstructorInjectedResolver(Container.session)

                public var $a: AsyncFactory<Session> {
                    _a.projectedValue
                }
                package var b: Task<Session, Never> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = ConstructorInjectedResolver(Container.session)

                package var $b: AsyncFactory<Session> {
                    _b.projectedValue
                }
                var c: Task<Session, Never> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = ConstructorInjectedResolver(Container.session)

                var $c: AsyncFactory<Session> {
                    _c.projectedValue
                }
                internal var d: Task<Session, Never> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = ConstructorInjectedResolver(Container.session)

                internal var $d: AsyncFactory<Session> {
                    _d.projectedValue
                }
                fileprivate var e: Task<Session, Never> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = ConstructorInjectedResolver(Container.session)

                fileprivate var $e: AsyncFactory<Session> {
                    _e.projectedValue
                }
                private var f: Task<Session, Never> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = ConstructorInjectedResolver(Container.session)

                private var $f: AsyncFactory<Session> {
                    _f.projectedValue
                }
                public static var g: Task<Session, Never> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = ConstructorInjectedResolver(Container.session)

                public static var $g: AsyncFactory<Session> {
                    _g.projectedValue
                }
            }
            """
        }
    }

    @Test("asyncThrowing factory, every access level and static")
    func asyncThrowingFactory() {
        assertMacro(["ConstructorInjected": ConstructorInjectedAsyncThrowingMacro.self]) {
            """
            public final class Example {
                @ConstructorInjected(Container.database) public var a: Task<Database, any Error>
                @ConstructorInjected(Container.database) package var b: Task<Database, any Error>
                @ConstructorInjected(Container.database) var c: Task<Database, any Error>
                @ConstructorInjected(Container.database) internal var d: Task<Database, any Error>
                @ConstructorInjected(Container.database) fileprivate var e: Task<Database, any Error>
                @ConstructorInjected(Container.database) private var f: Task<Database, any Error>
                @ConstructorInjected(Container.database) public static var g: Task<Database, any Error>
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

                private let _a = ConstructorInjectedResolver(Container.database)

                public var $a: AsyncThrowingFactory<Database> {
                    _a.projectedValue
                }
                package var b: Task<Database, any Error> {
                    get {
                        _b.wrappedValue
                    }
                }

                private let _b = ConstructorInjectedResolver(Container.database)

                package var $b: AsyncThrowingFactory<Database> {
                    _b.projectedValue
                }
                var c: Task<Database, any Error> {
                    get {
                        _c.wrappedValue
                    }
                }

                private let _c = ConstructorInjectedResolver(Container.database)

                var $c: AsyncThrowingFactory<Database> {
                    _c.projectedValue
                }
                internal var d: Task<Database, any Error> {
                    get {
                        _d.wrappedValue
                    }
                }

                private let _d = ConstructorInjectedResolver(Container.database)

                internal var $d: AsyncThrowingFactory<Database> {
                    _d.projectedValue
                }
                fileprivate var e: Task<Database, any Error> {
                    get {
                        _e.wrappedValue
                    }
                }

                private let _e = ConstructorInjectedResolver(Container.database)

                fileprivate var $e: AsyncThrowingFactory<Database> {
                    _e.projectedValue
                }
                private var f: Task<Database, any Error> {
                    get {
                        _f.wrappedValue
                    }
                }

                private let _f = ConstructorInjectedResolver(Container.database)

                private var $f: AsyncThrowingFactory<Database> {
                    _f.projectedValue
                }
                public static var g: Task<Database, any Error> {
                    get {
                        _g.wrappedValue
                    }
                }

                private static let _g = ConstructorInjectedResolver(Container.database)

                public static var $g: AsyncThrowingFactory<Database> {
                    _g.projectedValue
                }
            }
            """
        }
    }
}
