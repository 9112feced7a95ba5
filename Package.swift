// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "DependencyInjection",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .macCatalyst(.v18)],
    products: [
        .library(name: "DependencyInjection", targets: ["DependencyInjection"]),
        .library(name: "DependencyInjectionTesting", targets: ["DependencyInjectionTesting"]),
        .library(name: "InspectorKit", targets: ["InspectorKit"]),
        .library(name: "TraceInspection", targets: ["TraceInspection"]),
        .executable(name: "di-inspect", targets: ["di-inspect"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-service-context.git", from: "1.5.1"),
        // The tracing API only (no implementation): live resolution spans go to whatever tracer the app bootstrapped.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing.git", from: "0.7.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: Runtime
        .target(
            name: "DependencyInjection",
            dependencies: [
                .product(name: "ServiceContextModule", package: "swift-service-context"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "DependencyInjectionMacros",
                "CThreadContext",
                "TraceVocabulary",
            ]
        ),
        // What the runtime and di-inspect share: span attribute keys and names, terminal escaping. Foundation-free.
        .target(name: "TraceVocabulary"),
        .target(name: "CThreadContext"),
        .macro(
            name: "DependencyInjectionMacros",
            dependencies: [
                "InjectionMacroExpansion",
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "InjectionMacroExpansion",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "DependencyInjectionTesting",
            dependencies: ["DependencyInjection", "TraceInspection"]
        ),

        // MARK: di-inspect
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(
            name: "TraceInspection",
            dependencies: ["TraceVocabulary"]
        ),
        // Lays out and renders in a forked child, so that a Graphviz crash cannot take di-inspect down.
        .target(
            name: "CGraphvizIsolation",
            dependencies: ["CGraphviz"]
        ),
        .target(
            name: "InspectorKit",
            dependencies: ["TraceInspection", "TraceVocabulary", "CGraphvizIsolation"]
        ),
        // Reads Swift sources with swift-syntax; kept out of TraceInspection, which the runtime's test library links.
        .target(
            name: "SourceScanning",
            dependencies: [
                "TraceInspection",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "di-inspect",
            dependencies: [
                "InspectorKit",
                "SourceScanning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests
        // `di-fixture S|L|XL -o FILE`: app-shaped synthetic traces for tests and benchmarks (no swift-syntax).
        .executableTarget(
            name: "di-fixture",
            dependencies: [
                "TraceInspection",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/Fixtures/DIFixture"
        ),
        .executableTarget(
            name: "TraceFixture",
            dependencies: ["DependencyInjection", .product(name: "Tracing", package: "swift-distributed-tracing")],
            path: "Tests/Fixtures/TraceFixture"
        ),
        // Writes a deterministic source tree of many factories, for `make bench-scan` and the scanner's tests.
        .executableTarget(
            name: "ScanTreeGenerator",
            path: "Tests/Fixtures/ScanTreeGenerator"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport"]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["DependencyInjection"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "DependencyInjectionTests",
            dependencies: [
                "DependencyInjection", "TestSupport",
                .product(name: "ServiceContextModule", package: "swift-service-context"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "DefaultContainerTests",
            dependencies: ["DependencyInjection", "TestSupport"]
        ),
        .testTarget(
            name: "InjectionMacroTests",
            dependencies: [
                "InjectionMacroExpansion",
                "DependencyInjection",
                "TestSupport",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "DependencyInjectionTestingTests",
            dependencies: [
                "DependencyInjectionTesting", "DependencyInjection", "TestSupport", "TraceVocabulary",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "InspectorKitTests",
            dependencies: ["InspectorKit", "TraceVocabulary"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SourceScanningTests",
            dependencies: ["SourceScanning", "InspectorKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Strictness for our own targets, in one place (as apple/swift-log does).
let cTargets: Set<String> = ["CThreadContext", "CGraphvizIsolation"]
for target in package.targets where target.type != .system && !cTargets.contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
