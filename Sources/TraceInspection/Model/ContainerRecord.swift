public import TraceVocabulary

/// A container created in the traced process (a `container` event).
///
/// The default container is always id `1`; test and nested containers have a parent.
///
/// ```swift
/// for container in trace.containers where container.kind == .test {
///     print(container.test ?? container.function)
/// }
/// ```
public struct ContainerRecord: Sendable, Equatable {
    /// What created the container.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// container.kind == .test
    /// ```
    public typealias Kind = TraceContainerKind

    /// The container id.
    public var id: Int
    /// What created the container.
    public var kind: Kind
    /// The parent container, `nil` only for the default container.
    public var parent: Int?
    /// The `#fileID` of the call that created it.
    public var file: String
    /// The line of the call that created it.
    public var line: Int
    /// The function that created it.
    public var function: String
    /// The test's name, when known.
    public var test: String?
    /// When the container was created.
    public var time: UInt64
    /// When the container's block returned, if the trace saw it.
    public var endTime: UInt64?

    /// Creates a container record.
    ///
    /// Records are normally made by ``TraceReader``.
    ///
    /// ```swift
    /// let c = ContainerRecord(id: 1, kind: .default, parent: nil, file: "App/main.swift", line: 1, function: "main()")
    /// ```
    public init(
        id: Int, kind: Kind, parent: Int?, file: String, line: Int, function: String,
        test: String? = nil, time: UInt64 = 0, endTime: UInt64? = nil
    ) {
        self.id = id
        self.kind = kind
        self.parent = parent
        self.file = file
        self.line = line
        self.function = function
        self.test = test
        self.time = time
        self.endTime = endTime
    }

    /// Where the container was created, as `file:line`.
    ///
    /// Reports print this next to the container id.
    ///
    /// ```swift
    /// container.site   // "AppTests/OrderTests.swift:10"
    /// ```
    public var site: String { "\(file):\(line)" }
}
