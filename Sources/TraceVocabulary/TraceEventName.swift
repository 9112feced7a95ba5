/// The `event` value of each kind of di-trace line: the one list the runtime's encoder and di-inspect's reader
/// both use (see `docs/trace-format.md`).
///
/// A new kind of line is a new case here, its keys in ``TraceKey``, and the code that writes and reads it.
///
/// ```swift
/// TraceEventName(rawValue: "resolution")   // .resolution
/// ```
public enum TraceEventName: String, Sendable, CaseIterable {
    /// A factory's declaration, written before its first resolution.
    case factory
    /// A container was created.
    case container
    /// A nested or test container's block returned.
    case containerEnded
    /// A registration stack changed.
    case registration
    /// A resolution ended.
    case resolution
    /// The runtime stopped or reported a resolution.
    case issue
    /// Recording ended.
    case end

    /// The raw value as a `StaticString`, for raw writes and byte comparisons.
    @inlinable public var literal: StaticString {
        switch self {
        case .factory: "factory"
        case .container: "container"
        case .containerEnded: "containerEnded"
        case .registration: "registration"
        case .resolution: "resolution"
        case .issue: "issue"
        case .end: "end"
        }
    }
}
