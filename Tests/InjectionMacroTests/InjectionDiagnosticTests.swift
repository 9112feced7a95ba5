import InjectionMacroExpansion
import MacroTesting
import Testing

/// Diagnostic snapshots (with Fix-Its) for every misuse of the injection macros.
@Suite("Injection macro diagnostics")
struct InjectionDiagnosticTests {
    @Test("a let gets letProperty with a Fix-It to var")
    func letProperty() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.logger) let logger: any Logger
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.logger) let logger: any Logger
                                            ┬──
                                            ╰─ 🛑 '@Injected' requires a 'var'; the macro turns the property into a getter
                                               ✏️ Replace 'let' with 'var'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger
            }
            """
        } expansion: {
            """
            final class Example {
                var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = InjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("a computed property gets computedProperty with a Fix-It removing the accessors")
    func computedProperty() {
        assertMacro(["LazyInjected": LazyInjectedSyncMacro.self]) {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger { ConsoleLogger() }
            }
            """
        } diagnostics: {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger { ConsoleLogger() }
                                                                       ┬──────────────────
                                                                       ╰─ 🛑 '@LazyInjected' cannot be applied to a property with accessors; the macro generates the getter
                                                                          ✏️ Remove the accessors
            }
            """
        } fixes: {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger
            }
            """
        } expansion: {
            """
            final class Example {
                var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = LazyInjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("property observers get computedProperty too")
    func observers() {
        assertMacro(["ConstructorInjected": ConstructorInjectedSyncMacro.self]) {
            """
            final class Example {
                @ConstructorInjected(Container.logger) var logger: any Logger {
                    didSet { print("changed") }
                }
            }
            """
        } diagnostics: {
            """
            final class Example {
                @ConstructorInjected(Container.logger) var logger: any Logger {
                                                                              ╰─ 🛑 '@ConstructorInjected' cannot be applied to a property with accessors; the macro generates the getter
                                                                                 ✏️ Remove the accessors
                    didSet { print("changed") }
                }
            }
            """
        } fixes: {
            """
            final class Example {
                @ConstructorInjected(Container.logger) var logger: any Logger
            }
            """
        } expansion: {
            """
            final class Example {
                var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = ConstructorInjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("a missing type annotation gets missingTypeAnnotation naming the expected type")
    func missingTypeAnnotation() {
        assertMacro(["Injected": InjectedAsyncThrowingMacro.self]) {
            """
            final class Example {
                @Injected(Container.database) var database
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.database) var database
                                                  ┬───────
                                                  ╰─ 🛑 '@Injected' requires an explicit type annotation; with an async throwing factory write 'Task<T, any Error>'
            }
            """
        }
    }

    @Test("a throwing factory with a plain type gets a Fix-It to Result<T, any Error>")
    func throwingFactoryPlainType() {
        assertMacro(["Injected": InjectedSyncThrowingMacro.self]) {
            """
            final class Example {
                @Injected(Container.config) var config: Config
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.config) var config: Config
                                                        ┬─────
                                                        ╰─ 🛑 '@Injected' with a throwing factory needs a property of type 'Result<T, any Error>', not 'Config'
                                                           ✏️ Change the type to 'Result<Config, any Error>'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.config) var config: Result<Config, any Error>
            }
            """
        } expansion: {
            """
            final class Example {
                var config: Result<Config, any Error> {
                    get {
                        _config.wrappedValue
                    }
                }

                private let _config = InjectedResolver(Container.config)

                var $config: SyncThrowingFactory<Config> {
                    _config.projectedValue
                }
            }
            """
        }
    }

    @Test("a throwing factory with a typed Result failure gets a Fix-It to any Error")
    func throwingFactoryTypedFailure() {
        assertMacro(["LazyInjected": LazyInjectedSyncThrowingMacro.self]) {
            """
            final class Example {
                @LazyInjected(Container.config) var config: Result<Config, ConfigError>
            }
            """
        } diagnostics: {
            """
            final class Example {
                @LazyInjected(Container.config) var config: Result<Config, ConfigError>
                                                            ┬──────────────────────────
                                                            ╰─ 🛑 '@LazyInjected' with a throwing factory needs a property of type 'Result<T, any Error>', not 'Result<Config, ConfigError>'
                                                               ✏️ Change the type to 'Result<Config, any Error>'
            }
            """
        } fixes: {
            """
            final class Example {
                @LazyInjected(Container.config) var config: Result<Config, any Error>
            }
            """
        } expansion: {
            """
            final class Example {
                var config: Result<Config, any Error> {
                    get {
                        _config.wrappedValue
                    }
                }

                private let _config = LazyInjectedResolver(Container.config)

                var $config: SyncThrowingFactory<Config> {
                    _config.projectedValue
                }
            }
            """
        }
    }

    @Test("an async factory with a plain type gets a Fix-It to Task<T, Never>")
    func asyncFactoryPlainType() {
        assertMacro(["Injected": InjectedAsyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.session) var session: Session
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.session) var session: Session
                                                          ┬──────
                                                          ╰─ 🛑 '@Injected' with an async factory needs a property of type 'Task<T, Never>', not 'Session'
                                                             ✏️ Change the type to 'Task<Session, Never>'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.session) var session: Task<Session, Never>
            }
            """
        } expansion: {
            """
            final class Example {
                var session: Task<Session, Never> {
                    get {
                        _session.wrappedValue
                    }
                }

                private let _session = InjectedResolver(Container.session)

                var $session: AsyncFactory<Session> {
                    _session.projectedValue
                }
            }
            """
        }
    }

    @Test("an async factory with a throwing Task gets a Fix-It to Never")
    func asyncFactoryThrowingTask() {
        assertMacro(["ConstructorInjected": ConstructorInjectedAsyncMacro.self]) {
            """
            final class Example {
                @ConstructorInjected(Container.session) var session: Task<Session, any Error>
            }
            """
        } diagnostics: {
            """
            final class Example {
                @ConstructorInjected(Container.session) var session: Task<Session, any Error>
                                                                     ┬───────────────────────
                                                                     ╰─ 🛑 '@ConstructorInjected' with an async factory needs a property of type 'Task<T, Never>', not 'Task<Session, any Error>'
                                                                        ✏️ Change the type to 'Task<Session, Never>'
            }
            """
        } fixes: {
            """
            final class Example {
                @ConstructorInjected(Container.session) var session: Task<Session, Never>
            }
            """
        } expansion: {
            """
            final class Example {
                var session: Task<Session, Never> {
                    get {
                        _session.wrappedValue
                    }
                }

                private let _session = ConstructorInjectedResolver(Container.session)

                var $session: AsyncFactory<Session> {
                    _session.projectedValue
                }
            }
            """
        }
    }

    @Test("an async factory with a Result gets a Fix-It to Task<T, Never>")
    func asyncFactoryResult() {
        assertMacro(["LazyInjected": LazyInjectedAsyncMacro.self]) {
            """
            final class Example {
                @LazyInjected(Container.session) var session: Result<Session, any Error>
            }
            """
        } diagnostics: {
            """
            final class Example {
                @LazyInjected(Container.session) var session: Result<Session, any Error>
                                                              ┬─────────────────────────
                                                              ╰─ 🛑 '@LazyInjected' with an async factory needs a property of type 'Task<T, Never>', not 'Result<Session, any Error>'
                                                                 ✏️ Change the type to 'Task<Session, Never>'
            }
            """
        } fixes: {
            """
            final class Example {
                @LazyInjected(Container.session) var session: Task<Session, Never>
            }
            """
        } expansion: {
            """
            final class Example {
                var session: Task<Session, Never> {
                    get {
                        _session.wrappedValue
                    }
                }

                private let _session = LazyInjectedResolver(Container.session)

                var $session: AsyncFactory<Session> {
                    _session.projectedValue
                }
            }
            """
        }
    }

    @Test("an async throwing factory with a non-throwing Task gets a Fix-It to any Error")
    func asyncThrowingFactoryNeverTask() {
        assertMacro(["Injected": InjectedAsyncThrowingMacro.self]) {
            """
            final class Example {
                @Injected(Container.database) var database: Task<Database, Never>
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.database) var database: Task<Database, Never>
                                                            ┬────────────────────
                                                            ╰─ 🛑 '@Injected' with an async throwing factory needs a property of type 'Task<T, any Error>', not 'Task<Database, Never>'
                                                               ✏️ Change the type to 'Task<Database, any Error>'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.database) var database: Task<Database, any Error>
            }
            """
        } expansion: {
            """
            final class Example {
                var database: Task<Database, any Error> {
                    get {
                        _database.wrappedValue
                    }
                }

                private let _database = InjectedResolver(Container.database)

                var $database: AsyncThrowingFactory<Database> {
                    _database.projectedValue
                }
            }
            """
        }
    }

    @Test("an async throwing factory with a plain optional type gets a Fix-It to Task<T?, any Error>")
    func asyncThrowingFactoryPlainOptional() {
        assertMacro(["ConstructorInjected": ConstructorInjectedAsyncThrowingMacro.self]) {
            """
            final class Example {
                @ConstructorInjected(Container.database) var database: Database?
            }
            """
        } diagnostics: {
            """
            final class Example {
                @ConstructorInjected(Container.database) var database: Database?
                                                                       ┬────────
                                                                       ╰─ 🛑 '@ConstructorInjected' with an async throwing factory needs a property of type 'Task<T, any Error>', not 'Database?'
                                                                          ✏️ Change the type to 'Task<Database?, any Error>'
            }
            """
        } fixes: {
            """
            final class Example {
                @ConstructorInjected(Container.database) var database: Task<Database?, any Error>
            }
            """
        } expansion: {
            """
            final class Example {
                var database: Task<Database?, any Error> {
                    get {
                        _database.wrappedValue
                    }
                }

                private let _database = ConstructorInjectedResolver(Container.database)

                var $database: AsyncThrowingFactory<Database?> {
                    _database.projectedValue
                }
            }
            """
        }
    }

    @Test("several bindings are rejected by the macro system before the macro runs")
    func multipleBindings() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger, other: any Logger
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger, other: any Logger
                ┬────────────────────────────────────────────────────────────────────
                ├─ 🛑 accessor macro can only be applied to a single variable
                ╰─ 🛑 peer macro can only be applied to a single variable
            }
            """
        }
    }

    @Test("a tuple pattern gets multipleBindings")
    func tuplePattern() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.pair) var (first, second): (Int, Int)
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.pair) var (first, second): (Int, Int)
                                              ┬──────────────────────────
                                              ╰─ 🛑 '@Injected' can only be applied to a declaration with a single property; declare each property separately
            }
            """
        }
    }

    @Test("an initial value gets initialValue with a Fix-It removing it")
    func initialValue() {
        assertMacro(["LazyInjected": LazyInjectedSyncMacro.self]) {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger = ConsoleLogger()
            }
            """
        } diagnostics: {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger = ConsoleLogger()
                                                                       ┬────────────────
                                                                       ╰─ 🛑 '@LazyInjected' property cannot have an initial value; the factory provides it
                                                                          ✏️ Remove the initial value
            }
            """
        } fixes: {
            """
            final class Example {
                @LazyInjected(Container.logger) var logger: any Logger
            }
            """
        } expansion: {
            """
            final class Example {
                var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = LazyInjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("an opaque type gets opaqueType with a Fix-It to any")
    func opaqueType() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.logger) var logger: some Logger
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.logger) var logger: some Logger
                                                        ┬──────────
                                                        ╰─ 🛑 '@Injected' cannot infer an opaque 'some' type; spell the dependency type (for a protocol, 'any P')
                                                           ✏️ Replace 'some' with 'any'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger
            }
            """
        } expansion: {
            """
            final class Example {
                var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private let _logger = InjectedResolver(Container.logger)

                var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("an instance property in an extension gets storedPropertyNotAllowed with a Fix-It to static")
    func extensionInstanceProperty() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            extension Example {
                @Injected(Container.logger) var logger: any Logger
            }
            """
        } diagnostics: {
            """
            extension Example {
                @Injected(Container.logger) var logger: any Logger
                                            ┬──
                                            ╰─ 🛑 '@Injected' needs stored storage, which an extension cannot have; make the property 'static'
                                               ✏️ Make the property 'static'
            }
            """
        } fixes: {
            """
            extension Example {
                @Injected(Container.logger) static var logger: any Logger
            }
            """
        } expansion: {
            """
            extension Example {
                static var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private static let _logger = InjectedResolver(Container.logger)

                static var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("an instance property in an enum gets storedPropertyNotAllowed")
    func enumInstanceProperty() {
        assertMacro(["ConstructorInjected": ConstructorInjectedSyncMacro.self]) {
            """
            enum Example {
                @ConstructorInjected(Container.logger) private var logger: any Logger
            }
            """
        } diagnostics: {
            """
            enum Example {
                @ConstructorInjected(Container.logger) private var logger: any Logger
                                                               ┬──
                                                               ╰─ 🛑 '@ConstructorInjected' needs stored storage, which an enum cannot have; make the property 'static'
                                                                  ✏️ Make the property 'static'
            }
            """
        } fixes: {
            """
            enum Example {
                @ConstructorInjected(Container.logger) private static var logger: any Logger
            }
            """
        } expansion: {
            """
            enum Example {
                private static var logger: any Logger {
                    get {
                        _logger.wrappedValue
                    }
                }

                private static let _logger = ConstructorInjectedResolver(Container.logger)

                private static var $logger: SyncFactory<any Logger> {
                    _logger.projectedValue
                }
            }
            """
        }
    }

    @Test("a static property in a generic type gets staticInGenericType")
    func staticInGenericType() {
        assertMacro(["LazyInjected": LazyInjectedSyncMacro.self]) {
            """
            final class Example<Element> {
                @LazyInjected(Container.logger) static var logger: any Logger
            }
            """
        } diagnostics: {
            """
            final class Example<Element> {
                @LazyInjected(Container.logger) static var logger: any Logger
                                                       ┬──
                                                       ╰─ 🛑 '@LazyInjected' cannot be applied to a 'static' property of a generic type, which cannot have static stored properties
            }
            """
        }
    }

    @Test("a function gets notAProperty")
    func notAProperty() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.logger) func logger() {}
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.logger) func logger() {}
                ┬──────────────────────────
                ╰─ 🛑 '@Injected' can only be applied to a 'var' property
            }
            """
        }
    }

    @Test("a labeled or missing factory argument gets invalidFactoryArgument")
    func invalidFactoryArgument() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(factory: Container.logger) var logger: any Logger
                @Injected var other: any Logger
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(factory: Container.logger) var logger: any Logger
                ┬───────────────────────────────────
                ╰─ 🛑 '@Injected' takes exactly one unlabeled factory argument, as in '@Injected(Container.logger)'
                @Injected var other: any Logger
                ┬────────
                ╰─ 🛑 '@Injected' takes exactly one unlabeled factory argument, as in '@Injected(Container.logger)'
            }
            """
        }
    }

    @Test("every problem of one declaration is reported at once, and all Fix-Its apply together")
    func severalProblems() {
        assertMacro(["Injected": InjectedSyncThrowingMacro.self]) {
            """
            final class Example {
                @Injected(Container.config) public let config: Config = Config()
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.config) public let config: Config = Config()
                                                                      ┬─────────
                                                   │           │      ╰─ 🛑 '@Injected' property cannot have an initial value; the factory provides it
                                                   │           │         ✏️ Remove the initial value
                                                               ┬─────
                                                   │           ╰─ 🛑 '@Injected' with a throwing factory needs a property of type 'Result<T, any Error>', not 'Config'
                                                   │              ✏️ Change the type to 'Result<Config, any Error>'
                                                   ┬──
                                                   ╰─ 🛑 '@Injected' requires a 'var'; the macro turns the property into a getter
                                                      ✏️ Replace 'let' with 'var'
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.config) public var config: Config
            }
            """
        }
    }

    @Test("a let in an extension gets both Fix-Its")
    func letInExtension() {
        assertMacro(["LazyInjected": LazyInjectedAsyncMacro.self]) {
            """
            extension Example {
                @LazyInjected(Container.session) let session: Session
            }
            """
        } diagnostics: {
            """
            extension Example {
                @LazyInjected(Container.session) let session: Session
                                                              ┬──────
                                                 │            ╰─ 🛑 '@LazyInjected' with an async factory needs a property of type 'Task<T, Never>', not 'Session'
                                                 │               ✏️ Change the type to 'Task<Session, Never>'
                                                 ┬──
                                                 ├─ 🛑 '@LazyInjected' requires a 'var'; the macro turns the property into a getter
                                                 │  ✏️ Replace 'let' with 'var'
                                                 ╰─ 🛑 '@LazyInjected' needs stored storage, which an extension cannot have; make the property 'static'
                                                    ✏️ Make the property 'static'
            }
            """
        } fixes: {
            """
            extension Example {
                @LazyInjected(Container.session) static var session: Task<Session, Never>
            }
            """
        } expansion: {
            """
            extension Example {
                static var session: Task<Session, Never> {
                    get {
                        _session.wrappedValue
                    }
                }

                private static let _session = LazyInjectedResolver(Container.session)

                static var $session: AsyncFactory<Session> {
                    _session.projectedValue
                }
            }
            """
        }
    }

    @Test("a property with an initial value and observers gets both Fix-Its")
    func initialValueAndObservers() {
        assertMacro(["Injected": InjectedSyncMacro.self]) {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger = ConsoleLogger() {
                    willSet { print(newValue) }
                }
            }
            """
        } diagnostics: {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger = ConsoleLogger() {
                                                                   │                 ╰─ 🛑 '@Injected' cannot be applied to a property with accessors; the macro generates the getter
                                                                   │                    ✏️ Remove the accessors
                                                                   ┬────────────────
                                                                   ╰─ 🛑 '@Injected' property cannot have an initial value; the factory provides it
                                                                      ✏️ Remove the initial value
                    willSet { print(newValue) }
                }
            }
            """
        } fixes: {
            """
            final class Example {
                @Injected(Container.logger) var logger: any Logger = ConsoleLogger()
            }
            """
        }
    }
}
