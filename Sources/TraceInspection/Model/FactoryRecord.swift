public import TraceVocabulary

/// A factory declared in the traced process (a `factory` event).
///
/// A factory is one `Factory { … }` declaration. Its ``type`` is the dependency type as
/// Swift prints it, and ``file``/``line`` are where it was declared.
///
/// ```swift
/// for factory in trace.factories {
///     print(factory.type, factory.site)   // any CalendarServicing CalendarService/CalendarService.swift:12
/// }
/// ```
public struct FactoryRecord: Sendable, Equatable {
    /// How long a factory keeps what it creates.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// if factory.scope == .cached { … }
    /// ```
    public typealias Scope = TraceScope

    /// Whether the factory's resolver is synchronous and whether it throws.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// let isAsync = factory.kind == .async || factory.kind == .asyncThrowing
    /// ```
    public typealias Kind = TraceFactoryKind

    /// The factory id, unique within one trace.
    public var id: Int
    /// The dependency type as written, for example `any CalendarServicing`.
    public var type: String
    /// The optional `name:` given to the factory.
    public var name: String?
    /// The module that declared the factory.
    public var module: String
    /// The `#fileID` of the declaration.
    public var file: String
    /// The line of the declaration.
    public var line: Int
    /// The factory's scope.
    public var scope: Scope
    /// The factory's resolver kind.
    public var kind: Kind
    /// When the factory event was written (nanoseconds since the header).
    public var time: UInt64
    /// Whether the trace has a `factory` event for this id.
    ///
    /// `false` for a placeholder made for an id that events refer to but that was never declared
    /// (for example, a trace cut short before the factory event was written).
    public var isDeclared: Bool
    /// The property the factory is declared as (`Container.calendarStore`), known from a source scan.
    ///
    /// `nil` for factories read from a trace, unless a scan was joined to it.
    public var property: String?

    /// Creates a factory record.
    ///
    /// Records are normally made by ``TraceReader``; this initializer lets other tools build a model.
    ///
    /// ```swift
    /// let f = FactoryRecord(id: 1, type: "any Clock", module: "App", file: "App/Clock.swift", line: 3, scope: .cached)
    /// ```
    public init(
        id: Int, type: String, name: String? = nil, module: String, file: String, line: Int,
        scope: Scope, kind: Kind = .sync, time: UInt64 = 0, isDeclared: Bool = true, property: String? = nil
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.module = module
        self.file = file
        self.line = line
        self.scope = scope
        self.kind = kind
        self.time = time
        self.isDeclared = isDeclared
        self.property = property
    }

    /// The declaration site as `file:line`.
    ///
    /// Used in every report that points at a factory.
    ///
    /// ```swift
    /// factory.site   // "App/Clock.swift:3"
    /// ```
    public var site: String { "\(file):\(line)" }

    /// A short human label: the type, and the name in quotes when there is one; with a known
    /// ``property``, the property and the type.
    ///
    /// Reports use this wherever they name a factory.
    ///
    /// ```swift
    /// factory.displayName   // "any Clock \"fast\"", or "Container.clock (any Clock)" after a scan
    /// ```
    public var displayName: String {
        if let property, !isTypeKnown { return property }
        return FactoryDisplayName.make(type: type, name: name, property: property)
    }

    /// The text a scan writes as ``type`` when the sources do not show the dependency type.
    public static let unknownType = "?"

    /// Whether ``type`` names a type (a scan may not know it).
    ///
    /// ```swift
    /// factory.isTypeKnown   // false for a scanned `Factory { try load() }`
    /// ```
    public var isTypeKnown: Bool { type != Self.unknownType }
}
