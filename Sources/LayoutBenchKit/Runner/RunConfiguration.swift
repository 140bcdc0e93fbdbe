import LayoutScenarios

/// What `layoutbench run` measures and how many times.
///
/// ## Repetitions and the time budget
/// Each (scenario, size) runs ``warmup`` untimed repetitions, then timed repetitions, then
/// ``countingRepetitions`` untimed repetitions that count allocations and peak memory
/// (counting perturbs timing, so it never happens in a timed repetition). Every repetition
/// prepares a fresh instance (not measured), runs it, checks the expectations and compares
/// the counters with the first repetition's.
///
/// The number of timed repetitions adapts to ``timeBudgetSeconds``: each (scenario, size)
/// gets an allowance of the budget left divided by the measurements left, and takes at
/// least ``minimumRepetitions`` and at most ``maximumRepetitions`` timed repetitions,
/// stopping early when one more (and the counting repetitions after it, estimated from the
/// last repetition's cost, `prepare` included) would exceed the allowance. Cheap sizes stop
/// at the maximum and leave their time to later ones; a size whose minimum repetitions
/// cost more than its allowance takes it from those after it. ``TimeBudget`` implements it.
public struct RunConfiguration: Sendable, Equatable {
    /// The scenarios to run.
    public var selection: ScenarioSelection
    /// Sizes replacing every scenario's own (`--sizes`), ascending and distinct, or `nil`.
    public var sizes: [Int]?
    /// Whether to run the scenarios' quick sizes.
    public var quick: Bool
    /// Untimed repetitions before the timed ones, per size.
    public var warmup: Int
    /// The fewest timed repetitions per size.
    public var minimumRepetitions: Int
    /// The most timed repetitions per size.
    public var maximumRepetitions: Int
    /// Untimed repetitions counting allocations and peak memory, per size (two or more
    /// also check that the counts agree).
    public var countingRepetitions: Int
    /// Whether to count allocations (jemalloc) in the counting repetitions.
    public var countAllocations: Bool
    /// The time budget of the measurements, seconds.
    public var timeBudgetSeconds: Double
    /// Constraints churned per display frame in every repetition (`--inject-churn`, through
    /// `LayoutEngine.injectingChurn`): a deliberately slowed variant for testing performance
    /// gates. 0 (the default) injects nothing. With injection the scenarios' own expectations
    /// no longer hold; their failures become warnings (`docs/ci.md`).
    public var injectChurn = 0

    /// The full suite's defaults: 1 warm-up, 3 to 30 timed repetitions, 2 counting
    /// repetitions, 150 seconds. With ~25 scenarios at 3 sizes (75 measurements) that is
    /// 2 s per measurement on average; a fresh clone's release build takes about 100 s on a
    /// 2-core machine, so build and suite fit in 5 minutes with room for overruns. (The
    /// suite of 30 scenarios measured in about 30 s: every size reached 30 repetitions
    /// before its share of the budget.)
    public static let standard = RunConfiguration(
        selection: ScenarioSelection(), sizes: nil, quick: false, warmup: 1, minimumRepetitions: 3,
        maximumRepetitions: 30, countingRepetitions: 2, countAllocations: true, timeBudgetSeconds: 150)

    /// `--quick`'s defaults: the quick sizes, 1 warm-up, 3 to 5 timed repetitions, 2 counting
    /// repetitions, 30 seconds.
    public static let quickDefaults = RunConfiguration(
        selection: ScenarioSelection(), sizes: nil, quick: true, warmup: 1, minimumRepetitions: 3,
        maximumRepetitions: 5, countingRepetitions: 2, countAllocations: true, timeBudgetSeconds: 30)

    public init(
        selection: ScenarioSelection, sizes: [Int]?, quick: Bool, warmup: Int, minimumRepetitions: Int,
        maximumRepetitions: Int, countingRepetitions: Int, countAllocations: Bool, timeBudgetSeconds: Double
    ) {
        self.selection = selection
        self.sizes = sizes
        self.quick = quick
        self.warmup = warmup
        self.minimumRepetitions = minimumRepetitions
        self.maximumRepetitions = maximumRepetitions
        self.countingRepetitions = countingRepetitions
        self.countAllocations = countAllocations
        self.timeBudgetSeconds = timeBudgetSeconds
    }

    /// The sizes to run `scenario` at.
    public func sizes(for scenario: Scenario) -> [Int] {
        sizes ?? (quick ? scenario.quickSizes : scenario.sizes)
    }

    /// Checks the numbers.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` naming the option and the value.
    public func validate() throws(LayoutBenchError) {
        func fail(_ message: String) -> LayoutBenchError { LayoutBenchError(.invalidOption, message) }
        guard warmup >= 0 else { throw fail("--warmup must be 0 or more; got \(warmup).") }
        guard minimumRepetitions >= 1 else { throw fail("--repetitions must be at least 1; got \(minimumRepetitions).") }
        guard maximumRepetitions >= minimumRepetitions else {
            throw fail("--max-repetitions (\(maximumRepetitions)) must be at least the minimum (\(minimumRepetitions)).")
        }
        guard countingRepetitions >= 1 else {
            throw fail("--counting-repetitions must be at least 1; got \(countingRepetitions).")
        }
        guard timeBudgetSeconds.isFinite, timeBudgetSeconds > 0 else {
            throw fail("--time-budget must be a positive number of seconds; got \(timeBudgetSeconds).")
        }
        if let sizes, sizes.isEmpty { throw LayoutBenchError(.invalidSize, "--sizes needs at least one size.") }
        guard injectChurn >= 0 else { throw fail("--inject-churn must be 0 or more; got \(injectChurn).") }
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
