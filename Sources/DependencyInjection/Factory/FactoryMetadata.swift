internal import Synchronization

/// What a factory is, independent of its dependency type: its identity for diagnostics and traces.
///
/// Created once per declaration. `#fileID` gives the module (`Module/File.swift`), so traces can
/// group factories by module without any registration step.
@usableFromInline
class FactoryMetadata: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type, or an `Atomic`.

    private static let nextID = Atomic<UInt64>(1)

    /// Unique for the life of the process (never reused, unlike an object address).
    @usableFromInline
    let id: UInt64
    let kind: FactoryKind
    @usableFromInline
    let scope: Scope
    let name: String?
    let fileID: StaticString
    let line: UInt
    let dependencyType: Any.Type
    /// The trace session in which this factory's `factory` event was last written.
    let announcedSession = Atomic<UInt64>(0)

    init(kind: FactoryKind, scope: Scope, name: String?, fileID: StaticString, line: UInt, dependencyType: Any.Type) {
        self.id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.kind = kind
        self.scope = scope
        self.name = name
        self.fileID = fileID
        self.line = line
        self.dependencyType = dependencyType
    }

    /// The dependency type as it is written in Swift: `any Logger`, `Array<Int>`, `Optional<any Logger>`.
    var typeName: String { TypeName.of(dependencyType) }

    /// `Module/File.swift`.
    var file: String { fileID.description }

    /// The module part of `#fileID`.
    var module: String {
        let file = self.file
        guard let slash = file.firstIndex(of: "/") else { return file }
        return String(file[..<slash])
    }

    /// How people should read this factory in a message: `any Logger (App/Logging.swift:12)`.
    var displayName: String {
        if let name { return "\(name): \(typeName) (\(file):\(line))" }
        return "\(typeName) (\(file):\(line))"
    }

    /// A short label: the name if given, else the type.
    var shortName: String { name ?? typeName }
}
