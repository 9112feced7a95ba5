#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a whole trace file, refusing anything that is not a regular file before opening it for reading.
///
/// A FIFO, a device or a socket given as a trace is named for what it is (``TraceReadError/notARegularFile(path:kind:)``):
/// reading one could block forever (`mkfifo t; di-inspect check t`) or never end (`/dev/zero`). The file is opened
/// non-blocking and checked again after opening, so a path swapped for a FIFO in between cannot block either.
///
/// `-` reads standard input to its end (`cat app.ditrace | di-inspect check -`), unless it is a terminal.
///
/// ```swift
/// let data = try TraceFile.read(path: "app.ditrace")
/// ```
enum TraceFile {
    /// The path that stands for standard input.
    static let standardInput = "-"

    static func read(path: String) throws(TraceReadError) -> Data {
        if path == standardInput { return try readStandardInput() }
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
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        try checkKind(info, path: path)
        // One byte more than the size, so a file that grew since fstat is still read to its end.
        return try readToEnd(descriptor, path: path, expected: max(Int(info.st_size), 0) + 1)
    }

    /// Standard input to its end; a terminal is refused rather than waited on.
    private static func readStandardInput() throws(TraceReadError) -> Data {
        if isatty(0) == 1 { throw .standardInputIsTerminal }
        return try readToEnd(0, path: standardInput, expected: 1 << 16)
    }

    private static func readToEnd(_ descriptor: Int32, path: String, expected: Int) throws(TraceReadError) -> Data {
        var data = Data(count: expected)
        var count = 0
        while true {
            if count == data.count { data.count += max(data.count, 1 << 16) }
            let read = data.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + count, raw.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A non-blocking standard input inherited from the shell: wait until it can be read.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            count += read
        }
        data.count = count
        return data
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
