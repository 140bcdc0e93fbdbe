import ArgumentParser
import LayoutBenchKit

/// `layoutbench run`: measures the scenarios and writes the report.
struct RunCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the layout scenarios and write Reports/latest/report.json.",
        discussion: """
            Each scenario runs at each of its sizes: warm-up repetitions, timed repetitions (wall \
            and CPU time), then counting repetitions (allocations through jemalloc, peak resident \
            memory). Every repetition checks the scenario's expectations and that its solver \
            counters equal the first repetition's. The report adds growth fits per scenario (O(1) \
            to O(n^3) and a log-log exponent) and anti-pattern/fix ratios; docs/report-schema.md \
            describes it.

            The number of timed repetitions adapts to --time-budget: each measurement (scenario \
            and size) gets the time left divided by the measurements left, and takes between \
            --repetitions (default 3) and --max-repetitions (default 30; 5 with --quick) timed \
            repetitions. --repetitions alone fixes the count.

            The report goes to <output>/latest/ and, unless --no-history, to \
            <output>/runs/<UTC time>-<commit>/: report.json and report.html (one self-contained \
            page) by default. It is written even when scenarios fail.

            --inject-churn N makes a deliberately slowed variant for testing gates: every display \
            frame deactivates up to N active constraints and activates them again. The scenarios' expectations \
            no longer hold then; their failures become warnings, and the report's options say \
            injectChurn (docs/ci.md).

            --instructions counts each measurement's instructions with valgrind's callgrind instead: \
            the scenarios run again in a child process under valgrind, each size once after its \
            warm-ups, and the report gains an `instructions` per size (the measured run() only; \
            deterministic for a binary and input, so gated with a small threshold; docs/performance.md). \
            --inject-work N adds N generator steps per cell update to every solve: a slowed variant \
            that moves only instructions and time, for testing that gate (docs/ci.md).

            --shard K/N runs part K of N: the selected measurements (scenario and size, in catalogue \
            order) numbered from 0, those whose number modulo N is K - 1. The report's options say \
            shard; 'layoutbench merge' joins the N reports into the unsharded run's (docs/ci.md).

            Options may come from a configuration file instead: --config FILE, else layoutbench.yml \
            in the working directory when it exists (layouts, kinds, scenarios, tags, sizes, quick, \
            repetitions, output; options given here win over it; docs/your-layouts.md, "Without \
            Swift: layoutbench.yml").

            \(exitTable.text)
            """)

    /// The exit codes of `run`, `list` and `record-trace` (README "Running").
    static let exitTable = ExitTable([
        .success: "every scenario ran and met its expectations",
        .failed:
            "an expectation failed or counters differed between repetitions\n(the report is still written; stderr names scenario, size, expectation)",
        .usage: "invalid arguments: unknown option, scenario or tag, bad sizes",
        .badInput:
            "a --layouts document is malformed XML or not an Interface Builder document;\nlayoutbench.yml has an unknown key or a wrong value (file:line:column)",
        .noInput: "a --layouts path names nothing, a file cannot be read, or --config names no file",
        .unavailable:
            "allocations cannot be counted (jemalloc); try --no-allocations;\nor, with --instructions, instructions cannot be counted (valgrind)",
        .invalidScenario:
            "a scenario declares fewer than three sizes, or a measurement measured nothing\n(no solver work, no frame assigned, no text measured); no report is written",
        .cannotWriteOutput: "the output folder or a report file cannot be written",
        .temporaryFailure: "another layoutbench process is writing into the same output folder",
    ])

    @OptionGroup var runOptions: RunOptionGroup

    @Option(
        help: ArgumentHelp(
            "Run only part K of N of the selected measurements (1 ≤ K ≤ N), for spreading a suite over machines; join the parts with 'layoutbench merge'.",
            valueName: "K/N"))
    var shard: String?

    @OptionGroup var formats: ReportFormatsOption

    func execute() throws {
        var runOptions = runOptions
        let file = try runOptions.source.configFile()
        let configured = file.map { runOptions.fill(from: $0) } ?? [:]
        let catalog = try runOptions.source.catalog(file: file)
        var configuration = RunConfiguration(options: runOptions.quick ? .quick : .standard)
        _ = try runOptions.apply(to: &configuration, configured: configured)
        configuration.layouts = runOptions.source.layouts
        if let shard { configuration.shard = try RunConfiguration.Shard.parse(shard) }
        let session = try runOptions.session(configuration, formats: try formats.parse(), catalog: catalog)
        let result = try session.run(progress: runOptions.progressDisplay)
        CommandLineOutput.writeOutput(RunSummary.text(result.report, written: result.written))
        if result.exitStatus != .success {
            CommandLineOutput.writeError(RunSummary.failureLines(result.report))
            throw CommandExit(result.exitStatus)
        }
    }
}
