#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat(2)` or `lstat(2)` says about a path: its kind and its identity (device and inode).
struct FileStatus: Equatable {
    enum Kind: Equatable {
        case regular
        case directory
        case symbolicLink
        case fifo
        case other
    }

    /// A file's identity, the same for every path (or symbolic link) that reaches it.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    var kind: Kind
    var identity: Identity

    /// The status of `path`, following a symbolic link at the end of it; `nil` if there is nothing there.
    static func following(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// The status of `path` itself, a symbolic link included; `nil` if there is nothing there.
    static func notFollowing(_ path: String) -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        default: kind = .other
        }
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
