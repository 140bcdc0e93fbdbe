import Foundation
import LayoutScenarios
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// The report JSON of a real, in-process run, byte for byte: two scenarios at fixed sizes, their
/// solver counters, expectations, growth fits and pair ratios, and the run's `options` with every
/// member set. Clocks and memory readings are replaced by fixed values before encoding, so the
/// file holds only what the run determines.
///
/// It guards refactorings of the run options and the command line (issue 18): a change that moves
/// a key of `options`, drops a member or changes a counter fails here. The golden files are
/// `Golden/run-golden.json` and `Golden/options-golden.json`; after an intended change run
/// `LAYOUTBENCH_UPDATE_GOLDEN=1 swift test --filter RunGoldenTests` and review the diff.
@Suite("Run golden report")
struct RunGoldenTests {
    /// Two real scenarios (an anti-pattern and its fix) at sizes 4 and 8: no warm-up, one timed
    /// and one counting repetition, no allocation counting.
    static func configuration() -> RunConfiguration {
        var configuration = RunnerTests.configuration(from: .quickDefaults, repetitions: 1, warmup: 0, counting: 1)
        configuration.selection = ScenarioSelection(patterns: ["activation/individual", "activation/batch"], tags: [])
        configuration.sizes = [4, 8]
        return configuration
    }

    /// `result` with its clock and memory readings replaced by fixed values (a function of the
    /// size only), and what derives from them recomputed.
    static func fixedClocks(_ result: SizeResult) -> SizeResult {
        var fixed = result
        let nanoseconds = UInt64(1_000 * result.size)
        fixed.elapsedSeconds = 0
        fixed.time = TimeResult(
            wallNanoseconds: ScenarioRunner.summary(Array(repeating: nanoseconds, count: result.repetitions.timed)),
            cpuNanoseconds: ScenarioRunner.summary(Array(repeating: nanoseconds, count: result.repetitions.timed)))
        fixed.memory = MemoryResult(
            peakResidentBytes: 30_000_000, peakIncreaseBytes: 4_096,
            samples: Array(
                repeating: MemorySample(residentBytesBeforeRun: 29_995_904, peakResidentBytes: 30_000_000),
                count: result.repetitions.counting))
        fixed.perOperation = ScenarioRunner.perOperation(fixed)
        return fixed
    }

    /// The run's report, with fixed clocks, tool, environment and date.
    static func runReport() throws -> Report {
        let configuration = configuration()
        let scenarios = try configuration.selection.select(from: ScenarioCatalog.all)
        let outcome = try ScenarioRunner(configuration: configuration, allocationCounter: nil).run(scenarios)
        let fixed = ScenarioRunner.Outcome(
            scenarios: zip(scenarios, outcome.scenarios).map { scenario, result in
                ScenarioRunner.scenarioResult(scenario, result.sizes.map(fixedClocks))
            },
            warnings: outcome.warnings, durationSeconds: 0)
        return Report.assemble(
            outcome: fixed, configuration: configuration, formats: [.json],
            tool: Report.ToolInfo(version: "0.1.0", gitCommit: String(repeating: "cd", count: 20), gitDirty: false),
            environment: Fixture.environment, date: "2025-06-01T12:00:00Z")
    }

    /// A report whose options have every member set, as `run` records them.
    static func optionsReport() -> Report {
        var configuration = RunConfiguration.standard
        configuration.selection = ScenarioSelection(patterns: ["cells/*", "activation/batch"], tags: ["smoke"])
        configuration.sizes = [10, 20]
        configuration.warmup = 2
        configuration.minimumRepetitions = 4
        configuration.maximumRepetitions = 9
        configuration.countingRepetitions = 3
        configuration.countAllocations = false
        configuration.timeBudgetSeconds = 12.5
        configuration.injectChurn = 3
        configuration.layouts = ["Layouts/Main.storyboard", "Cells"]
        configuration.injectWork = 250
        configuration.instructions = true
        configuration.shard = RunConfiguration.Shard(index: 2, count: 3)
        return Report.assemble(
            outcome: ScenarioRunner.Outcome(scenarios: [], warnings: [], durationSeconds: 0), configuration: configuration,
            formats: [.json, .html],
            tool: Report.ToolInfo(version: "0.1.0", gitCommit: nil, gitDirty: nil), environment: Fixture.environment,
            date: "2025-06-01T12:00:00Z")
    }

    /// Compares `text` with the golden file `name`, or writes it with `LAYOUTBENCH_UPDATE_GOLDEN=1`.
    static func expectSnapshot(_ text: String, _ name: String) throws {
        let url = Fixture.golden.appendingPathComponent(name)
        let golden = try GoldenFile.read(url, writing: text, when: "LAYOUTBENCH_UPDATE_GOLDEN")
        #expect(text == golden, "\(name) changed; see RunGoldenTests' documentation to regenerate it.")
    }

    @Test("A fixed in-process run of two scenarios encodes exactly as the golden report")
    func runGolden() throws {
        let report = try Self.runReport()
        #expect(report.scenarios.map(\.name) == ["activation/individual", "activation/batch"])
        #expect(report.status == .passed)
        try Self.expectSnapshot(try report.jsonText(), "run-golden.json")
    }

    @Test("The options record with every member set encodes exactly as the golden file")
    func optionsGolden() throws {
        let text = try OrderedJSONEncoder().encode(Self.optionsReport().options).serialized(pretty: true) + "\n"
        try Self.expectSnapshot(text, "options-golden.json")
    }
}
