/// Type names as people write them: `any Logger` for an existential, which `String(describing:)` prints
/// as plain `Logger` on some platforms.
enum TypeName {
    /// Metadata kinds from the Swift ABI (`MetadataKind.def`): existential, existential metatype.
    private static let existentialKind = 0x303

    static func of(_ type: Any.Type) -> String {
        // `(any Logger)?` prints as `Optional<Logger>`; name the wrapped type the same way.
        if let optional = type as? any OptionalTypeName.Type {
            return "Optional<\(of(optional.wrappedType))>"
        }
        let described = String(describing: type)
        guard isExistential(type), !described.hasPrefix("any "), described != "Any", described != "AnyObject" else {
            return described
        }
        return "any \(described)"
    }

    private static func isExistential(_ type: Any.Type) -> Bool {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return metadata.load(as: Int.self) == existentialKind
    }
}

/// Lets ``TypeName`` see the type an optional wraps.
private protocol OptionalTypeName {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalTypeName {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
