internal import SwiftSyntax

/// The dependency type of a resolver closure, where the source shows it: the closure's declared
/// return type, or the type of what it returns when that is written as `… as T`, a construction
/// `T(…)`, or a literal. `nil` otherwise (the scan then writes `?`).
enum ClosureTypeInference {
    static func type(of closure: ClosureExprSyntax) -> String? {
        if let declared = closure.signature?.returnClause?.type { return declared.trimmedDescription }
        let statements = Array(closure.statements)
        guard let last = statements.last else { return nil }
        switch last.item {
        case .expr(let expression) where statements.count == 1:
            return type(of: expression)
        case .stmt(let statement):
            if let returned = statement.as(ReturnStmtSyntax.self)?.expression { return type(of: returned) }
            return nil
        default:
            return nil
        }
    }

    /// The type of `expression` when it is written down in the expression itself.
    static func type(of expression: ExprSyntax) -> String? {
        let expression = SyntaxText.unwrapped(expression)
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
                cast.questionOrExclamationMark == nil, let type = elements[2].as(TypeExprSyntax.self)
            {
                return type.type.trimmedDescription
            }
            return nil
        }
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return cast.type.trimmedDescription
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression
            if let specialized = callee.as(GenericSpecializationExprSyntax.self),
                CallShape.typeName(ExprSyntax(specialized)) != nil
            {
                return specialized.trimmedDescription
            }
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let base = member.base, CallShape.typeName(base) != nil
            {
                return base.trimmedDescription
            }
            if CallShape.typeName(callee) != nil { return callee.trimmedDescription }
            return nil
        }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        return nil
    }
}
