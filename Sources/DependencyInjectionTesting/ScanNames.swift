internal import DependencyInjection
internal import Foundation
internal import TraceInspection

/// The `di-inspect scan` result a test process names factories with, so that runtime messages and failure reports
/// say `Container.calendarStore` rather than only the type: the file in `DI_INSPECT_SCAN`, else `scan.json` next
/// to the failing tests' traces (``FailureTraceFile/directory()``), else none.
///
/// ```sh
/// di-inspect scan Sources Tests -o .build/di-inspect-failures/scan.json && swift test
/// ```
struct ScanNames: Sendable {
    static let environmentVariable = "DI_INSPECT_SCAN"

    let join: StaticJoin

    /// Reads the scan at `path`.
    init(path: String) throws {
        join = StaticJoin(model: try StaticModelReader.read(path: path))
    }

    /// The property declared at `fileID:line`.
    func property(fileID: String, line: UInt) -> String? {
        join.scanID(site: "\(fileID):\(line)").flatMap { join.model.factory(id: $0)?.property }
    }

    /// The process's scan, read once; a scan that cannot be read is named on standard error once and ignored.
    static let current: ScanNames? = {
        let configured = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let path = configured ?? (FailureTraceFile.directory() as NSString).appendingPathComponent("scan.json")
        guard configured != nil || FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try ScanNames(path: path)
        } catch {
            FileHandle.standardError.write(Data(
                "DependencyInjectionTesting: factories are named by type only: the scan \(path) could not be read (\(error)).\n".utf8))
            return nil
        }
    }()

    /// Names the runtime's messages from the process's scan, if there is one.
    static let installed: Void = {
        guard let names = current else { return }
        FactoryNaming.install { fileID, line in names.property(fileID: fileID, line: line) }
    }()
}
