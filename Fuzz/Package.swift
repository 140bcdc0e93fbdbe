// swift-tools-version:6.1
// The libFuzzer targets, one per parser that takes a user's files (docs/fuzzing.md), over the
// layoutbench package in the folder above. A package of their own: libFuzzer supplies their
// entry point, so they link only with -sanitize=fuzzer (scripts/fuzz builds each so), and an
// ordinary build of layoutbench must not meet them.
import Foundation
import PackageDescription

/// SwiftPM names a package used by path after its folder: the checkout's, whatever it is called.
let layoutbench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .standardizedFileURL.lastPathComponent.lowercased()

let fuzzTargets: [(name: String, products: [String])] = [
    ("FuzzTrace", ["Cassowary", "CassowaryTrace"]),
    ("FuzzReport", ["LayoutBenchKit"]),
    ("FuzzThresholds", ["LayoutBenchKit"]),
    ("FuzzVisualFormat", ["LayoutEngine"]),
    ("FuzzUIKitLog", ["UIKitLogs"]),
    ("FuzzInterfaceBuilder", ["LayoutImporter"]),
    ("FuzzConfig", ["LayoutBenchCLI"]),
]

let package = Package(
    name: "layoutbench-fuzz",
    products: fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    dependencies: [.package(path: "..")],
    targets: [
        // libFuzzer's driver, called by every target's main.
        .target(name: "FuzzSupport", path: "FuzzSupport")
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: target.products.map { .product(name: $0, package: layoutbench) } + ["FuzzSupport"],
                path: target.name)
        }
)
