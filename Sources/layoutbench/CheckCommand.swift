import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios

/// `layoutbench check --baseline NAME`: the performance gate.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "The performance gate: run the suite (or read a report), compare it with a baseline, exit with a verdict.",
        discussion: """
            Reads the baseline (a name in Reports/baselines/, or a report file) and the thresholds \
            (--thresholds; default: counters and allocations exact, times 10% with p < 0.01 and a 2% \
            noise band, memory 25% and 1 MiB) first; bad input stops there, before anything runs or \
            is written. Then runs the suite as the baseline ran it (its scenarios, sizes, quick or \
            full, repetitions; the run options below override them) and writes the report as \
            layoutbench run does, or reads --report instead. Prints the comparison table, writes a \
            Markdown summary for a pull-request comment (--summary; with a run also \
            <output>/latest/check.md) and a comparison page (<output>/latest/comparison.html), and \
            adds the baseline section to the run's report.html. docs/ci.md has the verdict rule, the \
            thresholds format and a CI workflow.

            --inject-churn N runs a deliberately slowed variant (every display frame deactivates \
            and reactivates up to N constraints): the counters that churn moves fail the gate with exit code 2. \
            --inject-work N adds deliberate work to every solve, which moves only instructions: \
            against a baseline made with --instructions it fails the gate with exit code 2.

            \(GateExitStatus.checkDocumentation)
            """)

    @Option(help: ArgumentHelp("The baseline: a name in Reports/baselines/ or a report file.", valueName: "name"))
    var baseline: String

    @Option(help: ArgumentHelp("A thresholds file (docs/ci.md); default: the built-in defaults.", valueName: "file"))
    var thresholds: String?

    @Option(help: ArgumentHelp("Compare this report instead of running the suite.", valueName: "file"))
    var report: String?

    @Option(help: ArgumentHelp("Also write the Markdown summary to this file.", valueName: "file"))
    var summary: String?

    @Option(help: ArgumentHelp("The baselines folder (default Reports/baselines).", valueName: "folder"))
    var baselines: String?

    @Flag(help: "Every compared metric in the table, not only the changed and headline ones.")
    var all = false

    // The run's options (as layoutbench run); unset ones repeat the baseline's.

    @Argument(help: ArgumentHelp("Scenario names or globs to run instead of the baseline's (as --filter).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(name: .customLong("layouts"), parsing: .upToNextOption, help: ArgumentHelp(
        "Run the scenarios of these .xib/.storyboard files or folders (as run --layouts; default: the paths the baseline's run recorded).",
        valueName: "path"))
    var layouts: [String] = []
    @Option(name: .customLong("filter"), help: ArgumentHelp("A scenario name, family or glob (repeatable).", valueName: "glob"))
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Sizes for every selected scenario, comma-separated.", valueName: "n,..."))
    var sizes: [String] = []

    @Flag(help: "The quick sizes and repetition limits (the baseline's choice when not given).")
    var quick = false

    @Option(help: ArgumentHelp("Timed repetitions per size (default: the baseline's).", valueName: "n"))
    var repetitions: Int?

    @Option(name: .customLong("time-budget"), help: ArgumentHelp("Seconds the measurements may take in all.", valueName: "seconds"))
    var timeBudget: Double?

    @Flag(name: .customLong("no-allocations"), help: "Do not count allocations.")
    var noAllocations = false

    @Option(
        name: .customLong("inject-churn"),
        help: ArgumentHelp(
            "Run a deliberately slowed variant: deactivate and reactivate up to N constraints in every display frame.", valueName: "n"))
    var injectChurn: Int?

    @Option(
        name: .customLong("inject-work"),
        help: ArgumentHelp(
            "Run a deliberately slowed variant: N extra generator steps per cell update in every solve (moves instructions and time only).",
            valueName: "n"))
    var injectWork: Int?

    @Flag(help: "Count instructions under valgrind's callgrind (the baseline's choice when not given).")
    var instructions = false

    @Option(help: ArgumentHelp("The reports folder (default: Reports, in $LAYOUTBENCH_SOURCE_ROOT when set).", valueName: "folder"))
    var output: String?

    @Flag(inversion: .prefixedNo, help: "Keep a copy of the report in <output>/runs/.")
    var history = true

    @Option(help: ArgumentHelp("Progress display: auto, terminal, lines or none.", valueName: "mode"))
    var progress: RunCommand.ProgressMode = .auto

    private var runOptionsGiven: Bool {
        !scenarios.isEmpty || !filters.isEmpty || !tags.isEmpty || !sizes.isEmpty || quick || repetitions != nil
            || timeBudget != nil || noAllocations || injectChurn != nil || injectWork != nil || instructions || output != nil
            || !layouts.isEmpty
    }

    func run() throws {
        let gate = GateCheck(
            baseline: baseline, store: BaselineStore(folder: baselines ?? BaselineStore.defaultFolder), thresholdsPath: thresholds)
        let prepared: GateCheck.Prepared
        do throws(GateError) {
            if report != nil && runOptionsGiven {
                throw GateError(
                    .invalidArgument,
                    "--report compares an existing report; run options (scenarios, --sizes, --inject-churn, --output...) cannot be combined with it.")
            }
            prepared = try gate.prepare()
        } catch {
            throw CommandLineOutput.fail(error)
        }

        if let summary {
            do throws(LayoutBenchError) {
                try AtomicFile.checkWritable(summary, option: "--summary")
            } catch {
                throw CommandLineOutput.fail(error)
            }
        }
        let head: LoadedReport
        let outcome: GateCheck.Outcome
        if let report {
            do throws(GateError) {
                head = try ReportReader.read(report)
            } catch {
                throw CommandLineOutput.fail(error)
            }
            outcome = GateCheck.evaluate(prepared, head: head)
        } else {
            // The documents: --layouts when given, else the baseline's run's (its stored options).
            let paths = layouts.isEmpty ? prepared.baseline.report.options.layouts ?? [] : layouts
            let importedCatalog = try LayoutsOption.catalog(paths)
            let session: RunSession
            do throws(LayoutBenchError) {
                session = try makeSession(repeating: prepared.baseline, importedCatalog: importedCatalog, layouts: paths)
            } catch {
                throw CommandLineOutput.fail(error)
            }
            let display = ProgressDisplay(style: RunCommand.progressStyle(progress), write: CommandLineOutput.writeError)
            let result: RunSession.Result
            // The comparison is made before the report is written, so check.md, comparison.html
            // and the report go into latest/ as one set.
            var evaluated: GateCheck.Outcome?
            let jsonPath = session.output.latestFolder + "/report.json"
            do throws(LayoutBenchError) {
                result = try session.run(progress: display) { report in
                    let outcome = GateCheck.evaluate(prepared, head: LoadedReport(report: report, path: jsonPath, bytes: []))
                    evaluated = outcome
                    return GateCheck.setFiles(outcome, prepared: prepared, head: report)
                }
            } catch {
                throw CommandLineOutput.fail(error)
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
                throw CommandLineOutput.fail(error)
            }
        }
        CommandLineOutput.writeOutput(GateCheck.verdictLine(outcome))
        if outcome.exitStatus != .pass { throw ExitCode(outcome.exitStatus.rawValue) }
    }

    private func makeSession(
        repeating baseline: LoadedReport, importedCatalog: [Scenario]?, layouts: [String]
    ) throws(LayoutBenchError) -> RunSession {
        let options = baseline.report.options
        var configuration = GateCheck.configuration(repeating: options, from: baseline.path)
        configuration.layouts = layouts
        var overridden: Set<RunConfiguration.Option> = []
        if quick && !options.quick {
            let selection = configuration.selection
            let stored = configuration.storedOptions
            configuration = RunConfiguration.quickDefaults
            configuration.selection = selection
            configuration.storedOptions = stored
            overridden.formUnion([.sizes, .warmup, .minimumRepetitions, .maximumRepetitions, .countingRepetitions, .timeBudgetSeconds])
        }
        if !scenarios.isEmpty || !filters.isEmpty || !tags.isEmpty {
            configuration.selection = ScenarioSelection(patterns: scenarios + filters, tags: tags)
            overridden.insert(.selection)
        }
        if !sizes.isEmpty {
            configuration.sizes = try RunConfiguration.parseSizes(sizes)
            overridden.insert(.sizes)
        }
        if let repetitions {
            configuration.minimumRepetitions = repetitions
            configuration.maximumRepetitions = repetitions
            overridden.formUnion([.minimumRepetitions, .maximumRepetitions])
        }
        if let timeBudget {
            configuration.timeBudgetSeconds = timeBudget
            overridden.insert(.timeBudgetSeconds)
        }
        if noAllocations { configuration.countAllocations = false }
        if let injectChurn {
            configuration.injectChurn = injectChurn
            overridden.insert(.injectChurn)
        }
        if let injectWork {
            configuration.injectWork = injectWork
            overridden.insert(.injectWork)
        }
        if instructions { configuration.instructions = true }
        configuration.storedOptions?.options.subtract(overridden)
        configuration.maximumSizeOverride = try RunConfiguration.sizeLimit(fromEnvironment: ProcessInfo.processInfo.environment)
        var session = RunSession(
            configuration: configuration, formats: [.json, .html],
            output: ReportOutput(root: output ?? ReportOutput.defaultRoot, keepsHistory: history),
            toolVersion: LayoutbenchVersion.current)
        if let importedCatalog { session.catalog = importedCatalog }
        session.executablePath = RunCommand.executablePath
        session.instructionProgressLines = RunCommand.progressStyle(progress) != .silent
        _ = try session.selectedScenarios()
        return session
    }
}
