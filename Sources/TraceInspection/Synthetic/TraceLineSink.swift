import Foundation

/// Where the synthetic generators write their JSON Lines: into memory, or buffered into a file.
///
/// The file sink keeps at most ``bufferLimit`` bytes in memory, so a trace of ten million
/// resolutions streams to disk in constant memory. Writing never throws: the first failure is kept in
/// ``failure``, later lines are dropped, and the generator stops early when it sees one.
final class TraceLineSink {
    /// Bytes held before a file sink writes them out.
    static let bufferLimit = 1 << 20

    private var buffer: [UInt8] = []
    private let file: FileHandle?
    private let path: String
    /// Every byte written so far, for an in-memory sink.
    private(set) var data = Data()
    /// How many lines were written.
    private(set) var lineCount = 0
    /// The first write failure of a file sink.
    private(set) var failure: SyntheticTraceError?

    /// A sink that collects the lines in ``data``.
    init() {
        file = nil
        path = ""
        buffer.reserveCapacity(Self.bufferLimit + 4_096)
    }

    /// A sink that creates (or truncates) the file at `path` and writes the lines into it.
    init(path: String) throws(SyntheticTraceError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw SyntheticTraceError.cannotWrite(path: path, reason: "the file could not be created")
        }
        file = handle
        self.path = path
        buffer.reserveCapacity(Self.bufferLimit + 4_096)
    }

    /// Appends `text` and a newline.
    func line(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        lineCount += 1
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Writes out what is buffered; a file sink also closes its file.
    func finish() {
        flush()
        guard let file else { return }
        do {
            try file.close()
        } catch {
            if failure == nil { failure = .cannotWrite(path: path, reason: error.localizedDescription) }
        }
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        guard let file else {
            data.append(contentsOf: buffer)
            return
        }
        do {
            try file.write(contentsOf: buffer)
        } catch {
            failure = .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
