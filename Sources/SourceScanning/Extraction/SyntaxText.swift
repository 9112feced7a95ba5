internal import SwiftSyntax

/// Small readings of expressions the scanner needs in several places.
enum SyntaxText {
    /// The text of a string literal without interpolation, or `nil`.
    static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    /// The last member name of `.cached`, `Scope.cached` or `cached`.
    static func memberName(_ expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// Whether `text` starts with an uppercase letter (how type names are written).
    static func looksLikeType(_ text: String) -> Bool {
        text.first.map { $0.isUppercase } ?? false
    }

    /// `expression` without `try`, `await` and parentheses around it.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let tryExpression = current.as(TryExprSyntax.self) {
                current = tryExpression.expression
            } else if let awaitExpression = current.as(AwaitExprSyntax.self) {
                current = awaitExpression.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1,
                tuple.elements.first?.label == nil, let only = tuple.elements.first
            {
                current = only.expression
            } else {
                return current
            }
        }
    }
}
