internal import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Reads and parses one Swift file and returns what it shows (see ``FileVisitor``).
///
/// Never fails: a file that cannot be read gives a warning and no facts; bytes that are not UTF-8 are
/// replaced (with a warning) and the file is still read; a file with syntax errors is read as far as
/// swift-syntax's recovery allows, with a warning naming the first error's line.
enum FileScanner {
    static func scan(_ file: SourceFile) -> FileFacts {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            var facts = FileFacts(file: file)
            facts.wasRead = false
            facts.warnings.append("\(file.path): the file could not be read; skipped.")
            return facts
        }
        var warnings: [String] = []
        let text: String
        if let valid = String(validating: data, as: UTF8.self) {
            text = valid
        } else {
            text = String(decoding: data, as: UTF8.self)
            let line = Self.firstInvalidUTF8Line(data)
            warnings.append(
                "\(file.path):\(line): the file has bytes that are not UTF-8 (first on line \(line)); read with them "
                    + "replaced, so names on that line may be wrong.")
        }
        let tree = Parser.parse(source: text)
        let lines = LineTable(fileName: file.path, tree: tree)
        if tree.hasError {
            let line = ParseErrorFinder.firstErrorLine(in: tree, lines: lines)
            warnings.append(
                "\(file.path):\(line): the file does not parse (first error on line \(line)); what follows it may be "
                    + "missed.")
        }
        let visitor = FileVisitor(file: file, lines: lines)
        visitor.walk(tree)
        var facts = visitor.facts
        facts.warnings = warnings + facts.warnings
        return facts
    }

    /// The 1-based line of the first byte sequence that is not valid UTF-8.
    static func firstInvalidUTF8Line(_ data: Data) -> Int {
        var line = 1
        var decoder = UTF8()
        var iterator = data.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput, .error:
                return line
            }
        }
    }

    /// Finds where swift-syntax's parser first had to recover (a missing token or unexpected text).
    private final class ParseErrorFinder: SyntaxVisitor {
        var position: AbsolutePosition?

        static func firstErrorLine(in tree: SourceFileSyntax, lines: LineTable) -> Int {
            let finder = ParseErrorFinder(viewMode: .all)
            finder.walk(tree)
            guard let position = finder.position else { return 1 }
            return lines.line(at: position)
        }

        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            record(node.positionAfterSkippingLeadingTrivia)
            return .skipChildren
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if token.presence == .missing { record(token.position) }
            return .skipChildren
        }

        private func record(_ candidate: AbsolutePosition) {
            if position.map({ candidate < $0 }) ?? true { position = candidate }
        }
    }
}
