import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios

/// `layoutbench record-trace`: records a scenario's solver operations for `solver-bench --trace`.
struct RecordTraceCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "record-trace",
        abstract: "Record a scenario's solver operations as traces for 'solver-bench --trace'.",
        discussion: """
            Prepares and runs the scenario once at --size, recording every layout engine's solver \
            from its creation (docs/solver-trace.md). One engine gives one file; several give \
            <name>.engine1.jsonl, <name>.engine2.jsonl, ... Replay with \
            'layoutbench solver-bench --trace FILE'.

            \(exitTable.text)
            """)

    /// The exit codes of `record-trace`.
    static let exitTable = ExitTable([
        .success: "the traces were written",
        .failed: "the traces were written, but the scenario failed an expectation",
        .usage:
            "invalid arguments (unknown scenario, a size the scenario cannot run at or\nabove its size limit; LAYOUTBENCH_MAX_SIZE raises the limit)",
        .invalidScenario: "the scenario declares fewer than three sizes",
        .cannotWriteOutput: "a trace file cannot be written",
    ])

    @Argument(help: ArgumentHelp("The scenario, e.g. activation/batch.", valueName: "scenario"))
    var scenario: String

    @OptionGroup var size: ScenarioSizeOption

    @Option(
        help: ArgumentHelp(
            "The trace file (default: <family>-<variant>-<size>.jsonl in the current folder).", valueName: "file"))
    var output: String?

    func validate() throws {
        try validatePath(output, option: "--output")
    }

    func execute() throws {
        let chosen = try Self.find(scenario, in: LayoutBench.catalog)
        let size = try self.size.size(for: chosen)
        let recording = TraceRecording.record(chosen, size: size)
        let written = try TraceRecording.write(recording, to: output ?? TraceRecording.defaultOutput(chosen, size: size))
        for path in written {
            CommandLineOutput.writeOutput("Wrote \(path)\n")
        }
        if !recording.failures.isEmpty {
            for failure in recording.failures {
                CommandLineOutput.writeError("error: \(chosen.name) at size \(size): \(failure)\n")
            }
            throw CommandExit(.failed)
        }
    }

    /// The one scenario of `catalog` called `name` (``ScenarioSelection/single(_:in:oneScenario:)``).
    static func find(_ name: String, in catalog: [Scenario]) throws(LayoutBenchError) -> Scenario {
        try ScenarioSelection.single(name, in: catalog, oneScenario: "record-trace records one scenario")
    }
}
