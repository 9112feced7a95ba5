#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Opens and reads a trace file in chunks, refusing anything that is not a regular file before opening it.
///
/// A FIFO, a device or a socket given as a trace is named for what it is (``TraceReadError/notARegularFile(path:kind:)``):
/// reading one could block forever (`mkfifo t; di-inspect check t`) or never end (`/dev/zero`). The file is opened
/// non-blocking and checked again after opening, so a path swapped for a FIFO in between cannot block either.
///
/// `-` reads standard input to its end (`cat app.ditrace | di-inspect check -`), unless it is a terminal.
///
/// ```swift
/// let descriptor = try TraceFile.openForReading(path: "app.ditrace")
/// let count = try TraceFile.readChunk(descriptor, into: buffer, count: 1 << 22, path: "app.ditrace")
/// ```
enum TraceFile {
    /// The path that stands for standard input.
    static let standardInput = "-"

    /// Opens `path` for reading, refusing a directory, FIFO, device or socket before and after opening (a path
    /// swapped for a FIFO in between cannot block); `-` is standard input (descriptor 0, not to be closed). Read it with ``readChunk(_:into:count:path:)``.
    static func openForReading(path: String) throws(TraceReadError) -> Int32 {
        if path == standardInput {
            if isatty(0) == 1 { throw .standardInputIsTerminal }
            return 0
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        try checkKind(info, path: path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        do {
            try checkKind(info, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Reads up to `count` bytes; 0 at the end. Retries interrupted reads and waits on a non-blocking standard input.
    static func readChunk(
        _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String
    ) throws(TraceReadError) -> Int {
        while true {
            let read = systemRead(descriptor, buffer, count)
            if read >= 0 { return read }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Throws unless `info` describes a regular file.
    private static func checkKind(_ info: stat, path: String) throws(TraceReadError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .isDirectory(path: path)
        case S_IFIFO: throw .notARegularFile(path: path, kind: "a FIFO")
        case S_IFCHR: throw .notARegularFile(path: path, kind: "a character device")
        case S_IFBLK: throw .notARegularFile(path: path, kind: "a block device")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "a socket")
        default: throw .notARegularFile(path: path, kind: "a special file")
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Glibc.read(descriptor, buffer, count)
        #endif
    }
}
