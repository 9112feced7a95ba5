internal import SwiftSyntax
internal import TraceInspection

/// Reads one `Factory(scope:name:) { … }` declaration: scope, name, kind, type, the `#line` the runtime
/// records, and what its resolver's closure resolves and constructs.
enum FactoryReader {
    private static let annotatedKinds: [String: FactoryRecord.Kind] = [
        "SyncFactory": .sync, "SyncThrowingFactory": .syncThrowing, "AsyncFactory": .async,
        "AsyncThrowingFactory": .asyncThrowing,
    ]

    /// The `Factory(…)` call an initializer makes, also under a chained call (`Factory { … }.popRegistration()`).
    static func factoryCall(in expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = SyntaxText.unwrapped(expression).as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "Factory" ? call : nil
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            if member.declName.baseName.text == "Factory", base.trimmedDescription == "DependencyInjection" {
                return call
            }
            return factoryCall(in: base)
        }
        return nil
    }

    /// The factory `call` declares as `property` of `owner`, with the binding's type annotation if any.
    static func read(
        _ call: FunctionCallExprSyntax, property: String, owner: String?, annotation: TypeSyntax?, lines: LineTable
    ) -> FileFacts.Factory {
        var scope = FactoryRecord.Scope.unique
        var name: String?
        var closure = call.trailingClosure
        for argument in call.arguments {
            switch argument.label?.text {
            case "scope":
                scope =
                    SyntaxText.memberName(argument.expression).flatMap(FactoryRecord.Scope.init(rawValue:)) ?? .unique
            case "name":
                name = SyntaxText.literal(argument.expression) ?? argument.expression.trimmedDescription
            case "resolver":
                closure = closure ?? argument.expression.as(ClosureExprSyntax.self)
            default:
                break
            }
        }
        var kind = closure.map(ClosureEffects.kind(of:)) ?? .sync
        var type = closure.flatMap(ClosureTypeInference.type(of:))
        if let annotated = annotation?.as(IdentifierTypeSyntax.self),
            let declaredKind = annotatedKinds[annotated.name.text]
        {
            kind = declaredKind
            if let argument = annotated.genericArgumentClause?.arguments.first {
                type = argument.argument.trimmedDescription
            }
        }
        var body = ResolverBodyReader(enclosingType: owner, lines: lines)
        if let closure { body.read(closure) }
        return FileFacts.Factory(
            owner: owner, property: property, type: type, name: name, scope: scope, kind: kind,
            line: lines.callLine(of: call), calls: body.calls, constructed: body.constructed)
    }
}

/// Collects the factory resolutions and type constructions anywhere inside a closure.
struct ResolverBodyReader {
    let enclosingType: String?
    let lines: LineTable
    private(set) var calls: [FileFacts.Reference] = []
    private(set) var constructed: [String] = []

    init(enclosingType: String?, lines: LineTable) {
        self.enclosingType = enclosingType
        self.lines = lines
    }

    mutating func read(_ closure: ClosureExprSyntax) {
        let visitor = Visitor(enclosingType: enclosingType, lines: lines)
        visitor.walk(closure)
        calls = visitor.calls
        constructed = visitor.constructed
    }

    private final class Visitor: SyntaxVisitor {
        let enclosingType: String?
        let lines: LineTable
        var calls: [FileFacts.Reference] = []
        var constructed: [String] = []

        init(enclosingType: String?, lines: LineTable) {
            self.enclosingType = enclosingType
            self.lines = lines
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            switch CallShape.classify(node, enclosingType: enclosingType, lines: lines) {
            case .resolution(let reference): calls.append(reference)
            case .construction(let type): constructed.append(type)
            case .registration, .other: break
            }
            return .visitChildren
        }
    }
}
