internal import Foundation

/// Finds the Swift files under the paths given to `di-inspect scan`.
///
/// Directories are walked in name order, skipping hidden entries (`.build`, `.git`, `.swiftpm`).
/// Symbolic links are followed, each directory is walked once, and a link back into a directory being
/// walked (a loop) is skipped with a warning. A `.swift` entry that is not a regular file (a FIFO, a
/// device, a broken link) is skipped with a warning and never opened, so nothing can block the scan.
struct SourceFileFinder {
    private(set) var files: [SourceFile] = []
    private(set) var warnings: [String] = []
    /// How many of the given paths exist.
    private(set) var foundPaths = 0

    private var naming = ModuleNaming()
    private var visitedDirectories: Set<FileStatus.Identity> = []
    private var visitedFiles: Set<FileStatus.Identity> = []

    /// Finds the Swift files under `paths`.
    init(paths: [String]) {
        for path in paths {
            guard let status = FileStatus.following(path) else {
                if FileStatus.notFollowing(path)?.kind == .symbolicLink {
                    warnings.append("\(path): broken symbolic link; skipped.")
                } else {
                    warnings.append("\(path): no such file or directory; skipped.")
                }
                continue
            }
            foundPaths += 1
            switch status.kind {
            case .directory:
                walk(path, status: status, ancestors: [])
            case .regular:
                add(path, status: status, named: true)
            default:
                warnings.append("\(path): not a regular file or a directory; skipped.")
            }
        }
    }

    private mutating func add(_ path: String, status: FileStatus, named: Bool) {
        guard named || path.hasSuffix(".swift") else { return }
        guard visitedFiles.insert(status.identity).inserted else { return }
        files.append(SourceFile(path: path, module: naming.module(for: path)))
    }

    private mutating func walk(_ directory: String, status: FileStatus, ancestors: Set<FileStatus.Identity>) {
        guard visitedDirectories.insert(status.identity).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            warnings.append("\(directory): the directory could not be read (\(Self.reason(error))); skipped.")
            return
        }
        let inside = ancestors.union([status.identity])
        for entry in entries where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            guard let own = FileStatus.notFollowing(path) else { continue }
            var target = own
            if own.kind == .symbolicLink {
                guard let followed = FileStatus.following(path) else {
                    if entry.hasSuffix(".swift") { warnings.append("\(path): broken symbolic link; skipped.") }
                    continue
                }
                target = followed
            }
            switch target.kind {
            case .directory:
                if inside.contains(target.identity) {
                    warnings.append(
                        "\(path): symbolic link loop (it leads back to a directory that contains it); skipped.")
                } else {
                    walk(path, status: target, ancestors: inside)
                }
            case .regular:
                add(path, status: target, named: false)
            case .fifo where entry.hasSuffix(".swift"):
                warnings.append("\(path): a FIFO (named pipe), not a source file; skipped without reading it.")
            case .other where entry.hasSuffix(".swift"):
                warnings.append("\(path): not a regular file; skipped without reading it.")
            default:
                break
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
