/// Where a resolution was requested: `file:line in function`.
@usableFromInline
struct CallSite: Sendable {
    let fileID: StaticString
    /// The full path (`#filePath`), for test issues that editors can open at the line.
    let filePath: StaticString
    let line: UInt
    let function: StaticString

    @usableFromInline
    init(fileID: StaticString, filePath: StaticString, line: UInt, function: StaticString) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.function = function
    }

    var description: String { "\(fileID):\(line) in \(function)" }

    /// The site as the testing library's source location.
    var location: IssueLocation {
        IssueLocation(fileID: fileID.description, filePath: filePath.description, line: Int(line))
    }
}

/// A resolution's call site, for the testing library to record an issue at the user's line.
package struct IssueLocation: Sendable, Equatable {
    package let fileID: String
    package let filePath: String
    package let line: Int
}
