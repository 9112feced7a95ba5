// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// Live resolution spans sent to an OpenTelemetry backend with swift-otel. A package of its own: swift-otel's first
// build takes minutes, and nothing else needs it (the runtime depends only on the swift-distributed-tracing API).
// `make test-otel-example` builds it and checks what it sends to a local OTLP/HTTP receiver.
let package = Package(
    name: "OTelSpans",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.12.0"),
    ],
    targets: [
        .executableTarget(
            name: "OTelSpans",
            dependencies: [
                .product(name: "DependencyInjection", package: root),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
