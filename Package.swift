// swift-tools-version:6.1
//
// layoutbench: a layout performance profiler and benchmark suite.
//
// Module graph (one direction only):
//   LayoutBenchJSON (the one JSON reader, with positions, and writer; with swift-collections' OrderedCollections)
//   LayoutBenchMetrics (allocation counts, clocks, statistics, growth fits)
//   LayoutBenchReport (the report model, its formatting and its page; the pages' one HTML skeleton, tables,
//     charts and Mustache templates in HTML/Templates/, embedded in the binary; with
//     LayoutBenchJSON and LayoutBenchMetrics)
//   Cassowary (solver, with BigInt for its exact arbiter; the hook a trace recorder attaches to)
//     <- CassowaryTrace (trace recording, parsing and replay; with LayoutBenchJSON)
//       <- SolverBenchmark (workloads, trace replay timing, lockstep)
//     <- LayoutEngine (Auto Layout's model on the solver)
//       <- LayoutImporter (Interface Builder documents; with LayoutBenchJSON's UTF-8 check)
//       <- LayoutScenarios (top-level Scenarios/; with LayoutText for the lfb/ family's labels)
//       <- LayoutProfiler (engine events -> profiles; its page through LayoutBenchReport)
//         <- LayoutBenchKit (runner, comparison, gates, baselines, history; the
//            comparison and history pages through LayoutBenchReport)
//           <- LayoutBenchCLI (every subcommand, its options, exit codes; with
//              SolverBenchmark and UIKitLogs) <- layoutbench (thin executable)
//       <- UIKitLogs (UIKit's conflict logs: parse, replay, explain)
//       <- LayoutText (UILabel's text measurement: HarfBuzz shaping, line breaking, a cache;
//          on CHarfBuzz, the C system library for HarfBuzz and FreeType)
import PackageDescription

// The trait SolverChecks (`swift build --traits SolverChecks`; scripts/test builds so) compiles
// the layout engine with the condition LAYOUTBENCH_SOLVER_CHECKS: every engine of that build's
// processes runs the solver's invariant checker after every mutation, so every engine a test
// makes checks. The `layoutbench` command decides for its own process from the environment
// variable of the same name (LayoutBench.main); the engine reads none
// (LayoutEngine.checksSolverInvariants).
let engineChecks: [SwiftSetting] = [.define("LAYOUTBENCH_SOLVER_CHECKS", .when(traits: ["SolverChecks"]))]

let package = Package(
    name: "layoutbench",
    products: [.executable(name: "layoutbench", targets: ["layoutbench"])]
        // Every library is a product of its own name.
        + [
            "Cassowary", "CassowaryTrace", "LayoutBenchJSON", "LayoutEngine", "LayoutScenarios", "LayoutBenchMetrics",
            "LayoutBenchReport", "LayoutBenchKit", "LayoutBenchCLI", "LayoutProfiler", "UIKitLogs", "LayoutImporter",
            "LayoutText",
        ].map { .library(name: $0, targets: [$0]) }
        // `swift package layoutbench ...` in a package whose executable calls LayoutBench.main.
        + [.plugin(name: "LayoutBenchPlugin", targets: ["LayoutBenchPlugin"])],
    // Build variants. (The libFuzzer targets are a package of their own, Fuzz/Package.swift:
    // libFuzzer supplies their entry point, so they cannot link in an ordinary build, and a trait
    // cannot add targets.)
    traits: [
        .trait(
            name: "SolverChecks",
            description: "Every layout engine runs the solver's invariant checker after every mutation (scripts/test).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Mustache templates for the HTML pages (Sources/LayoutBenchReport/HTML/Templates).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // YAML for layoutbench.yml (Sources/LayoutBenchCLI/Config), read with its nodes' line and column.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Arbitrary-precision integers for the solver's exact arbiter (Sources/Cassowary/Exact).
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        // OrderedDictionary for the reports' ordered members (counters, metrics, ratios).
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The instrumented incremental Cassowary solver. `CASSOWARY_INTERNAL_CHECKS`
        // compiles the tableau invariant checker into debug builds only.
        .target(
            name: "Cassowary",
            dependencies: [.product(name: "BigInt", package: "BigInt")],
            swiftSettings: [
                .define("CASSOWARY_INTERNAL_CHECKS", .when(configuration: .debug))
            ]
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: [
                "Cassowary", "CassowaryTrace", "LayoutBenchMetrics", "_LayoutTestSupport",
                .product(name: "BigInt", package: "BigInt"),
            ]
        ),

        // What the test targets share (not API): the one subprocess runner for tests, the
        // built `layoutbench`'s location, and the reports' JSON Schema check.
        .target(
            name: "_LayoutTestSupport",
            path: "Tests/_LayoutTestSupport"
        ),

        // JSON: one reader that keeps lines and columns (with limits on depth, numbers and
        // UTF-8) and one writer that keeps key order; traces, reports, baselines and
        // thresholds go through it. No Foundation; swift-collections' OrderedDictionary, coded
        // as a JSON object where a report member holds one.
        .target(
            name: "LayoutBenchJSON",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(
            name: "LayoutBenchJSONTests",
            dependencies: ["LayoutBenchJSON", .product(name: "OrderedCollections", package: "swift-collections")]
        ),

        // Solver traces as files: recording (`SolverTraceRecorder`, which the solver calls
        // through Cassowary's `SolverRecorder` hook), parsing (through LayoutBenchJSON) and
        // replay (docs/solver-trace.md).
        .target(
            name: "CassowaryTrace",
            dependencies: ["Cassowary", "LayoutBenchJSON"]
        ),

        // Auto Layout's model on the solver: views, anchors, constraints with
        // priorities, batches, intrinsic sizes, stacks, tables, conflict reports.
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary", "CassowaryTrace"],
            swiftSettings: engineChecks
        ),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: ["LayoutEngine", "Cassowary", "LayoutBenchMetrics"]
        ),

        // The scenarios: layout patterns and their fixes, written as app code.
        .target(
            name: "LayoutScenarios",
            dependencies: ["LayoutEngine", "LayoutText", "Cassowary"],
            path: "Scenarios"
        ),
        .testTarget(
            name: "LayoutScenariosTests",
            dependencies: ["LayoutScenarios", "LayoutEngine", "Cassowary"]
        ),

        // HarfBuzz's and FreeType's C APIs, as one system library found with pkg-config
        // (harfbuzz's flags carry freetype2's include folder; the module map links both).
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]
        ),
        // Text measured as UILabel measures it: Inter (Debian's fonts-inter) shaped with
        // HarfBuzz at FreeType's advances, lines broken at a width, sizes rounded to pixels,
        // a bounded cache and deterministic counters (docs/text.md). On the engine, so that
        // it can later conform to an engine protocol; nothing in the engine depends on it.
        .target(
            name: "LayoutText",
            dependencies: ["CHarfBuzz", "LayoutEngine"]
        ),
        .testTarget(
            name: "LayoutTextTests",
            dependencies: ["LayoutText", "LayoutEngine", "LayoutBenchMetrics"]
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
            dependencies: ["Cassowary", "CassowaryTrace", "LayoutBenchJSON", "LayoutBenchMetrics", "LayoutBenchReport"]
        ),
        .testTarget(
            name: "SolverBenchmarkTests",
            dependencies: ["SolverBenchmark", "Cassowary", "CassowaryTrace", "LayoutBenchMetrics"]
        ),

        // Linux system calls that Glibc's Swift module does not export (renameat2), for
        // writing output sets as a unit.
        .target(name: "CLayoutBenchSystem"),

        // The report: its model (`Report`, scenario and size results, growth fits, pair
        // ratios, the run options it records), the formatting of its numbers, the report page,
        // and the pages' one HTML skeleton, tables, charts and Mustache templates. The kit
        // renders the comparison and history pages through it and the profiler its profile page.
        .target(
            name: "LayoutBenchReport",
            dependencies: [
                "LayoutBenchJSON", "LayoutBenchMetrics",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // The pages' templates, style sheets and scripts, compiled into the binary as byte
            // arrays (`PackageResources`), so that the executable stays one self-contained file
            // (the instruction-count child runs a copy of it elsewhere; Bundle.module would not
            // be found there).
            resources: [
                .embedInCode("HTML/Templates/page.mustache"),
                .embedInCode("HTML/Templates/table.mustache"),
                .embedInCode("HTML/Templates/section.mustache"),
                .embedInCode("HTML/Templates/facts.mustache"),
                .embedInCode("HTML/Templates/filter-select.mustache"),
                .embedInCode("HTML/Templates/run-options.mustache"),
                .embedInCode("HTML/Templates/comparison.mustache"),
                .embedInCode("HTML/Templates/history-index.mustache"),
                .embedInCode("HTML/Templates/history-trends.mustache"),
                .embedInCode("HTML/Templates/history-compare.mustache"),
                .embedInCode("HTML/Templates/profile.mustache"),
                .embedInCode("HTML/Templates/report-summary.mustache"),
                .embedInCode("HTML/Templates/report-baseline.mustache"),
                .embedInCode("HTML/Templates/report-pairs.mustache"),
                .embedInCode("HTML/Templates/report-growth.mustache"),
                .embedInCode("HTML/Templates/report-scenarios.mustache"),
                .embedInCode("HTML/Templates/report-environment.mustache"),
                .embedInCode("HTML/Templates/figure.mustache"),
                .embedInCode("HTML/Templates/details.mustache"),
                .embedInCode("HTML/Templates/page.css"),
                .embedInCode("HTML/Templates/profile.css"),
                .embedInCode("HTML/Templates/tables.js"),
                .embedInCode("HTML/Templates/history-index.js"),
                .embedInCode("HTML/Templates/history-compare.js"),
            ]
        ),
        .testTarget(
            name: "LayoutBenchReportTests",
            dependencies: [
                "LayoutBenchReport", "LayoutBenchJSON", "_LayoutTestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),

        // The scenario runner: selection, repetitions under a time budget, counter checks,
        // growth fits and pair ratios into a report (docs/report-schema.md), comparison,
        // gates, baselines, the history site, trace recording.
        .target(
            name: "LayoutBenchKit",
            dependencies: [
                "LayoutScenarios", "LayoutEngine", "Cassowary", "LayoutBenchJSON", "LayoutBenchMetrics", "LayoutBenchReport", "LayoutProfiler",
                "LayoutImporter", "CLayoutBenchSystem",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .testTarget(
            name: "LayoutBenchKitTests",
            dependencies: [
                "LayoutBenchKit", "LayoutBenchJSON", "LayoutScenarios", "LayoutEngine", "Cassowary", "CassowaryTrace", "LayoutBenchMetrics",
                "LayoutBenchReport", "LayoutProfiler", "_LayoutTestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            exclude: ["Golden"]
        ),

        // Interface Builder documents (.xib, .storyboard) as engine hierarchies, laid out
        // and compared with the frames Xcode stored (docs/importer.md).
        .target(
            name: "LayoutImporter",
            dependencies: ["LayoutEngine", "LayoutBenchJSON"]
        ),
        .testTarget(
            name: "LayoutImporterTests",
            dependencies: ["LayoutImporter", "LayoutEngine", "LayoutBenchKit", "_LayoutTestSupport"]
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
                "LayoutEngine",
                "LayoutImporter",
                "LayoutScenarios",
                "SolverBenchmark",
                "UIKitLogs",
                .product(name: "Yams", package: "Yams"),
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
                "_LayoutTestSupport",
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

        // The command-line tool: `LayoutBench.main()`, nothing else.
        .executableTarget(
            name: "layoutbench",
            dependencies: ["LayoutBenchCLI"]
        ),

        // The profiler: records engine events (bounded), attributes cost to views,
        // constraint identifiers and operations, finds churn and the seed's anti-patterns,
        // and renders text, JSON and HTML (docs/profile.md).
        .target(
            name: "LayoutProfiler",
            dependencies: ["LayoutEngine", "Cassowary", "LayoutBenchReport"]
        ),
        .testTarget(
            name: "LayoutProfilerTests",
            dependencies: ["LayoutProfiler", "LayoutScenarios", "LayoutEngine", "Cassowary"]
        ),

        // UIKit's "Unable to simultaneously satisfy constraints" logs: the parser, the replay in
        // the engine, the explanation and fix (docs/uikit-logs.md).
        .target(
            name: "UIKitLogs",
            dependencies: ["LayoutEngine", "Cassowary", "LayoutBenchJSON"]
        ),
        .testTarget(
            name: "UIKitLogsTests",
            dependencies: ["UIKitLogs", "LayoutEngine", "Cassowary", "_LayoutTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
