import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutImporter
import LayoutScenarios

/// `layoutbench run`: measures the scenarios and writes the report.
struct RunCommand: ParsableCommand {
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

            \(ExitStatus.documentation)
            """)

    @Argument(help: ArgumentHelp("Scenario names or globs to run (as --filter).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(name: .customLong("filter"), help: ArgumentHelp(
        "A scenario name, family or glob such as 'activation/*' (repeatable; any may match).", valueName: "glob"))
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp(
        "Only scenarios with this tag (repeatable; any may match).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("sizes"), help: ArgumentHelp(
        "Sizes for every selected scenario instead of its own, comma-separated (e.g. 100,200,400).", valueName: "n,..."))
    var sizes: [String] = []

    @Flag(help: "For CI: the scenarios' quick sizes, 3 to 5 timed repetitions, a 30 s budget.")
    var quick = false

    @Option(help: ArgumentHelp(
        "Timed repetitions per size: exactly this many, or at least this many with --max-repetitions (default: 3 to 30, adaptive).",
        valueName: "n"))
    var repetitions: Int?

    @Option(name: .customLong("max-repetitions"), help: ArgumentHelp(
        "The most timed repetitions per size when time allows (default 30; 5 with --quick).", valueName: "n"))
    var maxRepetitions: Int?

    @Option(help: ArgumentHelp("Untimed warm-up repetitions per size (default 1).", valueName: "n"))
    var warmup: Int?

    @Option(name: .customLong("counting-repetitions"), help: ArgumentHelp(
        "Untimed repetitions per size counting allocations and peak memory; two or more check that they agree (default 2).",
        valueName: "n"))
    var countingRepetitions: Int?

    @Option(name: .customLong("time-budget"), help: ArgumentHelp(
        "Seconds the measurements may take in all (default 150; 30 with --quick).", valueName: "seconds"))
    var timeBudget: Double?

    @Flag(inversion: .prefixedNo, help: "Count allocations with jemalloc.")
    var allocations = true

    @Option(name: .customLong("inject-churn"), help: ArgumentHelp(
        "Test gates with a deliberately slowed variant: deactivate and reactivate up to N constraints in every display frame (docs/ci.md).",
        valueName: "n"))
    var injectChurn: Int?

    @Option(name: .customLong("inject-work"), help: ArgumentHelp(
        "Test the instruction gate with a deliberately slowed variant: N extra generator steps per cell update in every solve (docs/ci.md).",
        valueName: "n"))
    var injectWork: Int?

    @Option(help: ArgumentHelp(
        "Run only part K of N of the selected measurements (1 ≤ K ≤ N), for spreading a suite over machines; join the parts with 'layoutbench merge'.",
        valueName: "K/N"))
    var shard: String?

    @Flag(help: "Count each measurement's instructions under valgrind's callgrind (docs/performance.md).")
    var instructions = false

    @Option(help: ArgumentHelp(
        "The reports folder (default: Reports, in $LAYOUTBENCH_SOURCE_ROOT when set).", valueName: "folder"))
    var output: String?

    @Flag(inversion: .prefixedNo, help: "Keep a copy of the report in <output>/runs/.")
    var history = true

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "Report formats to write, comma-separated or repeated: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default json,html).",
        valueName: "format"))
    var formats: [String] = []

    @Option(help: ArgumentHelp(
        "Progress display: auto (a status line on a terminal, plain lines otherwise), terminal, lines or none.",
        valueName: "mode"))
    var progress: ProgressMode = .auto

    enum ProgressMode: String, ExpressibleByArgument, CaseIterable {
        case auto, terminal, lines, none
    }

    @Option(name: .customLong("layouts"), parsing: .upToNextOption, help: ArgumentHelp(
        "Run scenarios made from these .xib/.storyboard files or folders instead of the built-in ones (file/layout/kind; docs/importer.md).",
        valueName: "path"))
    var layouts: [String] = []

    func run() throws {
        let catalog = try LayoutsOption.catalog(layouts)
        let session: RunSession
        do {
            session = try makeSession(catalog: catalog)
        } catch {
            throw CommandLineOutput.fail(error)
        }
        let display = ProgressDisplay(style: progressStyle, write: CommandLineOutput.writeError)
        let result: RunSession.Result
        do {
            result = try session.run(progress: display)
        } catch {
            throw CommandLineOutput.fail(error)
        }
        CommandLineOutput.writeOutput(RunSummary.text(result.report, written: result.written))
        if result.exitStatus != .success {
            CommandLineOutput.writeError(RunSummary.failureLines(result.report))
            throw ExitCode(result.exitStatus.rawValue)
        }
    }

    private func makeSession(catalog: [Scenario]?) throws(LayoutBenchError) -> RunSession {
        var configuration = quick ? RunConfiguration.quickDefaults : RunConfiguration.standard
        configuration.selection = ScenarioSelection(patterns: scenarios + filters, tags: tags)
        configuration.layouts = layouts
        if !sizes.isEmpty { configuration.sizes = try RunConfiguration.parseSizes(sizes) }
        if let repetitions {
            configuration.minimumRepetitions = repetitions
            configuration.maximumRepetitions = maxRepetitions ?? repetitions
        } else if let maxRepetitions {
            configuration.maximumRepetitions = maxRepetitions
            configuration.minimumRepetitions = min(configuration.minimumRepetitions, maxRepetitions)
        }
        if let warmup { configuration.warmup = warmup }
        if let countingRepetitions { configuration.countingRepetitions = countingRepetitions }
        if let timeBudget { configuration.timeBudgetSeconds = timeBudget }
        configuration.countAllocations = allocations
        if let injectChurn { configuration.injectChurn = injectChurn }
        if let injectWork { configuration.injectWork = injectWork }
        configuration.instructions = instructions
        if let shard { configuration.shard = try RunConfiguration.Shard.parse(shard) }
        configuration.maximumSizeOverride = try RunConfiguration.sizeLimit(fromEnvironment: ProcessInfo.processInfo.environment)
        var session = RunSession(
            configuration: configuration, formats: try CommandLineOutput.parseFormats(formats),
            output: ReportOutput(root: output ?? ReportOutput.defaultRoot, keepsHistory: history),
            toolVersion: LayoutbenchVersion.current)
        if let catalog { session.catalog = catalog }
        session.executablePath = Self.executablePath
        session.instructionProgressLines = progressStyle != .silent
        _ = try session.selectedScenarios()
        return session
    }

    /// This binary (`/proc/self/exe`), which `--instructions` runs again under valgrind.
    static var executablePath: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private var progressStyle: ProgressDisplay.Style { Self.progressStyle(progress) }

    /// The display style for a `--progress` mode.
    static func progressStyle(_ progress: ProgressMode) -> ProgressDisplay.Style {
        switch progress {
        case .terminal: .terminal
        case .lines: .lines
        case .none: .silent
        case .auto:
            isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb" ? .terminal : .lines
        }
    }
}

/// Printing and error handling shared by the scenario commands.
enum CommandLineOutput {
    /// Prints `error: <message>` on standard error and returns the exit code to throw.
    static func fail(_ error: LayoutBenchError) -> ExitCode {
        writeError("error: \(error.message)\n")
        return ExitCode(error.code.exitStatus.rawValue)
    }

    /// Parses `--format` values: comma-separated or repeated; `json` and `html` when none.
    static func parseFormats(_ values: [String]) throws(LayoutBenchError) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for value in values {
            for name in value.split(separator: ",").map(String.init) {
                guard let format = ReportFormat(rawValue: name) else {
                    throw LayoutBenchError(
                        .invalidOption,
                        "Unknown report format '\(name)'; the formats are \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        return formats.isEmpty ? [.json, .html] : formats
    }

    /// Writes to standard error at once.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes to standard output at once.
    static func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// `--layouts PATH...`: scenarios made from Interface Builder documents.
enum LayoutsOption {
    /// The imported scenarios, or `nil` when no path is given (the built-in catalogue).
    ///
    /// - Throws: `ExitCode` 65 for a malformed document, 66 for a path that names nothing,
    ///   after printing `error: file:line:col: message`.
    static func catalog(_ paths: [String]) throws -> [Scenario]? {
        guard !paths.isEmpty else { return nil }
        do {
            return try ImportedScenarios.make(paths: paths)
        } catch {
            CommandLineOutput.writeError("error: \(error.description)\n")
            throw ExitCode(error.code.exitStatus)
        }
    }
}
