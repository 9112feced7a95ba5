/// A Swift file to scan: where it is, and the `#fileID` the compiler gives it.
struct SourceFile: Sendable, Equatable {
    /// The path as found (relative paths stay relative to the working directory).
    var path: String
    /// The module, as SwiftPM names it (see ``ModuleNaming``).
    var module: String
    /// `Module/File.swift`, as `#fileID` prints it.
    var fileID: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(module)/\(name)"
    }
}
