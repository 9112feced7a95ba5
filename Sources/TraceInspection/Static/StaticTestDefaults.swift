/// A `TestDefaults` or `TestDefault` value the sources declare, with the other sets it includes.
///
/// Its own test doubles are the ``StaticRegistration``s whose ``StaticRegistration/defaults`` is
/// ``name``. A set written inline (`withTestContainer(defaults: TestDefaults { … })`) gets a name
/// made from its site.
///
/// ```swift
/// extension TestDefaults {
///     static let insightsUI = TestDefaults { .llmEngine; TestDefault { … } }   // includes ["llmEngine"]
/// }
/// ```
public struct StaticTestDefaults: Sendable, Equatable {
    /// The name other code refers to it by: the property name (`insightsUI`), or `<inline File.swift:12>`.
    public var name: String
    /// The `#fileID` of the declaration.
    public var file: String
    /// The line of the declaration.
    public var line: Int
    /// Names of the sets listed inside it (`.llmEngine`, `loggerDefault`), in order.
    public var includes: [String]

    /// Creates a declaration.
    ///
    /// The scanner makes these.
    ///
    /// ```swift
    /// let d = StaticTestDefaults(name: "insightsUI", file: "InsightsUI/TestDefaults.swift", line: 9, includes: ["llmEngine"])
    /// ```
    public init(name: String, file: String, line: Int, includes: [String] = []) {
        self.name = name
        self.file = file
        self.line = line
        self.includes = includes
    }
}
