internal import SwiftSyntax
internal import TraceInspection

/// What a function call means to the scanner: a factory resolution, a registration, a type being
/// constructed, or nothing of interest.
enum CallShape {
    /// `Container.x()`, `try await Container.x()`, `Self.x()`, a bare `x()`, `Container.x.callAsFunction()`.
    case resolution(FileFacts.Reference)
    /// `Container.x.register { … }`, `.useProduction()`, `.popRegistration()`, `.testValue { … }`.
    case registration(RegistrationRecord.Action, FileFacts.Reference)
    /// `TypeName(…)`, `TypeName<T>(…)`, `TypeName.init(…)`.
    case construction(String)
    case other

    private static let registrationActions: [String: RegistrationRecord.Action] = [
        "register": .push, "useProduction": .useProduction, "popRegistration": .pop, "testValue": .testDefault,
    ]
    /// Labels of the call-site arguments the runtime fills in by default; a resolution may pass them.
    private static let siteLabels: Set<String> = ["file", "line", "function"]
    /// Types the scanner reads itself, so they are not "constructed types".
    private static let libraryTypes: Set<String> = ["Factory", "TestDefaults", "TestDefault"]

    /// Classifies `call`, made inside `enclosingType` (for `Self.x()` and a bare `x()`).
    static func classify(_ call: FunctionCallExprSyntax, enclosingType: String?, lines: LineTable) -> CallShape {
        let callee = call.calledExpression
        let line = lines.line(of: call)
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let action = registrationActions[name], let base = member.base,
                let reference = reference(base, enclosingType: enclosingType, line: line)
            {
                return .registration(action, reference)
            }
            if name == "callAsFunction", let base = member.base, isPlainResolution(call),
                let reference = reference(base, enclosingType: enclosingType, line: line)
            {
                return .resolution(reference)
            }
            if name == "init", let base = member.base {
                return typeName(base).map { .construction($0) } ?? .other
            }
            if SyntaxText.looksLikeType(name), let base = member.base, typeName(base) != nil {
                return libraryTypes.contains(name) ? .other : .construction(name)
            }
            if isPlainResolution(call),
                let reference = reference(ExprSyntax(member), enclosingType: enclosingType, line: line)
            {
                return .resolution(reference)
            }
            return .other
        }
        if let name = typeName(callee) {
            return libraryTypes.contains(name) ? .other : .construction(name)
        }
        if let bare = callee.as(DeclReferenceExprSyntax.self), isPlainResolution(call), enclosingType != nil {
            return .resolution(
                FileFacts.Reference(base: nil, name: bare.baseName.text, enclosingType: enclosingType, line: line))
        }
        return .other
    }

    /// `Container.x` (or `Self.x`) as a reference; `nil` for other expressions.
    static func reference(_ expression: ExprSyntax, enclosingType: String?, line: Int) -> FileFacts.Reference? {
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.text
        guard !SyntaxText.looksLikeType(name) else { return nil }
        let baseText = base.trimmedDescription
        if baseText == "Self" {
            return FileFacts.Reference(base: nil, name: name, enclosingType: enclosingType, line: line)
        }
        guard typeName(base) != nil else { return nil }
        return FileFacts.Reference(base: baseText, name: name, enclosingType: enclosingType, line: line)
    }

    /// A call with no arguments but the call-site ones, and no closure.
    private static func isPlainResolution(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { return false }
        return call.arguments.allSatisfy { argument in argument.label.map { siteLabels.contains($0.text) } ?? false }
    }

    /// The simple name of a type written as `Name`, `Module.Name` or `Name<T>`; `nil` for anything else.
    static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return SyntaxText.looksLikeType(name) ? name : nil
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return typeName(specialized.expression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, typeName(base) != nil {
            let name = member.declName.baseName.text
            return SyntaxText.looksLikeType(name) ? name : nil
        }
        return nil
    }
}
