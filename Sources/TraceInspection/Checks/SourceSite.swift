/// A labelled place in the traced program's source, such as "registered at AppTests/OrderTests.swift:14".
///
/// Problems carry these so every report can point people at code.
///
/// ```swift
/// let site = SourceSite(label: "registered at", file: "AppTests/OrderTests.swift", line: 14)
/// print(site)   // "registered at AppTests/OrderTests.swift:14"
/// ```
public struct SourceSite: Sendable, Equatable, CustomStringConvertible {
    /// What happened at the site ("resolved from", "registered at", …).
    public var label: String
    /// The `#fileID` of the site.
    public var file: String
    /// The line of the site.
    public var line: Int
    /// The function at the site, when known.
    public var function: String?

    /// Creates a site.
    ///
    /// `function` is printed after the location when given.
    ///
    /// ```swift
    /// SourceSite(label: "resolved from", file: "App/main.swift", line: 20, function: "main()")
    /// ```
    public init(label: String, file: String, line: Int, function: String? = nil) {
        self.label = label
        self.file = file
        self.line = line
        self.function = function
    }

    /// `label file:line`, plus ` in function` when known.
    ///
    /// The form every text report prints.
    ///
    /// ```swift
    /// site.description   // "resolved from App/main.swift:20 in main()"
    /// ```
    public var description: String {
        if let function { return "\(label) \(file):\(line) in \(function)" }
        return "\(label) \(file):\(line)"
    }
}
