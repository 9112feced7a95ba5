internal import SwiftSyntax

/// Line numbers of nodes in one file, as the compiler counts them for `#line`.
struct LineTable {
    private let converter: SourceLocationConverter

    init(fileName: String, tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: fileName, tree: tree)
    }

    /// The line where `node` starts (after comments and blank lines before it).
    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The line of an absolute position in the file.
    func line(at position: AbsolutePosition) -> Int {
        converter.location(for: position).line
    }

    /// The line `#line` has as a default argument of `call`: that of its `(`, or of its trailing closure's `{`
    /// when it has no parentheses.
    func callLine(of call: FunctionCallExprSyntax) -> Int {
        if let paren = call.leftParen, paren.presence == .present { return line(of: paren) }
        if let closure = call.trailingClosure { return line(of: closure.leftBrace) }
        return line(of: call.calledExpression)
    }
}
