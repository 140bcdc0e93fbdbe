import LayoutBenchMetrics
import LayoutScenarios

/// One `layoutbench run`, start to finish: select, check the output folder, measure, write
/// the report. The command-line tool only parses arguments and prints.
public struct RunSession {
    /// What to run.
    public var configuration: RunConfiguration
    /// The formats to write.
    public var formats: [ReportFormat]
    /// Where to write.
    public var output: ReportOutput
    /// The tool's version, for the report.
    public var toolVersion: String
    /// The scenarios to choose from.
    public var catalog: [Scenario]
    /// This tool's binary, which `--instructions` runs again under callgrind
    /// (``InstructionRun``); `nil` where there is none (tests in process).
    public var executablePath: String?
    /// Whether the child under callgrind prints a line per measurement (`--instructions`).
    public var instructionProgressLines = false

    public init(
        configuration: RunConfiguration, formats: [ReportFormat], output: ReportOutput, toolVersion: String,
        catalog: [Scenario] = ScenarioCatalog.all
    ) {
        self.configuration = configuration
        self.formats = formats
        self.output = output
        self.toolVersion = toolVersion
        self.catalog = catalog
    }

    /// What a run produced.
    public struct Result {
        /// The report.
        public var report: Report
        /// The files written, `latest/` first.
        public var written: [String]
        /// ``ExitStatus/success`` or ``ExitStatus/failed``.
        public var exitStatus: ExitStatus
    }

    /// Checks the options and the selection without running anything.
    ///
    /// - Returns: The scenarios that would run.
    /// - Throws: ``LayoutBenchError`` for bad options, unknown names or tags.
    public func selectedScenarios() throws(LayoutBenchError) -> [Scenario] {
        try configuration.validate()
        guard !formats.isEmpty else { throw LayoutBenchError(.invalidOption, "--format needs at least one format.") }
        let scenarios: [Scenario]
        do throws(LayoutBenchError) {
            scenarios = try configuration.selection.select(from: catalog)
        } catch {
            if let value = configuration.configuredOptions[.selection] {
                throw LayoutBenchError(
                    .invalidConfiguredOption,
                    "\(value.location): '\(value.key)': \(error.message) "
                        + "Change it in the file, or name the scenarios on the command line to override it.")
            }
            if let stored = configuration.storedOptions, stored.options.contains(.selection) {
                throw LayoutBenchError(
                    .invalidStoredOptions,
                    "The baseline \(stored.path) stores a selection (options.filters/tags) this tool cannot run: \(error.message) "
                        + "Name the scenarios on the command line to override it, or save a new baseline.")
            }
            throw error
        }
        for scenario in scenarios {
            for size in configuration.sizes(for: scenario) {
                try configuration.check(size: size, for: scenario)
            }
        }
        return scenarios
    }

    /// Runs the selected scenarios and writes the report.
    ///
    /// The output folder is checked and locked (``ReportOutput/prepare()``) before anything
    /// runs, and stays locked until the report is written.
    ///
    /// - Parameters:
    ///   - progress: Receives progress between measured intervals.
    ///   - extraFiles: Files to write into `latest/` with the report, in the same set (`check`
    ///     adds `check.md`, `comparison.html` and a `report.html` with the baseline section).
    /// - Throws: ``LayoutBenchError``: usage errors before anything runs, `unwritable-output`
    ///   and `output-locked` before the run (the folder is checked first), `unwritable-output`
    ///   after it, `allocation-counting-unavailable` before it, `measured-nothing` when a
    ///   scenario's repetition did nothing (no report is written then), `invalid-scenario`
    ///   for a scenario that declares fewer than three sizes.
    public func run(
        progress: RunProgress?, extraFiles: (Report) -> [OutputSet.File] = { _ in [] }
    ) throws(LayoutBenchError) -> Result {
        let scenarios = try selectedScenarios()
        if configuration.instructions {
            // The child is this executable again: it selects from the same catalogue (the
            // built-in one, or an app's LayoutBench.main(scenarios:)), or imports the same
            // --layouts documents and runs the scenarios selected here (InstructionRun.Request).
            guard executablePath != nil else {
                throw LayoutBenchError(.instructionCountingUnavailable, "--instructions needs the layoutbench binary to run under valgrind.")
            }
            guard InstructionRun.valgrindPath() != nil else {
                throw LayoutBenchError(
                    .instructionCountingUnavailable,
                    "--instructions runs the scenarios under valgrind, which is not on PATH. Install it (sudo apt-get install valgrind).")
            }
        }
        let lock = try output.prepare()
        defer { lock.release() }
        var counter: AllocationCounter?
        var unavailable: String?
        if configuration.instructions {
            unavailable = "--instructions"
        } else if configuration.countAllocations {
            do {
                counter = try AllocationCounter()
            } catch {
                throw LayoutBenchError(
                    .allocationCountingUnavailable,
                    "Cannot count allocations: \(error.message) Run with --no-allocations to measure without them.")
            }
        } else {
            unavailable = "--no-allocations"
        }
        let date = EnvironmentCapture.utcTimestamp()
        let tool = EnvironmentCapture.tool(version: toolVersion)
        let environment = RunEnvironment(
            toolchain: EnvironmentCapture.toolchain(), machine: EnvironmentCapture.machine(),
            measurement: EnvironmentCapture.measurement(allocationCounter: counter, allocationCountingUnavailable: unavailable))

        var outcome: ScenarioRunner.Outcome
        if configuration.instructions, let executablePath {
            outcome = try InstructionRun.measure(
                configuration: configuration, scenarios: scenarios, executable: executablePath,
                progressLines: instructionProgressLines)
            let valgrind = InstructionRun.valgrindPath().flatMap(InstructionRun.valgrindVersion) ?? "valgrind"
            outcome.warnings.append(
                "Instructions counted under \(valgrind)'s callgrind (--instructions): each size ran once after its warm-ups; "
                    + "its times are valgrind's (tens of times slower than native) and allocations were not counted.")
        } else {
            let runner = ScenarioRunner(configuration: configuration, allocationCounter: counter, progress: progress)
            outcome = try runner.run(scenarios)
        }
        var report = Report.assemble(
            outcome: outcome, configuration: configuration, formats: formats, tool: tool, environment: environment,
            date: date)
        // JSON objects decoded from the child lose their order; give them the report's.
        if configuration.instructions { report.restoreDeclaredOrder() }
        let written = try output.write(report, formats: formats, extraFiles: extraFiles(report))
        return Result(report: report, written: written, exitStatus: report.failures.isEmpty ? .success : .failed)
    }
}
