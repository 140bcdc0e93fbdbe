import Foundation
import LayoutScenarios

@testable import LayoutBenchKit

/// Reports built from fixed results for the comparison, gate, baseline and HTML suites.
enum GateFixture {
    /// One scenario's sizes: wall-time samples and counters per size.
    struct ScenarioSpec {
        var name: String
        var pair: Scenario.Pair? = nil
        var sizes: [SizeResult]
    }

    /// A size result with `wall` samples, `cellUpdates` and `solves`, and `allocations`.
    static func size(
        _ size: Int, wall: [UInt64], solves: Int = 10, cellUpdates: Int = 100, allocations: UInt64? = 50,
        allocationSamples: [UInt64]? = nil, peakIncrease: UInt64 = 4096, failures: [Report.Failure] = []
    ) -> SizeResult {
        var result = Fixture.sizeResult(
            size: size, wall: wall, counters: Fixture.counters(solves: solves, cellUpdates: cellUpdates), allocations: allocations,
            peakIncrease: peakIncrease, failures: failures)
        if let allocationSamples, var allocations = result.allocations {
            allocations.samples = allocationSamples.map { AllocationSample(count: $0, bytes: allocations.bytes, deallocatedBytes: 0) }
            allocations.count = allocationSamples[0]
            allocations.repetitionsAgree = Set(allocationSamples).count == 1
            result.allocations = allocations
        }
        return result
    }

    /// A report of the given scenarios.
    static func report(_ specs: [ScenarioSpec], injectChurn: Int = 0, date: String = "2026-01-01T12:00:00Z") -> Report {
        let results = specs.map { spec in
            ScenarioRunner.scenarioResult(Fixture.scenario(name: spec.name, pair: spec.pair), spec.sizes)
        }
        let outcome = ScenarioRunner.Outcome(scenarios: results, warnings: [], durationSeconds: 1)
        var configuration = RunConfiguration.quickDefaults
        configuration.injectChurn = injectChurn
        return Report.assemble(
            outcome: outcome, configuration: configuration, formats: [.json, .html],
            tool: Report.ToolInfo(version: "0.1.0", gitCommit: String(repeating: "cd", count: 20), gitDirty: false),
            environment: Fixture.environment, date: date)
    }

    /// A report as read from a file.
    static func loaded(_ report: Report, path: String = "head.json") throws -> LoadedReport {
        LoadedReport(report: report, path: path, bytes: Array(try report.jsonText().utf8))
    }

    /// ``simple()`` as `base.json` compared with ``simple()`` with `cellUpdates` as `head.json`.
    static func simpleComparison(cellUpdates: Int = 130) throws -> (head: LoadedReport, comparison: ReportComparison) {
        let base = try loaded(simple(), path: "base.json")
        let head = try loaded(simple(cellUpdates: cellUpdates))
        return (head, ReportComparison.compare(base: base, head: head))
    }

    /// A simple report: `demo/a` and `demo/b` at sizes 10 and 20, with ten wall samples
    /// around `wall` nanoseconds, and the given counters.
    static func simple(wall: UInt64 = 100_000, spread: UInt64 = 1_000, solves: Int = 10, cellUpdates: Int = 100, allocations: UInt64 = 50) -> Report {
        func samples(_ center: UInt64) -> [UInt64] { (0..<10).map { center + UInt64($0) * spread } }
        return report([
            ScenarioSpec(
                name: "demo/a",
                sizes: [
                    size(10, wall: samples(wall), solves: solves, cellUpdates: cellUpdates, allocations: allocations),
                    size(20, wall: samples(wall * 2), solves: solves * 2, cellUpdates: cellUpdates * 2, allocations: allocations * 2),
                ]),
            ScenarioSpec(
                name: "demo/b",
                sizes: [
                    size(10, wall: samples(wall), solves: 1, cellUpdates: cellUpdates),
                    size(20, wall: samples(wall * 2), solves: 1, cellUpdates: cellUpdates * 2),
                ]),
        ])
    }

    /// Writes `text` to a new file in `folder`.
    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }
}
