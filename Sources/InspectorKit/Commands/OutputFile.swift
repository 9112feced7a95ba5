import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's output file (`graph -o`, `report -o`, `scan -o`) so that a reader never sees half of it
/// and nothing but the named file changes: a new file beside it, renamed over it when complete.
///
/// - A symbolic link is followed: its target is replaced and the link kept.
/// - A directory, FIFO or socket is refused with exit code 2 (writing would fail, or block until someone reads).
/// - A character device (`/dev/null`, `/dev/stdout`) is written to directly.
///
/// ```swift
/// try OutputFile.write(Data("digraph {}".utf8), to: "graph.dot")
/// ```
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(InspectorError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        if lstat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR:
                try writeInPlace(data, to: path)
                return
            case S_IFDIR: throw .outputNotAFile(path: path, kind: "a directory")
            case S_IFIFO: throw .outputNotAFile(path: path, kind: "a FIFO")
            case S_IFSOCK: throw .outputNotAFile(path: path, kind: "a socket")
            default: throw .outputNotAFile(path: path, kind: "a special file")
            }
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
        if status.st_mode & S_IFMT == S_IFREG {
            // Keep the replaced file's permissions, as editors do.
            _ = chmod(temporary, status.st_mode & 0o7777)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    private static func writeInPlace(_ data: Data, to path: String) throws(InspectorError) {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
