// swift-tools-version:6.0
//
// layoutbench: a layout performance profiler and benchmark suite.
//
// Module graph (one direction only):
//   Cassowary (solver, no dependencies)
//     <- LayoutEngine (Auto Layout's model on the solver)
//       <- LayoutScenarios (top-level Scenarios/)
//         <- LayoutBenchKit (runner, metrics, reports, gates)
//           <- layoutbench (thin executable)
import PackageDescription

let package = Package(
    name: "layoutbench",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "LayoutBenchMetrics", targets: ["LayoutBenchMetrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The instrumented incremental Cassowary solver. `CASSOWARY_INTERNAL_CHECKS`
        // compiles the tableau invariant checker into debug builds only.
        .target(
            name: "Cassowary",
            swiftSettings: [
                .define("CASSOWARY_INTERNAL_CHECKS", .when(configuration: .debug)),
            ]
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary"]
        ),

        // jemalloc's C API (mallctl), as a system library found with pkg-config.
        // Linking it makes jemalloc the process's malloc, so Swift allocations are counted.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // Measurement: allocation counts, clocks, resident memory, statistics, growth fits.
        // Independent of the solver.
        .target(
            name: "LayoutBenchMetrics",
            dependencies: ["CJemalloc"]
        ),
        .testTarget(
            name: "LayoutBenchMetricsTests",
            dependencies: ["LayoutBenchMetrics"]
        ),
    ]
)
