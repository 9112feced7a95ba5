internal import SwiftSyntax
internal import TraceInspection

/// Reads `TestDefaults` and `TestDefault` values: their declarations, the sets they include, and the
/// names an expression like `defaults: [.networking, .analytics]` refers to.
enum TestDefaultsReader {
    private static let builderTypes: Set<String> = ["TestDefaults", "TestDefault"]

    /// Records `name = value` when `value` builds a `TestDefaults`/`TestDefault` (a builder closure, or an
    /// array literal typed `TestDefaults`); the builder's closure is noted so its `testValue`s are
    /// attributed to `name` when the walk reaches them.
    static func declaration(
        _ value: ExprSyntax, name: String, annotation: TypeSyntax?, facts: inout FileFacts, lines: LineTable,
        builderClosures: inout [SyntaxIdentifier: String]
    ) {
        let value = SyntaxText.unwrapped(value)
        if let closure = builderClosure(value) {
            facts.defaults.append(
                StaticTestDefaults(
                    name: name, file: facts.file.fileID, line: lines.line(of: value), includes: includes(in: closure)))
            builderClosures[closure.id] = name
        } else if let array = value.as(ArrayExprSyntax.self),
            annotation.map({ builderTypes.contains($0.trimmedDescription) }) ?? false
        {
            facts.defaults.append(
                StaticTestDefaults(
                    name: name, file: facts.file.fileID, line: lines.line(of: value),
                    includes: array.elements.flatMap { referencedNames($0.expression) }))
        }
    }

    /// The names `expression` (a `defaults:` argument) refers to; an inline `TestDefaults { … }` is
    /// recorded under a name made from its site and that name returned.
    static func names(
        in expression: ExprSyntax, facts: inout FileFacts, lines: LineTable,
        builderClosures: inout [SyntaxIdentifier: String]
    ) -> [String] {
        let expression = SyntaxText.unwrapped(expression)
        if builderClosure(expression) != nil {
            let name = "<inline \(facts.file.fileID):\(lines.line(of: expression))>"
            declaration(
                expression, name: name, annotation: nil, facts: &facts, lines: lines, builderClosures: &builderClosures)
            return [name]
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.flatMap {
                names(in: $0.expression, facts: &facts, lines: lines, builderClosures: &builderClosures)
            }
        }
        return referencedNames(expression)
    }

    /// `.name`, `TestDefaults.name` or `name` as `[name]`; the elements of an array literal; `[]` otherwise.
    static func referencedNames(_ expression: ExprSyntax) -> [String] {
        let expression = SyntaxText.unwrapped(expression)
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { referencedNames($0.expression) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let base = member.base?.trimmedDescription
            if base == nil || base.map(builderTypes.contains) == true { return [member.declName.baseName.text] }
            return []
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            !SyntaxText.looksLikeType(reference.baseName.text)
        {
            return [reference.baseName.text]
        }
        return []
    }

    /// The builder closure of `TestDefaults { … }` or `TestDefault { … }`.
    private static func builderClosure(_ expression: ExprSyntax) -> ClosureExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let type = CallShape.typeName(call.calledExpression), builderTypes.contains(type)
        else { return nil }
        return call.trailingClosure
    }

    /// The sets a builder lists on its own lines (`.llmEngine`, `loggerDefault`), also inside `if` and `for`.
    private static func includes(in closure: ClosureExprSyntax) -> [String] {
        let visitor = IncludeVisitor(viewMode: .sourceAccurate)
        visitor.walk(closure.statements)
        return visitor.names
    }

    private final class IncludeVisitor: SyntaxVisitor {
        var names: [String] = []

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            if case .expr(let expression) = node.item { names += referencedNames(expression) }
            return .visitChildren
        }
    }
}
