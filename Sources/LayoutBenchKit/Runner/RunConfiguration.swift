import LayoutScenarios

/// What `layoutbench run` measures and how many times: the run's ``RunOptions`` and what the
/// process adds to them (where stored options came from, the environment's size limit).
///
/// The options' members read and write through as properties of their own (``selection``,
/// ``warmup``, ``injectChurn``...), so the runner reads `configuration.warmup` and the report
/// records ``options`` as it is: nothing is copied from one to the other.
///
/// ## Repetitions and the time budget
/// Each (scenario, size) runs ``warmup`` untimed repetitions, then timed repetitions, then
/// ``countingRepetitions`` untimed repetitions that count allocations and peak memory
/// (counting perturbs timing, so it never happens in a timed repetition). Every repetition
/// prepares a fresh instance (not measured), runs it, checks the expectations and compares
/// the counters with the first repetition's.
///
/// The number of timed repetitions adapts to ``RunOptions/timeBudgetSeconds``: each (scenario, size)
/// gets an allowance of the budget left divided by the measurements left, and takes at
/// least ``RunOptions/minimumRepetitions`` and at most ``RunOptions/maximumRepetitions`` timed repetitions,
/// stopping early when one more (and the counting repetitions after it, estimated from the
/// last repetition's cost, `prepare` included) would exceed the allowance. Cheap sizes stop
/// at the maximum and leave their time to later ones; a size whose minimum repetitions
/// cost more than its allowance takes it from those after it. ``TimeBudget`` implements it.
///
/// An anti-pattern and its fix that both run at a size are measured together (and a chain of
/// pairs, all its members): every member's warm-ups, timed repetitions in turn (anti-pattern,
/// fix, ...) under all their allowances, the same number for each, then each member's counting
/// repetitions (``ScenarioRunner/measureGroup(_:size:allowanceSeconds:)``, docs/measurement.md).
@dynamicMemberLookup
public struct RunConfiguration: Sendable, Equatable {
    /// The run's options, as the report records them (``Report/options``).
    public var options: RunOptions

    /// A configuration of `options`.
    public init(options: RunOptions) {
        self.options = options
    }

    /// The options read and written by name (`configuration.sizes`, `.warmup`, `.timeBudgetSeconds`
    /// ...): the configuration holds nothing of its own there. The members declared below are the
    /// ones that read differently from the record (``injectChurn`` is 0 where the record has none).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunOptions, Value>) -> Value {
        get { options[keyPath: keyPath] }
        set { options[keyPath: keyPath] = newValue }
    }

    /// Sizes replacing every scenario's own (`--sizes`), ascending and distinct, or `nil`.
    /// Declared, not looked up: ``sizes(for:)`` would hide the option's name.
    public var sizes: [Int]? {
        get { options.sizes }
        set { options.sizes = newValue }
    }

    /// The scenarios to run (``RunOptions/filters`` and ``RunOptions/tags``).
    public var selection: ScenarioSelection {
        get { ScenarioSelection(patterns: options.filters, tags: options.tags) }
        set {
            options.filters = newValue.patterns
            options.tags = newValue.tags
        }
    }

    /// Constraints churned per display frame in every repetition (`--inject-churn`, through
    /// `LayoutEngine.injectingChurn`): a deliberately slowed variant for testing performance
    /// gates. 0 (the default) injects nothing. With injection the scenarios' own expectations
    /// no longer hold; their failures become warnings (`docs/ci.md`).
    public var injectChurn: Int {
        get { options.injectChurn ?? 0 }
        set { options.injectChurn = newValue == 0 ? nil : newValue }
    }

    /// The `--layouts` paths the scenarios were made from (Interface Builder documents), or
    /// empty for the built-in catalogue: recorded in the report, so `check` can repeat them.
    public var layouts: [String] {
        get { options.layouts ?? [] }
        set { options.layouts = newValue.isEmpty ? nil : newValue }
    }

    /// Steps of deliberate work per cell update in every solve (`--inject-work`, through
    /// `LayoutEngine.injectingWork`): a slowed variant that changes no counter and no
    /// allocation, only instructions and time, for testing the instruction gate. 0 (the
    /// default) adds nothing.
    public var injectWork: Int {
        get { options.injectWork ?? 0 }
        set { options.injectWork = newValue == 0 ? nil : newValue }
    }

    /// Whether to count instructions with valgrind's callgrind instead of timing natively
    /// (`--instructions`, ``InstructionRun``): the measurements run in a child process under
    /// valgrind, each size once after its warm-ups, without counting repetitions.
    public var instructions: Bool {
        get { options.instructions ?? false }
        set { options.instructions = newValue ? true : nil }
    }

    /// The full suite's defaults (``RunOptions/standard``).
    public static let standard = RunConfiguration(options: .standard)

    /// `--quick`'s defaults (``RunOptions/quick``).
    public static let quickDefaults = RunConfiguration(options: .quick)

    public init(
        selection: ScenarioSelection, sizes: [Int]?, quick: Bool, warmup: Int, minimumRepetitions: Int,
        maximumRepetitions: Int, countingRepetitions: Int, countAllocations: Bool, timeBudgetSeconds: Double
    ) {
        options = RunOptions(
            filters: selection.patterns, tags: selection.tags, sizes: sizes, quick: quick, warmup: warmup,
            minimumRepetitions: minimumRepetitions, maximumRepetitions: maximumRepetitions,
            countingRepetitions: countingRepetitions, countAllocations: countAllocations, timeBudgetSeconds: timeBudgetSeconds)
    }

    /// The sizes to run `scenario` at (all of them, whatever ``shard`` says).
    public func sizes(for scenario: Scenario) -> [Int] {
        options.sizes ?? (options.quick ? scenario.quickSizes : scenario.sizes)
    }

    /// The sizes this run measures of each of `scenarios`, in order: every size, or with a
    /// ``shard`` only the measurements it owns (``Shard/owns(_:)``). Scenarios left with no
    /// size are left out.
    ///
    /// - Complexity: O(*m*) for *m* measurements in the selection.
    public func measurements(of scenarios: [Scenario]) -> [(scenario: Scenario, sizes: [Int])] {
        var index = 0
        var result: [(scenario: Scenario, sizes: [Int])] = []
        for scenario in scenarios {
            var kept: [Int] = []
            for size in sizes(for: scenario) {
                if options.shard?.owns(index) ?? true { kept.append(size) }
                index += 1
            }
            if !kept.isEmpty { result.append((scenario, kept)) }
        }
        return result
    }

    /// The options a run can take, for messages that name where a bad value came from.
    public enum Option: String, Sendable, CaseIterable {
        case selection, sizes, warmup, minimumRepetitions, maximumRepetitions, countingRepetitions, timeBudgetSeconds, injectChurn
        case injectWork, shard

        /// The command-line flag that sets it.
        public var flag: String {
            switch self {
            case .selection: "--filter/--tag"
            case .sizes: "--sizes"
            case .warmup: "--warmup"
            case .minimumRepetitions: "--repetitions"
            case .maximumRepetitions: "--max-repetitions"
            case .countingRepetitions: "--counting-repetitions"
            case .timeBudgetSeconds: "--time-budget"
            case .injectChurn: "--inject-churn"
            case .injectWork: "--inject-work"
            case .shard: "--shard"
            }
        }

        /// The member of a report's `options` that records it.
        public var reportKey: String {
            switch self {
            case .selection: "filters/tags"
            default: rawValue
            }
        }
    }

    /// Options that come from a file rather than the command line: a baseline's stored
    /// `options`, which `layoutbench check` repeats. Errors in them name the file and the
    /// stored member, and exit 65 (bad input), not 64 with a flag the user never typed.
    public struct StoredOptions: Sendable, Equatable {
        /// The file the options were read from.
        public var path: String
        /// The options taken from it (those the command line did not override).
        public var options: Set<Option>

        public init(path: String, options: Set<Option> = Set(Option.allCases)) {
            self.path = path
            self.options = options
        }
    }

    /// Where the options came from when not from the command line, or `nil`.
    public var storedOptions: StoredOptions?

    /// Options whose values came from a configuration file (`layoutbench.yml`), each with its
    /// key and where it is written: an error in one names that place, not a flag that was
    /// never given.
    public var configuredOptions: [Option: ConfiguredValue] = [:]

    /// A configuration file's key and where its value is written.
    public struct ConfiguredValue: Sendable, Equatable {
        /// The key (`repetitions`).
        public var key: String
        /// `path:line:column` of the value.
        public var location: String

        public init(key: String, location: String) {
            self.key = key
            self.location = location
        }
    }

    /// An absolute size limit replacing ``sizeLimit(for:)``'s default (`LAYOUTBENCH_MAX_SIZE`), or `nil`.
    public var maximumSizeOverride: Int?

    /// The most warm-up repetitions per size.
    public static let maximumWarmup = 1_000
    /// The most timed repetitions per size (also the most samples per measurement a report may hold).
    public static let maximumTimedRepetitions = 10_000
    /// The most counting repetitions per size.
    public static let maximumCountingRepetitions = 100
    /// The most steps of injected work per cell update (`--inject-work`).
    public static let maximumInjectedWork = 1_000_000
    /// The longest time budget, seconds (one day).
    public static let maximumTimeBudgetSeconds = 86_400.0
    /// A scenario's sizes are limited to this many times its largest default size, unless
    /// `LAYOUTBENCH_MAX_SIZE` says otherwise: a mistyped size must not exhaust memory.
    /// `hierarchies/cross-linked`, whose memory grows with the square of the size, peaks at
    /// 0.6 GB at 1,600 (4 times 400), 3.3 GB at 4,000 and 6 GB at 100,000 (release build,
    /// one timed and one counting repetition).
    public static let sizeLimitFactor = 4
    /// The environment variable that sets an absolute size limit.
    public static let sizeLimitVariable = "LAYOUTBENCH_MAX_SIZE"

    /// The largest size `scenario` may run at: ``maximumSizeOverride``, or
    /// ``sizeLimitFactor`` times its largest default size.
    public func sizeLimit(for scenario: Scenario) -> Int {
        if let maximumSizeOverride { return maximumSizeOverride }
        let largest = (scenario.sizes + scenario.quickSizes).max() ?? 1
        return largest.multipliedReportingOverflow(by: Self.sizeLimitFactor).overflow ? Int.max : largest * Self.sizeLimitFactor
    }

    /// Reads `LAYOUTBENCH_MAX_SIZE` from `environment`.
    ///
    /// - Returns: The limit, or `nil` when the variable is not set.
    /// - Throws: ``LayoutBenchError`` `invalid-option` when it is not a positive integer.
    public static func sizeLimit(fromEnvironment environment: [String: String]) throws(LayoutBenchError) -> Int? {
        guard let text = environment[sizeLimitVariable] else { return nil }
        guard let limit = Int(text), limit >= 1 else {
            throw LayoutBenchError(.invalidOption, "\(sizeLimitVariable) must be a positive integer; got '\(text)'.")
        }
        return limit
    }

    /// An error about `option`: a usage error naming its flag, or, when the value came from
    /// a configuration file or a baseline's stored options, a bad-input error naming the file
    /// (and the line and column, or the stored member).
    func error(_ option: Option, _ problem: (String) -> String, fix: String) -> LayoutBenchError {
        if let value = configuredOptions[option] {
            return LayoutBenchError(
                .invalidConfiguredOption,
                "\(value.location): " + problem("'\(value.key)'") + " Change it in the file, or give \(option.flag) to override it.")
        }
        if let storedOptions, storedOptions.options.contains(option) {
            return LayoutBenchError(
                .invalidStoredOptions,
                "The baseline \(storedOptions.path) stores options this tool cannot run: "
                    + problem("options.\(option.reportKey)")
                    + " Give \(option.flag) to override it, or save a new baseline from a good run.")
        }
        return LayoutBenchError(option == .sizes ? .invalidSize : .invalidOption, problem(option.flag) + (fix.isEmpty ? "" : " " + fix))
    }

    /// Checks the numbers against their ranges and limits.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` (or `invalid-size`) naming the option
    ///   and the value; `invalid-stored-options` naming the baseline file when the value came
    ///   from its stored options (``storedOptions``).
    public func validate() throws(LayoutBenchError) {
        guard (0...Self.maximumWarmup).contains(options.warmup) else {
            throw error(.warmup, { "\($0) must be between 0 and \(Self.maximumWarmup); got \(options.warmup)." }, fix: "")
        }
        guard options.minimumRepetitions >= 1 else {
            throw error(.minimumRepetitions, { "\($0) must be at least 1; got \(options.minimumRepetitions)." }, fix: "")
        }
        guard options.minimumRepetitions <= Self.maximumTimedRepetitions else {
            throw error(
                .minimumRepetitions,
                {
                    "\($0) must be at most \(Self.maximumTimedRepetitions) (the limit of timed repetitions per size); got \(options.minimumRepetitions)."
                },
                fix: "Use --max-repetitions with a --time-budget to let cheap sizes repeat more.")
        }
        guard options.maximumRepetitions >= options.minimumRepetitions else {
            throw error(
                .maximumRepetitions, { "\($0) (\(options.maximumRepetitions)) must be at least the minimum (\(options.minimumRepetitions))." },
                fix: "")
        }
        guard options.maximumRepetitions <= Self.maximumTimedRepetitions else {
            throw error(
                .maximumRepetitions,
                {
                    "\($0) must be at most \(Self.maximumTimedRepetitions) (the limit of timed repetitions per size); got \(options.maximumRepetitions)."
                },
                fix: "")
        }
        guard (1...Self.maximumCountingRepetitions).contains(options.countingRepetitions) else {
            throw error(
                .countingRepetitions, { "\($0) must be between 1 and \(Self.maximumCountingRepetitions); got \(options.countingRepetitions)." },
                fix: "")
        }
        guard options.timeBudgetSeconds.isFinite, options.timeBudgetSeconds > 0, options.timeBudgetSeconds <= Self.maximumTimeBudgetSeconds else {
            throw error(
                .timeBudgetSeconds,
                {
                    "\($0) must be a positive number of seconds, at most \(Int(Self.maximumTimeBudgetSeconds)) (a day); got \(options.timeBudgetSeconds)."
                },
                fix: "")
        }
        if let sizes = options.sizes {
            guard !sizes.isEmpty else { throw error(.sizes, { "\($0) needs at least one size." }, fix: "") }
            if let bad = sizes.first(where: { $0 < 1 }) {
                throw error(.sizes, { "\($0) holds \(bad); sizes are positive integers." }, fix: "")
            }
        }
        guard injectChurn >= 0 else {
            throw error(.injectChurn, { "\($0) must be 0 or more; got \(injectChurn)." }, fix: "")
        }
        guard (0...Self.maximumInjectedWork).contains(injectWork) else {
            throw error(.injectWork, { "\($0) must be between 0 and \(Self.maximumInjectedWork); got \(injectWork)." }, fix: "")
        }
        if let shard = options.shard, !(1...Shard.maximumCount).contains(shard.count) || !(1...shard.count).contains(shard.index) {
            throw error(
                .shard, { "\($0) must be K/N with 1 ≤ K ≤ N ≤ \(Shard.maximumCount); got \(shard.index)/\(shard.count)." },
                fix: "Run shards 1/N to N/N and join them with 'layoutbench merge'.")
        }
    }

    /// "options.sizes holds N: " when `name` is a stored member, else nothing.
    private static func stored(_ name: String, _ size: Int) -> String {
        name.hasPrefix("options.") ? "\(name) holds \(size): " : ""
    }

    /// Checks that `scenario` can run at `size`: its size rule and the size limit.
    ///
    /// - Parameter option: How the size was given, for the message (`--sizes`, `--size`).
    /// - Throws: ``LayoutBenchError`` `invalid-size` (or `invalid-stored-options`).
    public func check(size: Int, for scenario: Scenario, option: String = "--sizes") throws(LayoutBenchError) {
        guard scenario.sizeRule.allows(size) else {
            throw error(
                .sizes,
                { name in
                    Self.stored(name, size)
                        + "Scenario '\(scenario.name)' cannot run at size \(size): its sizes must be \(scenario.sizeRule.description). "
                        + "Its default sizes are \(scenario.sizes.map(String.init).joined(separator: ", "))."
                }, fix: option == "--sizes" ? "Choose other --sizes, or select fewer scenarios." : "Choose another \(option).")
        }
        let limit = sizeLimit(for: scenario)
        guard size <= limit else {
            let why =
                maximumSizeOverride != nil
                ? "\(Self.sizeLimitVariable) limits sizes to \(limit)"
                : "sizes are limited to \(Self.sizeLimitFactor) times the scenario's largest default size (\(limit)), "
                    + "so that a mistyped size cannot exhaust memory"
            throw error(
                .sizes, { name in Self.stored(name, size) + "Scenario '\(scenario.name)' cannot run at size \(size): \(why)." },
                fix: "Set \(Self.sizeLimitVariable)=\(size) to allow it.")
        }
    }

    /// Parses `--sizes` values: comma-separated positive integers, in one or several
    /// arguments (`--sizes 100,200 --sizes 400`), returned ascending without repeats.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-size` quoting the value.
    public static func parseSizes(_ arguments: [String]) throws(LayoutBenchError) -> [Int] {
        var sizes: Set<Int> = []
        for argument in arguments {
            for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
                let text = part.trimmingCharacters(in: " ")
                guard let size = Int(text), size >= 1 else {
                    throw LayoutBenchError(
                        .invalidSize,
                        "Invalid size '\(text)' in --sizes '\(argument)': sizes are positive integers, "
                            + "separated by commas (--sizes 100,200,400).")
                }
                sizes.insert(size)
            }
        }
        guard !sizes.isEmpty else { throw LayoutBenchError(.invalidSize, "--sizes needs at least one size.") }
        return sizes.sorted()
    }
}

extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
