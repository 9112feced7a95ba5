internal import SwiftSyntax
internal import TraceInspection

/// Whether a resolver closure is async and whether it throws, as Swift infers it: from the effects its
/// signature writes, and from its body (an `await`, `async let` or `for await` makes it async; a
/// `try` or `throw` outside a `do` with a catch-all makes it throw). Nested closures and functions have
/// their own effects and are not looked into.
enum ClosureEffects {
    /// The factory kind the closure gives.
    static func kind(of closure: ClosureExprSyntax) -> FactoryRecord.Kind {
        let visitor = BodyVisitor(viewMode: .sourceAccurate)
        visitor.walk(closure.statements)
        let written = closure.signature?.effectSpecifiers
        let isAsync = written?.asyncSpecifier != nil || visitor.awaits
        let throwing = written?.throwsClause != nil || visitor.throwsOut
        switch (isAsync, throwing) {
        case (false, false): return .sync
        case (false, true): return .syncThrowing
        case (true, false): return .async
        case (true, true): return .asyncThrowing
        }
    }

    private final class BodyVisitor: SyntaxVisitor {
        var awaits = false
        var throwsOut = false
        /// How many catch-all `do` bodies enclose the current node.
        private var caught = 0

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            awaits = true
            return .visitChildren
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.awaitKeyword != nil { awaits = true }
            if node.tryKeyword != nil, caught == 0 { throwsOut = true }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) { awaits = true }
            return .visitChildren
        }

        override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark == nil, caught == 0 { throwsOut = true }
            return .visitChildren
        }

        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            if caught == 0 { throwsOut = true }
            return .visitChildren
        }

        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
            if isCaughtBody(node) { caught += 1 }
            return .visitChildren
        }

        override func visitPost(_ node: CodeBlockSyntax) {
            if isCaughtBody(node) { caught -= 1 }
        }

        /// Whether `block` is the body of a `do` that has a catch-all clause.
        private func isCaughtBody(_ block: CodeBlockSyntax) -> Bool {
            guard let statement = block.parent?.as(DoStmtSyntax.self), statement.body.id == block.id else {
                return false
            }
            return statement.catchClauses.contains { $0.catchItems.isEmpty }
        }
    }
}
