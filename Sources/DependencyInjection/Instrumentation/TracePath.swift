#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A trace destination as given (`DI_INSPECT_TRACE`, ``TraceRecording/start(path:)``), and the file one process
/// writes for it.
///
/// `%p` becomes the process id and `%%` a single `%` (as in LLVM's `LLVM_PROFILE_FILE`). A value that ends
/// with `/` or names a directory gets one file per process inside it, `<executable>-<pid>.ditrace` (a missing
/// directory given with a trailing `/` is created, mode 0700). Either form is *per process*: a process that
/// `fork()`s and goes on without `exec` records into its own file; otherwise a forked child stops recording.
///
/// ```swift
/// TracePath("traces/app-%p.ditrace").resolved(pid: 42)   // "traces/app-42.ditrace"
/// TracePath("traces/").resolved(pid: 42)                 // "traces/App-42.ditrace"
/// ```
struct TracePath: Sendable {
    /// The value as given.
    let template: String

    init(_ template: String) {
        self.template = template
    }

    /// Whether each process gets its own file: the value holds `%p` or is a directory.
    var isPerProcess: Bool {
        hasPIDPlaceholder || isDirectory
    }

    /// The file this process (`pid`) writes.
    func resolved(pid: Int32 = getpid()) -> String {
        let path = expanded(pid: pid)
        guard isDirectory(path) else { return path }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        return "\(folder)/\(Self.executableName())-\(pid).ditrace"
    }

    /// Creates the directory of a value that ends with `/` when it does not exist yet; errors show up when the
    /// file is opened.
    func createDirectoryIfNeeded(pid: Int32 = getpid()) {
        let path = expanded(pid: pid)
        var info = stat()
        guard path.hasSuffix("/"), stat(path, &info) != 0 else { return }
        mkdir(path, 0o700)
    }

    private var hasPIDPlaceholder: Bool {
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            if scalars.next() == "p" { return true }
        }
        return false
    }

    private var isDirectory: Bool {
        isDirectory(expanded(pid: getpid()))
    }

    private func expanded(pid: Int32) -> String {
        var result = ""
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "p": result += String(pid)
            case "%": result += "%"
            case let other?: result += "%" + String(other)
            case nil: result += "%"
            }
        }
        return result
    }

    private func isDirectory(_ path: String) -> Bool {
        if path.hasSuffix("/") { return true }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The last path component of `argv[0]`, with anything but letters, digits, `.`, `_` and `-` replaced by `_`.
    private static func executableName() -> String {
        let last = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        let safe = String(
            last.unicodeScalars.map { scalar -> Character in
                let allowed = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
                return allowed && scalar.isASCII ? Character(scalar) : "_"
            })
        return safe.isEmpty || safe.hasPrefix(".") ? "process" + safe : safe
    }
}
