/// How reports, exported spans and live spans name a factory whose type is known.
///
/// The property it is declared as when known, with the type; else the type and its `name:`; else the type.
///
/// ```swift
/// FactoryDisplayName.make(type: "any Clock", name: nil, property: "Container.clock")   // Container.clock (any Clock)
/// FactoryDisplayName.make(type: "any Clock", name: "fast", property: nil)              // any Clock "fast"
/// ```
package enum FactoryDisplayName {
    /// The display name of a factory of `type`, with its optional `name:` and declaring `property`.
    package static func make(type: String, name: String?, property: String?) -> String {
        if let property { return "\(property) (\(type))" }
        if let name { return "\(type) \"\(name)\"" }
        return type
    }
}
