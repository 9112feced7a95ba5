/// Turns trace recording on and off from code; `DI_INSPECT_TRACE=<path>` does the same from outside.
///
/// While recording, the runtime writes every factory declaration, registration change, container,
/// resolution (with its parent, outcome and duration) and problem to a JSON Lines trace that
/// `di-inspect` reads. Each recording thread formats its own lines into a buffer of its own; a background
/// thread writes the full buffers to the file, so a resolving thread never waits for a write.
///
/// ```swift
/// try TraceRecording.start(path: "app.ditrace")
/// _ = Container.checkout()
/// TraceRecording.stop()           // writes the final line and closes the file
///
/// TraceRecording.startInMemory()
/// _ = Container.checkout()
/// let jsonLines = TraceRecording.snapshot() // the trace so far, as text
/// ```
public enum TraceRecording {
    /// Starts recording to a file, replacing any recording in progress.
    ///
    /// `%p` in `path` becomes the process id (`%%` is a `%`), and a `path` that ends with `/` or names a directory
    /// gets one file per process inside it (`<executable>-<pid>.ditrace`). With either, a process that forks
    /// records the child into the child's own file; otherwise the child stops recording. New files get mode 0600.
    /// The header holds the executable and the number of arguments; the arguments themselves only when the
    /// environment has `DI_INSPECT_TRACE_ARGUMENTS=1`.
    ///
    /// - Throws: ``TraceRecordingError`` when the file cannot be created or its header cannot be written, and when
    ///   the path is a symbolic link, a directory (without the trailing `/`), a FIFO, a device or a socket, or an
    ///   existing file that is another user's or neither empty nor a trace.
    public static func start(path: String) throws(TraceRecordingError) {
        _ = Instrumentation.bootstrap
        Instrumentation.startSession(try TraceSession.openFile(path))
    }

    /// Starts recording into memory, replacing any recording in progress; read it with ``snapshot()``.
    public static func startInMemory() {
        _ = Instrumentation.bootstrap
        Instrumentation.startSession(TraceSession.inMemory())
    }

    /// Stops recording: writes what is buffered and the final `end` line, and closes the file.
    public static func stop() {
        Instrumentation.stopSession()
    }

    /// Whether a recording is in progress.
    public static var isRecording: Bool { Instrumentation.session != nil }

    /// The trace recorded in memory so far, as JSON Lines (header first); empty unless ``startInMemory()`` was used.
    public static func snapshot() -> String {
        guard let session = Instrumentation.session else { return "" }
        return String(decoding: session.memoryContents(), as: UTF8.self)
    }

    /// Writes out every buffered event now (normally done every few milliseconds and at exit).
    public static func flush() {
        Instrumentation.session?.drain()
    }
}

/// A trace file could not be opened.
///
/// ```swift
/// do { try TraceRecording.start(path: "/dev/full") }
/// catch { print(error) } // Cannot record a trace to /dev/full: it is a character device, not a regular file; …
/// ```
public struct TraceRecordingError: Error, CustomStringConvertible, Sendable {
    /// The path that could not be opened.
    public let path: String
    /// Why, as the system said it.
    public let reason: String

    /// A sentence naming the file and the reason.
    public var description: String { "Cannot record a trace to \(path): \(reason)." }
}
