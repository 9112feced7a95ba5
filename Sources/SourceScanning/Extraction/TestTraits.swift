internal import SwiftSyntax

/// Reads Swift Testing attributes: whether a declaration is `@Test`/`@Suite`, and the `TestDefaults`
/// of a `.testContainer` or `.testContainer(defaults:)` trait in them.
enum TestTraits {
    /// The `@name` (or `@Testing.name`) attribute in `attributes`, if there is one.
    static func attribute(in attributes: AttributeListSyntax, named name: String) -> AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element, attributeName(attribute) == name { return attribute }
        }
        return nil
    }

    /// The defaults of a test-container trait in `@name(…)`: `[]` for `.testContainer`, the names for
    /// `.testContainer(defaults: …)`, `nil` when there is no such trait.
    static func containerDefaults(
        in attributes: AttributeListSyntax, named name: String, file: SourceFile, lines: LineTable
    ) -> [String]? {
        for element in attributes {
            guard case .attribute(let attribute) = element, attributeName(attribute) == name,
                case .argumentList(let arguments) = attribute.arguments
            else { continue }
            for argument in arguments {
                let expression = argument.expression
                if let member = expression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "testContainer"
                {
                    return []
                }
                if let call = expression.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "testContainer"
                {
                    let defaults = call.arguments.first { $0.label?.text == "defaults" }?.expression
                    return defaults.map { TestDefaultsReader.referencedNames($0) } ?? []
                }
            }
        }
        return nil
    }

    private static func attributeName(_ attribute: AttributeSyntax) -> String {
        let text = attribute.attributeName.trimmedDescription
        return text.split(separator: ".").last.map(String.init) ?? text
    }
}
