/// The first line of a trace: which process wrote it and when.
///
/// Every `di-trace` file starts with this header; ``TraceReader`` checks its `format`
/// and `version` before reading any event. The runtime records the executable and how many arguments it had;
/// the arguments themselves only when the process ran with `DI_INSPECT_TRACE_ARGUMENTS=1`, since they can hold
/// secrets.
///
/// ```swift
/// let trace = try TraceReader.read(path: "app.ditrace").trace
/// print(trace.header.executable, trace.header.pid, trace.header.argumentCount ?? 0)
/// ```
public struct TraceHeader: Sendable, Equatable {
    /// The trace format version; this reader understands `1`.
    public var version: Int
    /// The process id of the recording process.
    public var pid: Int
    /// `argv[0]` of the recording process.
    public var executable: String
    /// How many arguments followed `argv[0]`, when the trace says.
    public var argumentCount: Int?
    /// The rest of `argv`, only when the trace recorded it (`DI_INSPECT_TRACE_ARGUMENTS=1`).
    public var arguments: [String]?
    /// The wall-clock start of the recording, ISO 8601 UTC.
    public var startTime: String

    /// Creates a header.
    ///
    /// All times in the trace are nanoseconds since this header's moment. `argumentCount` defaults to the number
    /// of `arguments` when they are given.
    ///
    /// ```swift
    /// let header = TraceHeader(pid: 1, executable: "/app/App", argumentCount: 2)
    /// ```
    public init(
        version: Int = 1, pid: Int, executable: String, argumentCount: Int? = nil, arguments: [String]? = nil,
        startTime: String = "1970-01-01T00:00:00Z"
    ) {
        self.version = version
        self.pid = pid
        self.executable = executable
        self.argumentCount = argumentCount ?? arguments?.count
        self.arguments = arguments
        self.startTime = startTime
    }
}
