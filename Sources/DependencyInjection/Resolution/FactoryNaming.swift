/// Names factories in the runtime's messages by the property they are declared as (`Container.calendarStore`),
/// when the testing library has read a `di-inspect scan` result (the runtime itself knows only the type and the
/// declaration site).
///
/// ```swift
/// FactoryNaming.install { fileID, line in fileID == "App/Container+App.swift" && line == 12 ? "Container.clock" : nil }
/// ```
package enum FactoryNaming {
    /// The property declared at `fileID:line` (`#fileID`, `#line` of the `static let`), or nil if unknown.
    package typealias Lookup = @Sendable (_ fileID: String, _ line: UInt) -> String?

    private static let lookup = LockedState<Lookup?>(nil)

    /// Installs the lookup (the last installed wins; nil removes it).
    package static func install(_ newLookup: Lookup?) {
        lookup.withLock { $0 = newLookup }
    }

    /// The property `factory` is declared as, if the installed lookup knows it.
    static func property(of factory: FactoryMetadata) -> String? {
        guard let current = lookup.withLock({ $0 }) else { return nil }
        return current(factory.file, factory.line)
    }
}

extension FactoryMetadata {
    /// How a message names this factory: ``displayName``, led by its property when a scan names it:
    /// `Container.clock: any Clock (App/Clock.swift:3)`.
    var messageName: String {
        guard let property = FactoryNaming.property(of: self) else { return displayName }
        if let name { return "\(property) \"\(name)\": \(typeName) (\(file):\(line))" }
        return "\(property): \(typeName) (\(file):\(line))"
    }
}
