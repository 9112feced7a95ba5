#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Opens the file a trace is written to, refusing what a trace must never be written into.
///
/// A symbolic link is not followed (`O_NOFOLLOW`); a FIFO, a device or a socket is refused before it is opened
/// (so nothing blocks in `open()` and no reader going away can end the process with SIGPIPE) and again after
/// (`fstat`), in case the path changed in between. An existing file is reused only when it is yours and empty
/// or already a trace (a file someone else made in a shared folder such as /tmp could be read by them). A new
/// file is created with mode 0600: a trace names the program's types and source files.
///
/// ```swift
/// let descriptor = try TraceFile.open("app.ditrace")
/// ```
enum TraceFile {
    static func open(_ path: String) throws(TraceRecordingError) -> Int32 {
        if let refusal = refusal(forExisting: path) { throw TraceRecordingError(path: path, reason: refusal) }
        let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            let reason = refusal(forExisting: path) ?? String(cString: strerror(code))
            throw TraceRecordingError(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw TraceRecordingError(path: path, reason: kindRefusal(info.st_mode) ?? "it is not a regular file")
        }
        if info.st_uid != geteuid() {
            close(descriptor)
            throw TraceRecordingError(
                path: path, reason: "it belongs to another user, who could read the trace; choose a path of your own")
        }
        if info.st_size > 0, !startsWithHeader(descriptor) {
            close(descriptor)
            throw TraceRecordingError(
                path: path, reason: "it already holds something other than a trace; remove it or choose another path")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard ftruncate(descriptor, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw TraceRecordingError(path: path, reason: reason)
        }
        return descriptor
    }

    /// Why an existing path cannot take a trace, from `lstat` (nothing when it is missing or a regular file).
    private static func refusal(forExisting path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            return "it is a symbolic link, and traces are never written through links; give the path of the file itself"
        }
        return kindRefusal(info.st_mode)
    }

    private static func kindRefusal(_ mode: mode_t) -> String? {
        let kind: String
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        return "it is \(kind), not a regular file; a trace is only written to a file"
    }

    /// Whether the file's first line is a di-trace header (read from the start, without moving the offset).
    private static func startsWithHeader(_ descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        let text = String(decoding: buffer[0..<count].prefix { $0 != 0x0A }, as: UTF8.self)
        return text.contains(#""format":"di-trace""#)
    }

    /// Writes all of `bytes`; returns why not (the system's reason) when that failed.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    private static func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Darwin)
        Darwin.open(path, flags, mode)
        #elseif canImport(Musl)
        Musl.open(path, flags, mode)
        #else
        Glibc.open(path, flags, mode)
        #endif
    }
}

extension TraceSession {
    /// Opens the file for `template` (see ``TracePath``) with ``TraceFile/open(_:)`` and writes the header; any
    /// failure, the header's included, throws, so a recording that cannot be written is never reported as started
    /// (`/dev/full` is refused as a device; a full disk fails the header).
    static func openFile(_ template: String) throws(TraceRecordingError) -> TraceSession {
        ForkHandling.install()
        let tracePath = TracePath(template)
        tracePath.createDirectoryIfNeeded()
        let path = tracePath.resolved()
        let descriptor = try TraceFile.open(path)
        let (start, header) = Self.header()
        if let reason = TraceFile.write(header, to: descriptor) {
            close(descriptor)
            throw TraceRecordingError(path: path, reason: "the header could not be written (\(reason))")
        }
        return TraceSession(
            destination: .file(path: path, descriptor: descriptor), path: tracePath, start: start, header: header)
    }
}
