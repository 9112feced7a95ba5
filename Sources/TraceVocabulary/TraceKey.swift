/// The keys of di-trace lines, written once for the runtime's encoder and di-inspect's reader.
///
/// `StaticString`s behind `@inlinable` properties, so the encoder writes them and the reader's fast path compares
/// bytes with them without a copy or a call. Which event has which keys is in `docs/trace-format.md`.
///
/// ```swift
/// String(describing: TraceKey.nanoseconds)   // "ns"
/// ```
public enum TraceKey {
    // Header
    @inlinable public static var format: StaticString { "format" }
    @inlinable public static var version: StaticString { "version" }
    @inlinable public static var pid: StaticString { "pid" }
    @inlinable public static var executable: StaticString { "executable" }
    @inlinable public static var argumentCount: StaticString { "argumentCount" }
    @inlinable public static var arguments: StaticString { "arguments" }
    @inlinable public static var startTime: StaticString { "startTime" }
    @inlinable public static var clock: StaticString { "clock" }

    // Every event
    @inlinable public static var event: StaticString { "event" }
    /// The time of the event, in nanoseconds since the header's start.
    @inlinable public static var time: StaticString { "t" }

    // Events
    @inlinable public static var id: StaticString { "id" }
    @inlinable public static var type: StaticString { "type" }
    @inlinable public static var name: StaticString { "name" }
    @inlinable public static var module: StaticString { "module" }
    @inlinable public static var file: StaticString { "file" }
    @inlinable public static var line: StaticString { "line" }
    @inlinable public static var scope: StaticString { "scope" }
    @inlinable public static var kind: StaticString { "kind" }
    @inlinable public static var parent: StaticString { "parent" }
    @inlinable public static var function: StaticString { "function" }
    @inlinable public static var test: StaticString { "test" }
    @inlinable public static var action: StaticString { "action" }
    @inlinable public static var factory: StaticString { "factory" }
    @inlinable public static var container: StaticString { "container" }
    @inlinable public static var depth: StaticString { "depth" }
    @inlinable public static var outcome: StaticString { "outcome" }
    @inlinable public static var source: StaticString { "source" }
    @inlinable public static var start: StaticString { "start" }
    /// A resolution's duration in nanoseconds.
    @inlinable public static var nanoseconds: StaticString { "ns" }
    @inlinable public static var thread: StaticString { "thread" }
    /// Present and `true` when a resolution started on the main thread.
    @inlinable public static var mainThread: StaticString { "main" }
    @inlinable public static var resolution: StaticString { "resolution" }
    @inlinable public static var path: StaticString { "path" }
    @inlinable public static var message: StaticString { "message" }
    @inlinable public static var fatal: StaticString { "fatal" }
    /// For `late` and `leaked` issues: nanoseconds since the test's block returned.
    @inlinable public static var afterEnd: StaticString { "afterEndNs" }
    /// The `end` event's count of events written.
    @inlinable public static var events: StaticString { "events" }

    /// The keys of a `resolution` line, in the order the runtime writes them (`main` only when true).
    public static let resolutionKeys: [StaticString] = [
        event, id, factory, container, parent, outcome, source, start, nanoseconds, thread, mainThread,
    ]
}

/// The header's fixed values: the format's name, the version this vocabulary describes, and the clock.
///
/// ```swift
/// TraceFormat.version   // 1
/// ```
public enum TraceFormat {
    /// The header's `format`.
    @inlinable public static var name: StaticString { "di-trace" }
    /// The header's `version`.
    @inlinable public static var version: Int { 1 }
    /// The header's `clock`: times are nanoseconds of a monotonic clock since the header's start.
    @inlinable public static var clock: StaticString { "monotonic-ns" }
}
