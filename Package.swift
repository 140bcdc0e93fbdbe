// swift-tools-version:6.0
//
// layoutbench: a layout performance profiler and benchmark suite.
//
// Module graph (one direction only):
//   Cassowary (solver, no dependencies)
//     <- LayoutEngine (Auto Layout's model on the solver)
//       <- LayoutImporter (Interface Builder documents)
//       <- LayoutScenarios (top-level Scenarios/)
//         <- LayoutBenchKit (runner, metrics, reports, gates)
//           <- LayoutBenchCLI (every subcommand, its options, exit codes; with
//              SolverBenchmark and UIKitLogs) <- layoutbench (thin executable)
//       <- UIKitLogs (UIKit's conflict logs: parse, replay, explain)
import PackageDescription

let package = Package(
    name: "layoutbench",
    products: [
        .executable(name: "layoutbench", targets: ["layoutbench"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "LayoutScenarios", targets: ["LayoutScenarios"]),
        .library(name: "LayoutBenchMetrics", targets: ["LayoutBenchMetrics"]),
        .library(name: "LayoutBenchKit", targets: ["LayoutBenchKit"]),
        .library(name: "LayoutBenchCLI", targets: ["LayoutBenchCLI"]),
        .library(name: "LayoutProfiler", targets: ["LayoutProfiler"]),
        .library(name: "UIKitLogs", targets: ["UIKitLogs"]),
        .library(name: "LayoutImporter", targets: ["LayoutImporter"]),
        // `swift package layoutbench ...` in a package whose executable calls LayoutBench.main.
        .plugin(name: "LayoutBenchPlugin", targets: ["LayoutBenchPlugin"]),
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

        // Auto Layout's model on the solver: views, anchors, constraints with
        // priorities, batches, intrinsic sizes, stacks, tables, conflict reports.
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary"]
        ),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: ["LayoutEngine", "Cassowary"]
        ),

        // The scenarios: layout patterns and their fixes, written as app code.
        .target(
            name: "LayoutScenarios",
            dependencies: ["LayoutEngine", "Cassowary"],
            path: "Scenarios"
        ),
        .testTarget(
            name: "LayoutScenariosTests",
            dependencies: ["LayoutScenarios", "LayoutEngine", "Cassowary"]
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

        // Solver benchmark: workload traces, a replay timer per operation class (docs/performance.md).
        .target(
            name: "SolverBenchmark",
            dependencies: ["Cassowary", "LayoutBenchMetrics"]
        ),
        .testTarget(
            name: "SolverBenchmarkTests",
            dependencies: ["SolverBenchmark"]
        ),

        // Linux system calls that Glibc's Swift module does not export (renameat2), for
        // writing output sets as a unit.
        .target(name: "CLayoutBenchSystem"),

        // The scenario runner: selection, repetitions under a time budget, counter checks,
        // growth fits, pair ratios, the JSON report (docs/report-schema.md), trace recording.
        .target(
            name: "LayoutBenchKit",
            dependencies: [
                "LayoutScenarios", "LayoutEngine", "Cassowary", "LayoutBenchMetrics", "LayoutProfiler", "LayoutImporter", "CLayoutBenchSystem",
            ]
        ),
        .testTarget(
            name: "LayoutBenchKitTests",
            dependencies: ["LayoutBenchKit", "LayoutScenarios", "LayoutEngine", "Cassowary", "LayoutBenchMetrics"],
            exclude: ["Snapshots"]
        ),

        // Interface Builder documents (.xib, .storyboard) as engine hierarchies, laid out
        // and compared with the frames Xcode stored (docs/importer.md).
        .target(
            name: "LayoutImporter",
            dependencies: ["LayoutEngine"]
        ),
        .testTarget(
            name: "LayoutImporterTests",
            dependencies: ["LayoutImporter", "LayoutEngine", "LayoutBenchKit"]
        ),

        // The command line as a library: every subcommand (one file each), the run options
        // shared by run and check, the one ExitStatus-to-help-table and error-to-exit mapping.
        // An app's executable reuses it with its own scenarios (LayoutBench.main(scenarios:)).
        .target(
            name: "LayoutBenchCLI",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "LayoutBenchKit",
                "LayoutBenchMetrics",
                "LayoutImporter",
                "LayoutScenarios",
                "SolverBenchmark",
                "UIKitLogs",
            ]
        ),
        .testTarget(
            name: "LayoutBenchCLITests",
            dependencies: [
                "LayoutBenchCLI",
                "LayoutBenchKit",
                "LayoutImporter",
                "LayoutEngine",
                "LayoutScenarios",
                "SolverBenchmark",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Golden"]
        ),

        // `swift package layoutbench <subcommand>` in an app's package: builds its executable
        // that calls LayoutBench.main(scenarios:) and runs it (docs/your-layouts.md).
        .plugin(
            name: "LayoutBenchPlugin",
            capability: .command(
                intent: .custom(verb: "layoutbench", description: "Run layoutbench over this package's scenarios."),
                permissions: [.writeToPackageDirectory(reason: "layoutbench writes its reports and baselines into Reports/.")]
            )
        ),

        // The command-line tool: `LayoutBenchCommand.main()`, nothing else.
        .executableTarget(
            name: "layoutbench",
            dependencies: ["LayoutBenchCLI"]
        ),

        // The profiler: records engine events (bounded), attributes cost to views,
        // constraint identifiers and operations, finds churn and the seed's anti-patterns,
        // and renders text, JSON and HTML (docs/profile.md).
        .target(
            name: "LayoutProfiler",
            dependencies: ["LayoutEngine", "Cassowary"]
        ),
        .testTarget(
            name: "LayoutProfilerTests",
            dependencies: ["LayoutProfiler", "LayoutBenchKit", "LayoutScenarios", "LayoutEngine", "Cassowary"]
        ),

        // UIKit's "Unable to simultaneously satisfy constraints" logs: the parser, the replay in
        // the engine, the explanation and fix (docs/uikit-logs.md).
        .target(
            name: "UIKitLogs",
            dependencies: ["LayoutEngine", "Cassowary"]
        ),
        .testTarget(
            name: "UIKitLogsTests",
            dependencies: ["UIKitLogs", "LayoutEngine", "Cassowary"],
            exclude: ["Fixtures"]
        ),
    ]
)

// libFuzzer targets, one per parser (Fuzz/, docs/fuzzing.md): only with LAYOUTBENCH_FUZZ=1, as
// `scripts/fuzz` builds them (with -sanitize=fuzzer and -parse-as-library: libFuzzer supplies
// main, so these targets cannot link in an ordinary build).
if Context.environment["LAYOUTBENCH_FUZZ"] == "1" {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzTrace", ["Cassowary"]),
        ("FuzzReport", ["LayoutBenchKit"]),
        ("FuzzThresholds", ["LayoutBenchKit"]),
        ("FuzzVisualFormat", ["LayoutEngine"]),
        ("FuzzUIKitLog", ["UIKitLogs"]),
        ("FuzzInterfaceBuilder", ["LayoutImporter"]),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies, path: "Fuzz/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
