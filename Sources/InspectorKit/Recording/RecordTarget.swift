#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where `di-inspect record` puts the trace: checked before the command starts, written beside the target under
/// a temporary name, and renamed into place only when the command wrote a trace.
///
/// A directory, a FIFO, a device or a socket is never replaced; an existing file that is not a trace (or a
/// symbolic link) only with `--force`. If the folder is not writable, the command does not start.
///
/// ```swift
/// let target = try RecordTarget(path: "app.ditrace", force: false)
/// // run the command with DI_INSPECT_TRACE=target.environmentValue
/// let wrote = try target.finish()
/// ```
struct RecordTarget {
    /// The absolute path of the trace.
    let path: String
    /// The temporary file the command records into, beside ``path``.
    let temporaryPath: String

    init(path: String, force: Bool) throws(InspectorError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        self.path = absolute
        var info = stat()
        if lstat(absolute, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw .outputIsDirectory(path: path)
            case S_IFREG:
                if !force, !Self.isTraceOrEmpty(absolute) { throw .outputNotATrace(path: path, what: "not a di-trace file") }
            case S_IFLNK:
                if !force { throw .outputNotATrace(path: path, what: "a symbolic link") }
            case S_IFIFO: throw .outputNotAFile(path: path, kind: "a FIFO")
            case S_IFCHR: throw .outputNotAFile(path: path, kind: "a character device")
            case S_IFBLK: throw .outputNotAFile(path: path, kind: "a block device")
            case S_IFSOCK: throw .outputNotAFile(path: path, kind: "a socket")
            default: throw .outputNotAFile(path: path, kind: "a special file")
            }
        }
        let url = URL(fileURLWithPath: absolute)
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).recording-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The `DI_INSPECT_TRACE` value for the command: the temporary path, with `%` written `%%` so the runtime
    /// takes it literally (it reads `%p` as the process id).
    var environmentValue: String {
        temporaryPath.replacingOccurrences(of: "%", with: "%%")
    }

    /// Renames the recorded trace into place and returns `true`, or removes the empty temporary file and
    /// returns `false` (the command wrote no trace; whatever was at ``path`` stays).
    func finish() throws(InspectorError) -> Bool {
        var info = stat()
        guard lstat(temporaryPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else {
            unlink(temporaryPath)
            return false
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .cannotWrite(path: path, reason: "\(reason); the trace is in \(temporaryPath)")
        }
        return true
    }

    /// Whether the regular file at `path` is empty or starts with a di-trace header line.
    private static func isTraceOrEmpty(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return count == 0 }
        let firstLine = buffer[0..<count].prefix { $0 != 0x0A }
        return String(decoding: firstLine, as: UTF8.self).contains(#""format":"di-trace""#)
    }
}
