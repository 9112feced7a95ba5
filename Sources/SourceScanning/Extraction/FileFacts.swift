internal import TraceInspection

/// What one file shows, with factory references still as written (`Container.clock`); ``ScanLinker``
/// resolves them across files.
struct FileFacts: Sendable {
    /// A reference to a factory as written: `Container.clock`, `Self.clock` or a bare `clock`.
    struct Reference: Sendable, Equatable {
        /// The text before the last dot (`Container`), `nil` for `Self.x` and a bare `x`.
        var base: String?
        /// The property name.
        var name: String
        /// The type whose body holds the reference, for `Self.x` and a bare `x`.
        var enclosingType: String?
        /// The line of the reference.
        var line: Int
    }

    /// A `static let x = Factory { … }` declaration.
    struct Factory: Sendable {
        /// The type or extension holding it, as written (`Container`); `nil` at the top level.
        var owner: String?
        var property: String
        var type: String?
        var name: String?
        var scope: FactoryRecord.Scope
        var kind: FactoryRecord.Kind
        /// The line the runtime records (`#line` of the `Factory(` call).
        var line: Int
        /// Factory calls in the resolver's closure.
        var calls: [Reference]
        /// Types the resolver's closure constructs (`ChatViewModel(…)`).
        var constructed: [String]
    }

    /// An `@Injected`/`@LazyInjected`/`@ConstructorInjected(Container.x)` property of a type.
    struct Injection: Sendable {
        /// The simple name of the type holding the property.
        var typeName: String
        var reference: Reference
    }

    /// A `register`, `useProduction`, `popRegistration` or `testValue` call.
    struct Registration: Sendable {
        var action: RegistrationRecord.Action
        var reference: Reference
        /// The line the runtime records for the call.
        var line: Int
        /// The index (in ``FileFacts/contexts``) of the test context holding the call.
        var context: Int?
        /// The `TestDefaults`/`TestDefault` holding a `testValue`.
        var defaults: String?
    }

    /// A test container the file makes (see ``StaticTestContext``).
    struct Context: Sendable {
        var kind: StaticTestContext.Kind
        var line: Int
        var function: String
        var test: String?
        /// The index of the enclosing context in ``FileFacts/contexts``.
        var parent: Int?
        var defaults: [String]
        var customUnregisteredBehavior: Bool
        var calls: [Reference] = []
        var constructed: [String] = []
    }

    var file: SourceFile
    /// Whether the file could be read at all.
    var wasRead = true
    /// Modules the file imports (to tell apart factories of the same name in two modules).
    var imports: Set<String> = []
    var factories: [Factory] = []
    var injections: [Injection] = []
    var registrations: [Registration] = []
    var defaults: [StaticTestDefaults] = []
    var contexts: [Context] = []
    var warnings: [String] = []
}
