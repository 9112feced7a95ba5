internal import Foundation

/// Where a failing test's trace is written so that it can be opened with `di-inspect` after a plain `swift test`:
/// `DI_INSPECT_FAILURES` when set, else `di-inspect-failures/` in the package's `.build` folder (found from the
/// test bundle's path), else the temporary folder. One file per test, `<Suite>-<test>.ditrace`, mode 0600.
///
/// ```swift
/// FailureTraceFile.write(jsonLines, testName: "OrderTests/placesOrder()")
/// // "/work/app/.build/di-inspect-failures/OrderTests-placesOrder.ditrace"
/// ```
enum FailureTraceFile {
    static let environmentVariable = "DI_INSPECT_FAILURES"

    /// Writes `jsonLines`; returns the file's path, or nil (with a line on standard error) if it could not be written.
    static func write(_ jsonLines: String, testName: String) -> String? {
        let folder = directory()
        let path = (folder as NSString).appendingPathComponent(fileName(for: testName))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Replaces only a trace this library wrote for the same test: a file of this name in this folder.
            try? FileManager.default.removeItem(atPath: path)
            guard FileManager.default.createFile(atPath: path, contents: Data(jsonLines.utf8), attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            return path
        } catch {
            FileHandle.standardError.write(Data("DependencyInjectionTesting: could not write the failing test's trace to \(path): \(error.localizedDescription)\n".utf8))
            return nil
        }
    }

    static func directory() -> String {
        if let configured = ProcessInfo.processInfo.environment[environmentVariable], !configured.isEmpty {
            return configured
        }
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").standardizedFileURL
        while url.pathComponents.count > 1 {
            if url.lastPathComponent == ".build" { return url.appendingPathComponent("di-inspect-failures").path }
            url.deleteLastPathComponent()
        }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("di-inspect-failures")
    }

    /// `Suite/test(value:)` → `Suite-test-value.ditrace`: letters, digits, `-`, `_` and `.` only.
    static func fileName(for testName: String) -> String {
        var name = ""
        for scalar in testName.unicodeScalars {
            let keep = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
            if keep {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") || name.hasSuffix(".") { name.removeLast() }
        return String((name.isEmpty ? "test" : name).prefix(120)) + ".ditrace"
    }

    /// The path as one shell word.
    static func shellQuoted(_ path: String) -> String {
        if path.allSatisfy({ $0.isLetter || $0.isNumber || "/-_.".contains($0) }) { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
