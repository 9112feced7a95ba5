internal import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// The targets a `Package.swift` declares with an explicit `path:`, read from its syntax (the
/// manifest is never run).
///
/// `.target(name: "TraceFixture", path: "Tests/Fixtures/TraceFixture")` maps that folder to the
/// module `TraceFixture`. Names and paths that are not string literals are ignored.
struct PackageManifest {
    /// A target's module name and its folder, relative to the package root.
    struct Target: Equatable {
        var name: String
        var path: String
    }

    /// Targets with an explicit `path:`, longest path first (so nested folders match first).
    var targets: [Target]

    /// Reads the manifest at `path`; no targets if it cannot be read.
    init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            targets = []
            return
        }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        let visitor = TargetVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        targets = visitor.targets.sorted { $0.path.count > $1.path.count }
    }

    private final class TargetVisitor: SyntaxVisitor {
        static let kinds: Set<String> = [
            "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
        ]
        var targets: [Target] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                Self.kinds.contains(member.declName.baseName.text)
            else { return .visitChildren }
            var name: String?
            var path: String?
            for argument in node.arguments {
                switch argument.label?.text {
                case "name": name = SyntaxText.literal(argument.expression)
                case "path": path = SyntaxText.literal(argument.expression)
                default: break
                }
            }
            if let name, var path {
                while path.hasSuffix("/") { path.removeLast() }
                if path.hasPrefix("./") { path.removeFirst(2) }
                targets.append(Target(name: name, path: path))
            }
            return .visitChildren
        }
    }
}
