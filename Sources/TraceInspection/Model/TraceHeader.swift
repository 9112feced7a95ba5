/// The first line of a trace: which process wrote it and when.
///
/// Every `di-trace` file starts with this header; ``TraceReader`` checks its `format`
/// and `version` before reading any event.
///
/// ```swift
/// let trace = try TraceReader.read(path: "app.ditrace").trace
/// print(trace.header.executable, trace.header.pid)
/// ```
public struct TraceHeader: Sendable, Equatable {
    /// The trace format version; this reader understands `1`.
    public var version: Int
    /// The process id of the recording process.
    public var pid: Int
    /// `argv[0]` of the recording process.
    public var executable: String
    /// The rest of `argv`.
    public var arguments: [String]
    /// The wall-clock start of the recording, ISO 8601 UTC.
    public var startTime: String

    /// Creates a header.
    ///
    /// All times in the trace are nanoseconds since this header's moment.
    ///
    /// ```swift
    /// let header = TraceHeader(pid: 1, executable: "/app/App")
    /// ```
    public init(
        version: Int = 1, pid: Int, executable: String, arguments: [String] = [],
        startTime: String = "1970-01-01T00:00:00Z"
    ) {
        self.version = version
        self.pid = pid
        self.executable = executable
        self.arguments = arguments
        self.startTime = startTime
    }
}
