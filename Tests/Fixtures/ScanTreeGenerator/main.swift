import Foundation

// Writes a deterministic Swift source tree for `make bench-scan` and the scanner's tests:
//   ScanTreeGenerator OUTPUT [--factories 2000] [--files 200] [--seed 1]
// OUTPUT/Sources/ModuleNN/FileNNN.swift, ten files per module, the factories spread evenly over the files.
// Each factory depends on up to three factories declared before it (calls in its closure, or an injected
// property of the type it constructs), and the forms vary: explicit types, names, scopes, throwing and
// async closures. The same arguments always write the same bytes.

struct Options {
    var output = ""
    var factories = 2_000
    var files = 200
    var seed: UInt64 = 1
}

/// SplitMix64: a small deterministic generator.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        switch argument {
        case "--factories":
            guard let v = value().flatMap(Int.init), v > 0 else { return nil }
            options.factories = v
        case "--files":
            guard let v = value().flatMap(Int.init), v > 0 else { return nil }
            options.files = v
        case "--seed":
            guard let v = value().flatMap(UInt64.init) else { return nil }
            options.seed = v
        default:
            guard options.output.isEmpty, !argument.hasPrefix("-") else { return nil }
            options.output = argument
        }
        index += 1
    }
    return options.output.isEmpty ? nil : options
}

func source(file: Int, range: Range<Int>, random: inout Random) -> String {
    var text = "import DependencyInjection\n\n"
    var declarations = "extension Container {\n"
    for id in range {
        let dependencies = id == 0 ? [] : (0..<random.below(4)).map { _ in random.below(id) }
        let scope = ["unique", "cached", "shared"][random.below(3)]
        let form = random.below(5)
        let calls = dependencies.map { "Container.factory\($0)()" }
        // Every fourth type takes its first dependency through an injected property instead of a call.
        let injects = form == 4 && !dependencies.isEmpty
        text += "final class Service\(id): Sendable {\n"
        if injects {
            text += "    @Injected(Container.factory\(dependencies[0])) var injected: Service\(dependencies[0])\n"
        }
        text += "    init(_ dependencies: Any...) {}\n}\n\n"
        let arguments = (injects ? Array(calls.dropFirst()) : calls).joined(separator: ", ")
        switch form {
        case 0:
            declarations += "    static let factory\(id): SyncFactory<Service\(id)> = Factory(scope: .\(scope)) {\n"
            declarations += "        Service\(id)(\(arguments))\n    }\n"
        case 1:
            declarations +=
                "    static let factory\(id) = Factory(scope: .\(scope), name: \"f\(id)\") { Service\(id)(\(arguments)) }\n"
        case 2:
            declarations += "    static let factory\(id) = Factory(scope: .\(scope)) {\n"
            declarations +=
                "        let made = Service\(id)(\(arguments))\n        return made as Service\(id)\n    }\n"
        default:
            declarations += "    static let factory\(id) = Factory {\n        Service\(id)(\(arguments))\n    }\n"
        }
    }
    return text + declarations + "}\n// File \(file).\n"
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("usage: ScanTreeGenerator OUTPUT [--factories 2000] [--files 200] [--seed 1]\n".utf8))
    exit(2)
}
var random = Random(state: options.seed)
let manager = FileManager.default
do {
    try? manager.removeItem(atPath: options.output)
    for file in 0..<options.files {
        let module = String(format: "Module%02d", file / 10)
        let folder = "\(options.output)/Sources/\(module)"
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = file * options.factories / options.files
        let end = (file + 1) * options.factories / options.files
        let text = source(file: file, range: start..<end, random: &random)
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/File\(String(format: "%03d", file)).swift"))
    }
    print("Wrote \(options.factories) factories in \(options.files) files under \(options.output).")
} catch {
    FileHandle.standardError.write(Data("ScanTreeGenerator: could not write \(options.output): \(error)\n".utf8))
    exit(1)
}
