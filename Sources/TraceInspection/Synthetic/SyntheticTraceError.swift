/// Why a synthetic trace could not be written.
///
/// The description is a sentence for people.
///
/// ```swift
/// do { try AppTrace.write(.large, toFile: "/tmp/l.ditrace") } catch { print("error: \(error)") }
/// ```
public enum SyntheticTraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output file could not be created or written.
    case cannotWrite(path: String, reason: String)

    /// What happened and what to do.
    ///
    /// ```swift
    /// print("error: \(error.description)")
    /// ```
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "Could not write the trace to \(path) (\(reason)); check that its folder exists, is writable "
                + "and has room."
        }
    }
}
