import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios

/// The run options that `run` and `check` share (`@OptionGroup`): what to run, how often, the
/// deliberately slowed variants, where to write and how to show progress.
///
/// `run` applies them over the defaults (``RunOptions/standard`` or ``RunOptions/quick``);
/// `check` applies them over the options its baseline's run recorded, so an option not given
/// repeats the baseline's. ``apply(to:)`` is the one place either happens.
struct RunOptionGroup: ParsableArguments {
    @OptionGroup var source: ScenarioSourceOptions

    @Option(
        name: .customLong("sizes"),
        help: ArgumentHelp(
            "Sizes for every selected scenario instead of its own, comma-separated (e.g. 100,200,400).", valueName: "n,..."))
    var sizes: [String] = []

    @Flag(help: "For CI: the scenarios' quick sizes, 3 to 5 timed repetitions, a 30 s budget.")
    var quick = false

    @Option(
        help: ArgumentHelp(
            "Timed repetitions per size: exactly this many, or at least this many with --max-repetitions (default: 3 to 30, adaptive).",
            valueName: "n"))
    var repetitions: Int?

    @Option(
        name: .customLong("max-repetitions"),
        help: ArgumentHelp(
            "The most timed repetitions per size when time allows (default 30; 5 with --quick).", valueName: "n"))
    var maxRepetitions: Int?

    @Option(help: ArgumentHelp("Untimed warm-up repetitions per size (default 1).", valueName: "n"))
    var warmup: Int?

    @Option(
        name: .customLong("counting-repetitions"),
        help: ArgumentHelp(
            "Untimed repetitions per size counting allocations and peak memory; two or more check that they agree (default 2).",
            valueName: "n"))
    var countingRepetitions: Int?

    @Option(
        name: .customLong("time-budget"),
        help: ArgumentHelp(
            "Seconds the measurements may take in all (default 150; 30 with --quick).", valueName: "seconds"))
    var timeBudget: Double?

    @Flag(inversion: .prefixedNo, help: "Count allocations with jemalloc (default: yes for run, the baseline's choice for check).")
    var allocations: Bool?

    @Option(
        name: .customLong("inject-churn"),
        help: ArgumentHelp(
            "Test gates with a deliberately slowed variant: deactivate and reactivate up to N constraints in every display frame (docs/ci.md).",
            valueName: "n"))
    var injectChurn: Int?

    @Option(
        name: .customLong("inject-work"),
        help: ArgumentHelp(
            "Test the instruction gate with a deliberately slowed variant: N extra generator steps per cell update in every solve (docs/ci.md).",
            valueName: "n"))
    var injectWork: Int?

    @Flag(help: "Count each measurement's instructions under valgrind's callgrind (docs/performance.md).")
    var instructions = false

    @OptionGroup var destination: ReportDestinationOptions

    @Option(
        help: ArgumentHelp(
            "Progress display: auto (a status line on a terminal, plain lines otherwise), terminal, lines or none.",
            valueName: "mode"))
    var progress: ProgressMode = .auto

    /// `--progress`.
    enum ProgressMode: String, ExpressibleByArgument, CaseIterable {
        case auto, terminal, lines, none
    }

    /// Whether any option that changes what runs or where it is written was given (`check
    /// --report` refuses them).
    var changesTheRun: Bool {
        !source.selectsEverything || !sizes.isEmpty || !source.layouts.isEmpty || quick
            || repetitions != nil || maxRepetitions != nil || warmup != nil || countingRepetitions != nil || timeBudget != nil
            || allocations != nil || injectChurn != nil || injectWork != nil || instructions || destination.output != nil
    }

    /// Takes from `file` what the command line did not give: the documents and the selection
    /// (``ScenarioSourceOptions/fill(from:)``), `sizes`, `quick`, `repetitions` and `output`.
    /// (`kinds` goes to ``ScenarioSourceOptions/catalog(file:)``.)
    ///
    /// - Returns: The options taken, with where each is written in the file, for
    ///   ``apply(to:configured:)``: an error in one names the file, not a flag never given.
    mutating func fill(from file: ConfigFile) -> [RunConfiguration.Option: RunConfiguration.ConfiguredValue] {
        var configured: [RunConfiguration.Option: RunConfiguration.ConfiguredValue] = [:]
        if source.selectsEverything && !(file.scenarios.isEmpty && file.tags.isEmpty) {
            configured[.selection] = file.place(of: file.scenarios.isEmpty ? "tags" : "scenarios")
        }
        source.fill(from: file)
        if sizes.isEmpty && !file.sizes.isEmpty {
            sizes = file.sizes.map(String.init)
            configured[.sizes] = file.place(of: "sizes")
        }
        if !quick { quick = file.quick ?? false }
        if repetitions == nil && maxRepetitions == nil, let count = file.repetitions {
            repetitions = count
            configured[.minimumRepetitions] = file.place(of: "repetitions")
            configured[.maximumRepetitions] = file.place(of: "repetitions")
        }
        if destination.output == nil { destination.output = file.output }
        return configured
    }

    /// Puts the options given on the command line over `configuration`: the defaults for `run`, the
    /// baseline's recorded options for `check`. `--quick` over a full suite's options takes the
    /// quick suite's sizes, repetitions and budget; `--repetitions N` alone fixes the count;
    /// `--layouts` is left to the caller, which imports the documents.
    ///
    /// - Parameter configured: The options ``fill(from:)`` took from a configuration file.
    /// - Returns: The options given, for ``RunConfiguration/StoredOptions`` (errors in the
    ///   others name the baseline's file).
    /// - Throws: ``LayoutBenchError`` `invalid-size` for bad `--sizes`.
    func apply(
        to configuration: inout RunConfiguration, configured: [RunConfiguration.Option: RunConfiguration.ConfiguredValue] = [:]
    ) throws(LayoutBenchError) -> Set<RunConfiguration.Option> {
        var given: Set<RunConfiguration.Option> = []
        if quick && !configuration.quick {
            let defaults = RunOptions.quick
            configuration.options.quick = true
            configuration.options.sizes = defaults.sizes
            configuration.options.warmup = defaults.warmup
            configuration.options.minimumRepetitions = defaults.minimumRepetitions
            configuration.options.maximumRepetitions = defaults.maximumRepetitions
            configuration.options.countingRepetitions = defaults.countingRepetitions
            configuration.options.timeBudgetSeconds = defaults.timeBudgetSeconds
            given.formUnion([.sizes, .warmup, .minimumRepetitions, .maximumRepetitions, .countingRepetitions, .timeBudgetSeconds])
        }
        if !source.selectsEverything {
            configuration.selection = source.selection
            given.insert(.selection)
        }
        if !sizes.isEmpty {
            configuration.sizes = try RunConfiguration.parseSizes(sizes)
            given.insert(.sizes)
        }
        if let repetitions {
            configuration.minimumRepetitions = repetitions
            configuration.maximumRepetitions = maxRepetitions ?? repetitions
            given.formUnion([.minimumRepetitions, .maximumRepetitions])
        } else if let maxRepetitions {
            configuration.maximumRepetitions = maxRepetitions
            configuration.minimumRepetitions = min(configuration.minimumRepetitions, maxRepetitions)
            given.formUnion([.minimumRepetitions, .maximumRepetitions])
        }
        /// Sets `member` to `value` when the option was given, and records it as given.
        func take<Value>(_ value: Value?, _ member: WritableKeyPath<RunConfiguration, Value>, as option: RunConfiguration.Option) {
            guard let value else { return }
            configuration[keyPath: member] = value
            given.insert(option)
        }
        take(warmup, \.options.warmup, as: .warmup)
        take(countingRepetitions, \.options.countingRepetitions, as: .countingRepetitions)
        take(timeBudget, \.options.timeBudgetSeconds, as: .timeBudgetSeconds)
        take(injectChurn, \.injectChurn, as: .injectChurn)
        take(injectWork, \.injectWork, as: .injectWork)
        if let allocations { configuration.countAllocations = allocations }
        if instructions { configuration.instructions = true }
        configuration.configuredOptions = configured.filter { given.contains($0.key) }
        return given
    }

    /// A session for `configuration` writing `formats` into `--output`, over `catalog`, with the
    /// size limit of the environment; its options and selection checked.
    ///
    /// - Throws: ``LayoutBenchError`` for bad options, unknown names or tags.
    func session(
        _ configuration: RunConfiguration, formats: [ReportFormat], catalog: [Scenario]
    ) throws(LayoutBenchError) -> RunSession {
        var configuration = configuration
        configuration.maximumSizeOverride = try RunConfiguration.sizeLimit(fromEnvironment: ProcessInfo.processInfo.environment)
        var session = RunSession(
            configuration: configuration, formats: formats,
            output: destination.reportOutput,
            toolVersion: LayoutBenchCommand.version, catalog: catalog)
        session.executablePath = Self.executablePath
        session.instructionProgressLines = progressStyle != .silent
        _ = try session.selectedScenarios()
        return session
    }

    /// The progress display on standard error.
    var progressDisplay: ProgressDisplay { ProgressDisplay(style: progressStyle, write: CommandLineOutput.writeProgress) }

    /// The display style for `--progress`.
    var progressStyle: ProgressDisplay.Style {
        switch progress {
        case .terminal: .terminal
        case .lines: .lines
        case .none: .silent
        case .auto:
            isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb" ? .terminal : .lines
        }
    }

    /// This binary (`/proc/self/exe`), which `--instructions` runs again under valgrind.
    static var executablePath: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
