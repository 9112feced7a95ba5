internal import SwiftSyntax
internal import TraceInspection

/// Walks one file's syntax tree and records its ``FileFacts``: factory declarations, injected
/// properties, registrations, `TestDefaults` and test containers.
///
/// Keeps the context the runtime would see: the enclosing type (owner of `static let`s and of injected
/// properties), the enclosing function (`#function`), the test container a call is made in, and the
/// `TestDefaults` a `testValue` belongs to.
final class FileVisitor: SyntaxVisitor {
    private(set) var facts: FileFacts
    private let lines: LineTable

    /// Enclosing types, qualified (`Container.Keys`), with the defaults of a `.testContainer` suite trait.
    private var types: [(name: String, suiteDefaults: [String]?)] = []
    private var functions: [String] = []
    /// Open test contexts, innermost last; `nil` inside `withContainer { … }`, which leaves the test's container.
    private var contexts: [Int?] = []
    private var defaults: [String] = []
    /// Closures that open a test context (or leave it, `nil`) or a `TestDefaults` builder when the walk enters them.
    private var contextClosures: [SyntaxIdentifier: Int?] = [:]
    private var defaultsClosures: [SyntaxIdentifier: String] = [:]
    /// Function declarations that opened a trait context.
    private var traitFunctions: Set<SyntaxIdentifier> = []

    init(file: SourceFile, lines: LineTable) {
        self.facts = FileFacts(file: file)
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    private var enclosingType: String? { types.last?.name }
    private var currentContext: Int? { contexts.last ?? nil }

    // MARK: Types and functions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { facts.imports.insert(module) }
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append((node.extendedType.trimmedDescription, types.last?.suiteDefaults))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes)
    }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes)
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes)
    }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node.attributes)
    }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }

    private func enterType(_ name: String, _ attributes: AttributeListSyntax) -> SyntaxVisitorContinueKind {
        let qualified = enclosingType.map { "\($0).\(name)" } ?? name
        let suite = TestTraits.containerDefaults(in: attributes, named: "Suite", file: facts.file, lines: lines)
        types.append((qualified, suite ?? types.last?.suiteDefaults))
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        let function = "\(node.name.text)(\(labels))"
        functions.append(function)
        let own = TestTraits.containerDefaults(in: node.attributes, named: "Test", file: facts.file, lines: lines)
        if let testAttribute = TestTraits.attribute(in: node.attributes, named: "Test"),
            own != nil || types.last?.suiteDefaults != nil
        {
            let suiteName = types.map { $0.name.split(separator: ".").last.map(String.init) ?? $0.name }.last
            facts.contexts.append(
                FileFacts.Context(
                    kind: .trait, line: lines.line(of: testAttribute), function: function,
                    test: suiteName.map { "\($0)/\(function)" } ?? function, parent: currentContext,
                    defaults: (types.last?.suiteDefaults ?? []) + (own ?? []), customUnregisteredBehavior: false))
            contexts.append(facts.contexts.count - 1)
            traitFunctions.insert(node.id)
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        functions.removeLast()
        if traitFunctions.contains(node.id) { contexts.removeLast() }
    }

    // MARK: Declarations

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = enclosingType, let reference = injectedReference(node.attributes) {
            let simple = type.split(separator: ".").last.map(String.init) ?? type
            facts.injections.append(FileFacts.Injection(typeName: simple, reference: reference))
        }
        var declaresFactory = false
        for binding in node.bindings {
            guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            if let call = FactoryReader.factoryCall(in: value) {
                facts.factories.append(
                    FactoryReader.read(
                        call, property: property, owner: enclosingType, annotation: binding.typeAnnotation?.type,
                        lines: lines))
                declaresFactory = true
            } else {
                TestDefaultsReader.declaration(
                    value, name: property, annotation: binding.typeAnnotation?.type, facts: &facts, lines: lines,
                    builderClosures: &defaultsClosures)
            }
        }
        return declaresFactory ? .skipChildren : .visitChildren
    }

    private func injectedReference(_ attributes: AttributeListSyntax) -> FileFacts.Reference? {
        for element in attributes {
            guard case .attribute(let attribute) = element,
                ["Injected", "LazyInjected", "ConstructorInjected"].contains(
                    attribute.attributeName.trimmedDescription),
                case .argumentList(let arguments) = attribute.arguments, let first = arguments.first
            else { continue }
            return CallShape.reference(first.expression, enclosingType: enclosingType, line: lines.line(of: attribute))
        }
        return nil
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
        case "withTestContainer":
            openTestContainer(node)
            return .visitChildren
        case "withContainer":
            // Resolutions in this closure run in the container it names, not in the test's.
            for closure in [node.trailingClosure] + node.arguments.map({ $0.expression.as(ClosureExprSyntax.self) }) {
                if let closure { contextClosures[closure.id] = .some(nil) }
            }
            return .visitChildren
        default:
            break
        }
        switch CallShape.classify(node, enclosingType: enclosingType, lines: lines) {
        case .registration(let action, let reference):
            facts.registrations.append(
                FileFacts.Registration(
                    action: action, reference: reference, line: lines.callLine(of: node), context: currentContext,
                    defaults: action == .testDefault ? defaults.last : nil))
            return action == .push || action == .testDefault ? .skipChildren : .visitChildren
        case .resolution(let reference):
            if let context = currentContext { facts.contexts[context].calls.append(reference) }
        case .construction(let type):
            if let context = currentContext { facts.contexts[context].constructed.append(type) }
        case .other:
            break
        }
        return .visitChildren
    }

    private func openTestContainer(_ node: FunctionCallExprSyntax) {
        var names: [String] = []
        var custom = false
        var operation = node.trailingClosure
        for argument in node.arguments {
            switch argument.label?.text {
            case "defaults":
                names = TestDefaultsReader.names(
                    in: argument.expression, facts: &facts, lines: lines, builderClosures: &defaultsClosures)
            case "unregisteredBehavior":
                custom = SyntaxText.memberName(argument.expression) != "fatalError"
            case "operation":
                operation = operation ?? argument.expression.as(ClosureExprSyntax.self)
            default:
                break
            }
        }
        let enclosingTest = currentContext.flatMap { facts.contexts[$0].test }
        facts.contexts.append(
            FileFacts.Context(
                kind: .withTestContainer, line: lines.callLine(of: node), function: functions.last ?? "",
                test: enclosingTest, parent: currentContext, defaults: names, customUnregisteredBehavior: custom))
        if let operation { contextClosures[operation.id] = facts.contexts.count - 1 }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let context = contextClosures[node.id] { contexts.append(context) }
        if let name = defaultsClosures[node.id] { defaults.append(name) }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if contextClosures[node.id] != nil { contexts.removeLast() }
        if defaultsClosures[node.id] != nil { defaults.removeLast() }
    }
}
