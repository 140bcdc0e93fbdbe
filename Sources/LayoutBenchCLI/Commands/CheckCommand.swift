import ArgumentParser
import LayoutBenchKit

/// `layoutbench check --baseline NAME`: the performance gate.
struct CheckCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "The performance gate: run the suite (or read a report), compare it with a baseline, exit with a verdict.",
        discussion: """
            Reads the baseline (a name in Reports/baselines/, or a report file) and the thresholds \
            (--thresholds; default: counters and allocations exact, times 10% with p < 0.01 and a 2% \
            noise band, memory 25% and 1 MiB) first; bad input stops there, before anything runs or \
            is written. Then runs the suite as the baseline ran it (its scenarios, sizes, quick or \
            full, repetitions, --layouts documents; the run options below override them) and writes \
            the report as layoutbench run does, or reads --report instead. Prints the comparison \
            table, writes a Markdown summary for a pull-request comment (--summary; with a run also \
            <output>/latest/check.md) and a comparison page (<output>/latest/comparison.html), and \
            adds the baseline section to the run's report.html; --export FORMAT=FILE also writes the \
            comparison as CSV, JUnit XML or github-action-benchmark's JSON. docs/ci.md has the verdict \
            rule, the thresholds format and a CI workflow.

            --inject-churn N runs a deliberately slowed variant (every display frame deactivates \
            and reactivates up to N constraints): the counters that churn moves fail the gate with exit code 2. \
            --inject-work N adds deliberate work to every solve, which moves only instructions: \
            against a baseline made with --instructions it fails the gate with exit code 2.

            layoutbench.yml (--config FILE, else in the working directory when it exists) gives the \
            thresholds, the baselines folder and run options as for layoutbench run; options given \
            here win over it (docs/your-layouts.md, "Without Swift: layoutbench.yml").

            \(exitTable.text)
            """)

    /// The exit codes of `check` (README "Reports and gates", docs/ci.md).
    static let exitTable = ExitTable([
        .success: "pass: no regression (an improvement beyond a threshold too, unless\n--fail-on-improvement)",
        .failed: "the run's own expectations failed (nothing regressed)",
        .regression:
            "regression: a metric got worse beyond its threshold, or lost coverage: the run\nselected what the baseline did but did not measure all of it (wins over 1 and 4)",
        .improvement: "(with --fail-on-improvement) improvement beyond a threshold, nothing\nregressed: update the baseline",
        .missingBaseline: "the baseline does not exist (layoutbench baseline list)",
        .usage: "invalid arguments",
        .badInput:
            "bad input: unreadable, malformed or truncated JSON, a report of another\nschema version, a thresholds file with unknown keys, metrics or scenarios,\na baseline whose stored options cannot be run, an error in layoutbench.yml\n(the message names the file, and for JSON and YAML the line and column)",
        .noInput: "a --layouts path names nothing, a file cannot be read, or --config names no file",
        .unavailable: "(with a run) allocations cannot be counted; try --no-allocations",
        .invalidScenario: "(with a run) a scenario declares fewer than three sizes, or measured nothing",
        .cannotWriteOutput: "a report, the summary, an export or the comparison page cannot be written\n(checked before the run)",
        .temporaryFailure: "another layoutbench process is writing into the same output folder",
    ])

    @Option(help: ArgumentHelp("The baseline: a name in Reports/baselines/ or a report file.", valueName: "name"))
    var baseline: String

    @OptionGroup var thresholds: ThresholdsOption

    @Option(help: ArgumentHelp("Compare this report instead of running the suite.", valueName: "file"))
    var report: String?

    @Option(help: ArgumentHelp("Also write the Markdown summary to this file.", valueName: "file"))
    var summary: String?

    @OptionGroup var baselines: BaselinesOption

    @Flag(help: "Every compared metric in the table, not only the changed and headline ones.")
    var all = false

    @Flag(
        help:
            "Exit 4 when a metric improved beyond its threshold and nothing regressed, so that the baseline is kept up to date (default: pass with exit 0 and a note)."
    )
    var failOnImprovement = false

    @Option(
        name: .customLong("export"),
        help: ArgumentHelp(
            "Also write the comparison as FORMAT to FILE: csv, junit (a test case per gated scenario and metric) or "
                + "benchmark-action (github-action-benchmark's customSmallerIsBetter). Repeatable.",
            valueName: "format=file"),
        transform: CheckExport.init(argument:))
    var exports: [CheckExport] = []

    /// The run's options (as `layoutbench run`); those not given repeat the baseline's.
    @OptionGroup(title: "Run options (as layoutbench run; those not given repeat the baseline's)")
    var runOptions: RunOptionGroup

    func execute() throws {
        // layoutbench.yml (or --config): its thresholds and baselines folder, and with a run its
        // run options, under those given here.
        let file = try runOptions.source.configFile()
        var runOptions = runOptions
        var configured: [RunConfiguration.Option: RunConfiguration.ConfiguredValue] = [:]
        if let file, report == nil { configured = runOptions.fill(from: file) }
        var gate = GateCheck(
            baseline: baseline, store: baselines.store(configured: file?.baselines),
            thresholdsPath: thresholds.path(configured: file?.thresholds))
        gate.catalog = LayoutBench.catalog
        gate.failsOnImprovement = failOnImprovement
        if report != nil && runOptions.changesTheRun {
            throw GateError(
                .invalidArgument,
                "--report compares an existing report; run options (scenarios, --sizes, --inject-churn, --output...) cannot be combined with it.")
        }
        let prepared = try gate.prepare()
        if let summary { try AtomicFile.checkWritable(summary, option: "--summary") }
        for export in exports { try AtomicFile.checkWritable(export.path, option: "--export") }

        let head: LoadedReport
        let outcome: GateCheck.Outcome
        if let report {
            head = try ReportReader.read(report)
            outcome = GateCheck.evaluate(prepared, head: head)
        } else {
            let session = try makeSession(
                repeating: prepared.baseline, runOptions: runOptions, configured: configured, kinds: { file?.kinds(forEntry: $0) ?? [] })
            // The comparison is made before the report is written, so check.md, comparison.html
            // and the report go into latest/ as one set.
            var evaluated: GateCheck.Outcome?
            let jsonPath = session.output.latestFolder + "/report.json"
            let result = try session.run(progress: runOptions.progressDisplay) { report in
                let outcome = GateCheck.evaluate(prepared, head: LoadedReport(report: report, path: jsonPath, bytes: []))
                evaluated = outcome
                return GateCheck.setFiles(outcome, prepared: prepared, head: report)
            }
            for path in result.written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
            if result.exitStatus != .success { CommandLineOutput.writeError(RunSummary.failureLines(result.report)) }
            head = LoadedReport(report: result.report, path: jsonPath, bytes: [])
            outcome = evaluated ?? GateCheck.evaluate(prepared, head: head)
        }

        CommandLineOutput.writeOutput(ComparisonOutput.text(outcome.comparison, all: all))
        if let summary {
            do throws(GateError) {
                let written = try GateCheck.write(
                    outcome, prepared: prepared, head: head.report, summaryPaths: [summary], comparisonPage: nil, reportPages: [])
                for path in written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
            } catch {
                CommandLineOutput.writeOutput(GateCheck.verdictLine(outcome))
                throw error
            }
        }
        for export in exports {
            do {
                try export.write(outcome.comparison, thresholds: prepared.thresholds)
            } catch {
                CommandLineOutput.writeOutput(GateCheck.verdictLine(outcome))
                throw error
            }
            CommandLineOutput.writeOutput("Wrote \(export.path)\n")
        }
        CommandLineOutput.writeOutput(GateCheck.verdictLine(outcome))
        if outcome.exitStatus != .success { throw CommandExit(outcome.exitStatus) }
    }

    /// The session that repeats `baseline`'s run, with the options given over its recorded ones;
    /// the documents of `--layouts`, else those the baseline's run recorded.
    private func makeSession(
        repeating baseline: LoadedReport, runOptions: RunOptionGroup, configured: [RunConfiguration.Option: RunConfiguration.ConfiguredValue],
        kinds: (String) -> [String]
    ) throws -> RunSession {
        let paths = runOptions.source.layouts.isEmpty ? baseline.report.options.layouts ?? [] : runOptions.source.layouts
        let catalog = try LayoutsOption.catalog(paths, kinds: kinds)
        var configuration = GateCheck.configuration(repeating: baseline.report.options, from: baseline.path)
        configuration.layouts = paths
        let given = try runOptions.apply(to: &configuration, configured: configured)
        configuration.storedOptions?.options.subtract(given)
        return try runOptions.session(configuration, formats: [.json, .html], catalog: catalog)
    }
}

/// One `check --export FORMAT=FILE`: the comparison in a format other tools read, written
/// atomically beside the verdict (its path is checked before the run).
struct CheckExport {
    var format: ComparisonExports.Format
    var path: String

    /// Parses `FORMAT=FILE`; a bad format or an empty file is a usage error (64).
    init(argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ValidationError("--export takes FORMAT=FILE, such as junit=check.xml; found '\(argument)'.")
        }
        let name = String(argument[..<equals])
        let file = String(argument[argument.index(after: equals)...])
        guard let format = ComparisonExports.Format(rawValue: name) else {
            let known = ComparisonExports.Format.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--export: unknown format '\(name)'; use one of \(known).")
        }
        guard !file.isEmpty else { throw ValidationError("--export \(name)= needs a file after '='.") }
        self.format = format
        self.path = file
    }

    /// Writes the comparison in this export's format.
    func write(_ comparison: ReportComparison, thresholds: Thresholds) throws(GateError) {
        let text: String
        do {
            text = try ComparisonExports.render(comparison, as: format, thresholds: thresholds, name: "layoutbench check")
        } catch {
            throw GateError(.unwritableOutput, "Cannot encode the comparison as \(format.rawValue): \(error)", cause: error)
        }
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw GateError(.unwritableOutput, error.message, cause: error)
        }
    }
}
