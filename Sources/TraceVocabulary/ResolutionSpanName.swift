/// The operation name of a resolution span: `resolve ` and the factory as reports name it.
///
/// ```swift
/// ResolutionSpanName.make(FactoryDisplayName.make(type: "any Clock", name: "fast", property: nil))
/// // resolve any Clock "fast"
/// ```
package enum ResolutionSpanName {
    /// The span name of a resolution of the factory reports call `displayName`.
    package static func make(_ displayName: String) -> String { "resolve " + displayName }
}
