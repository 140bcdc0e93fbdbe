import LayoutBenchJSON

/// The options of a run: what `layoutbench run` and `check` take on the command line, what the
/// runner's `RunConfiguration` (LayoutBenchKit) holds, and the report's `options` record, as one value.
///
/// Encoded as the report's `options` (`docs/report-schema.md`): every member in declaration
/// order; `injectChurn`, `layouts`, `injectWork`, `instructions` and `shard` only when set, so
/// reports of ordinary runs do not mention them. Decoding reads what encoding writes, so a
/// baseline's options come back whole (`GateCheck.configuration(repeating:from:)`, LayoutBenchKit).
public struct RunOptions: Codable, Sendable, Equatable {
    /// Name globs (`--filter` and positional arguments); empty means every scenario.
    public var filters: [String]
    /// Tags (`--tag`); empty means any.
    public var tags: [String]
    /// Sizes given with `--sizes` (ascending, distinct), or `nil` for each scenario's own.
    public var sizes: [Int]?
    /// Whether `--quick` chose the quick sizes and repetition limits.
    public var quick: Bool
    /// Untimed repetitions before the timed ones, per size.
    public var warmup: Int
    /// The fewest timed repetitions per size.
    public var minimumRepetitions: Int
    /// The most timed repetitions per size.
    public var maximumRepetitions: Int
    /// Untimed repetitions counting allocations and peak memory, per size (two or more also
    /// check that the counts agree).
    public var countingRepetitions: Int
    /// Whether allocations are counted (jemalloc) in the counting repetitions.
    public var countAllocations: Bool
    /// The time budget of the whole run, seconds (see `docs/report-schema.md`).
    public var timeBudgetSeconds: Double
    /// The formats written (`json`, `html`); empty until the report is assembled.
    public var formats: [String]
    /// `--inject-churn N`: constraints churned per display frame in every measured run (a
    /// deliberately slowed variant for testing gates), or `nil`.
    @OmittedWhenNil public var injectChurn: Int?
    /// `--layouts PATH...`: the Interface Builder documents or folders the scenarios were made
    /// from, as given on the command line, or `nil` for the built-in catalogue; `check`
    /// repeats them.
    @OmittedWhenNil public var layouts: [String]?
    /// `--inject-work N`: steps of deliberate work per cell update in every solve (a slowed
    /// variant that moves only instructions and time), or `nil`.
    @OmittedWhenNil public var injectWork: Int?
    /// `true` when `--instructions` counts each measurement's instructions under callgrind
    /// (``SizeResult/instructions``); `nil` otherwise.
    @OmittedWhenNil public var instructions: Bool?
    /// `--shard K/N`: the part of the selection this run measures, or `nil` for all of it;
    /// `layoutbench merge` joins the shards into a report without it (LayoutBenchKit's `ReportMerge`).
    @OmittedWhenNil public var shard: Shard?

    public init(
        filters: [String] = [], tags: [String] = [], sizes: [Int]? = nil, quick: Bool, warmup: Int,
        minimumRepetitions: Int, maximumRepetitions: Int, countingRepetitions: Int, countAllocations: Bool,
        timeBudgetSeconds: Double, formats: [String] = [], injectChurn: Int? = nil, layouts: [String]? = nil,
        injectWork: Int? = nil, instructions: Bool? = nil, shard: Shard? = nil
    ) {
        self.filters = filters
        self.tags = tags
        self.sizes = sizes
        self.quick = quick
        self.warmup = warmup
        self.minimumRepetitions = minimumRepetitions
        self.maximumRepetitions = maximumRepetitions
        self.countingRepetitions = countingRepetitions
        self.countAllocations = countAllocations
        self.timeBudgetSeconds = timeBudgetSeconds
        self.formats = formats
        self.injectChurn = injectChurn
        self.layouts = layouts
        self.injectWork = injectWork
        self.instructions = instructions
        self.shard = shard
    }

    /// The full suite's defaults: 1 warm-up, 3 to 30 timed repetitions, 2 counting
    /// repetitions, 150 seconds. With ~25 scenarios at 3 sizes (75 measurements) that is
    /// 2 s per measurement on average; a fresh clone's release build takes about 100 s on a
    /// 2-core machine, so build and suite fit in 5 minutes with room for overruns. (The
    /// suite of 30 scenarios measured in about 30 s: every size reached 30 repetitions
    /// before its share of the budget.)
    public static let standard = RunOptions(
        quick: false, warmup: 1, minimumRepetitions: 3, maximumRepetitions: 30, countingRepetitions: 2,
        countAllocations: true, timeBudgetSeconds: 150)

    /// `--quick`'s defaults: the quick sizes, 1 warm-up, 3 to 5 timed repetitions, 2 counting
    /// repetitions, 30 seconds.
    public static let quick = RunOptions(
        quick: true, warmup: 1, minimumRepetitions: 3, maximumRepetitions: 5, countingRepetitions: 2,
        countAllocations: true, timeBudgetSeconds: 30)
}

extension RunOptions {
    /// One of `count` parts of a run's selection (`run --shard K/N`), for spreading a suite
    /// over several machines; `layoutbench merge` joins the parts' reports (LayoutBenchKit's `ReportMerge`).
    ///
    /// The rule is stable and needs nothing but the selection: the selected measurements
    /// (scenario and size), in catalogue order and each scenario's sizes ascending, are
    /// numbered from 0, and shard `K` of `N` runs those whose number modulo `N` is `K - 1`.
    /// Dealing them out one by one spreads each scenario's sizes, cheap and expensive, over
    /// the shards, so the shards take about equally long; and the `j`-th measurement of
    /// shard `K` is measurement `j * N + K - 1` of the whole selection, so LayoutBenchKit's `ReportMerge`
    /// puts the merged report back into the unsharded order without the catalogue.
    public struct Shard: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
        /// `K`, from 1.
        public var index: Int
        /// `N`, at least 1.
        public var count: Int

        /// The most shards a selection may be split into.
        public static let maximumCount = 10_000

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Whether this shard runs the measurement numbered `measurement` (from 0) in the
        /// whole selection.
        public func owns(_ measurement: Int) -> Bool {
            measurement % count == index - 1
        }

        /// The number in the whole selection of this shard's `position`-th measurement (from 0).
        public func measurementIndex(ofPosition position: Int) -> Int {
            position * count + index - 1
        }

        /// `K/N`.
        public var description: String { "\(index)/\(count)" }
    }
}
