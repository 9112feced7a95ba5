/// Where a resolution was requested: `file:line in function`.
@usableFromInline
struct CallSite: Sendable {
    let fileID: StaticString
    let line: UInt
    let function: StaticString

    @usableFromInline
    init(fileID: StaticString, line: UInt, function: StaticString) {
        self.fileID = fileID
        self.line = line
        self.function = function
    }

    var description: String { "\(fileID):\(line) in \(function)" }
}
