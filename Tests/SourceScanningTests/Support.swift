import Foundation
import SourceScanning
import TraceInspection

/// A temporary source tree for one test: write files into it, scan it, and remove it afterwards.
final class SourceTree {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("di-scan-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` at `path` (relative to the root), creating folders.
    func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) {
        let full = root + "/" + path
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: data)
    }

    /// Scans the whole tree.
    func scan() -> SourceScanner.Result { SourceScanner.scan(paths: [root]) }
}

extension StaticModel {
    /// The factory declared as `property` (`Container.clock`).
    func factory(_ property: String) -> FactoryRecord? {
        factories.first { $0.property == property }
    }

    /// The properties `property`'s resolver depends on, sorted.
    func dependencies(of property: String) -> [String] {
        guard let id = factory(property)?.id else { return [] }
        return edges.filter { $0.from == id }.compactMap { factory(id: $0.to)?.property }.sorted()
    }
}
