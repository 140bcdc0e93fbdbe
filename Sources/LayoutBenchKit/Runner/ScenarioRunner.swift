import Cassowary
import LayoutBenchJSON
import LayoutBenchMetrics
import LayoutEngine
import LayoutScenarios
import OrderedCollections

/// Runs scenarios and measures them (``RunConfiguration`` describes the repetitions).
///
/// For each scenario and size: warm-ups, timed repetitions (wall and thread CPU time around
/// `instance.run()`), then counting repetitions (allocations with ``AllocationCounter`` and
/// peak resident memory, after purging jemalloc's free pages and resetting the peak). Each
/// repetition prepares a fresh instance outside the measured interval, checks the scenario's
/// expectations on its counters, and compares its counters with the first repetition's.
/// An anti-pattern and its fix at the same size are measured interleaved
/// (``measureGroup(_:size:allowanceSeconds:)``); each measurement records the load average
/// at its start and end (``loadSource``) and whether the machine was busy (``BusyRule``).
public final class ScenarioRunner {
    /// The configuration.
    public let configuration: RunConfiguration
    private let allocationCounter: AllocationCounter?
    private let progress: RunProgress?
    /// Counts instructions instead of timing and counting allocations (``InstructionRun``'s
    /// child process, under callgrind), or `nil`.
    private var instructionCounter: InstructionCounter?
    /// The first error of the instruction counter, which ends the run.
    private(set) var instructionError: LayoutBenchError?
    /// The first measurement that measured nothing (``ScenarioRules``), which ends the run.
    private(set) var scenarioError: LayoutBenchError?
    /// Reads the load average at the start and end of each measurement (tests inject one).
    public var loadSource = LoadSource.system
    /// The machine's logical cores, against which ``BusyRule`` compares the load average.
    public var logicalCores = EnvironmentCapture.logicalCores()
    /// The monotonic clock, nanoseconds, that the time budget and the repetition policy read
    /// (tests inject one; the timed intervals themselves always read ``Timing``).
    public var clock: @Sendable () -> UInt64 = { Timing.monotonicNanoseconds() }

    /// - Parameters:
    ///   - configuration: What to run and how often.
    ///   - allocationCounter: Counts allocations, or `nil` not to count them.
    ///   - progress: Receives progress, between measured intervals.
    public init(configuration: RunConfiguration, allocationCounter: AllocationCounter?, progress: RunProgress? = nil) {
        self.configuration = configuration
        self.allocationCounter = allocationCounter
        self.progress = progress
    }

    /// A runner that counts each size's instructions with `instructionCounter` (under
    /// callgrind): warm-ups, then one repetition whose `run()` is the counted region (also
    /// timed, under valgrind); no counting repetitions.
    public init(configuration: RunConfiguration, instructionCounter: InstructionCounter, progress: RunProgress? = nil) {
        self.configuration = configuration
        self.allocationCounter = nil
        self.progress = progress
        self.instructionCounter = instructionCounter
    }

    /// What a run produced, before it becomes a ``Report``.
    public struct Outcome: Sendable, Codable {
        /// One result per scenario, in the order run.
        public var scenarios: [ScenarioResult]
        /// Notes that are not failures.
        public var warnings: [String]
        /// Wall time of the run, seconds.
        public var durationSeconds: Double

        /// Every failure, in run order.
        public var failures: [Report.Failure] { scenarios.flatMap { $0.sizes.flatMap(\.failures) } }
    }

    /// Runs `scenarios` at their sizes, counting instructions.
    ///
    /// - Throws: ``LayoutBenchError`` `instruction-counting-unavailable` when a dump cannot be
    ///   read; `measured-nothing` as ``run(_:)``.
    public func runCountingInstructions(_ scenarios: [Scenario]) throws(LayoutBenchError) -> Outcome {
        precondition(instructionCounter != nil, "a runner made with an instruction counter")
        let outcome = try run(scenarios)
        if let instructionError { throw instructionError }
        return outcome
    }

    /// Runs `scenarios` at their sizes (with a ``RunConfiguration/shard``, only the
    /// measurements the shard owns; scenarios left with none are not in the outcome).
    ///
    /// - Throws: ``LayoutBenchError`` `measured-nothing` when the first repetition of a
    ///   measurement did no solver work, assigned no frame and measured no text
    ///   (``ScenarioRules/checkMeasuredSomething(_:size:work:)``): the run stops there.
    public func run(_ scenarios: [Scenario]) throws(LayoutBenchError) -> Outcome {
        let planned = configuration.measurements(of: scenarios)
        let measurements = planned.reduce(0) { $0 + $1.sizes.count }
        var budget = TimeBudget(totalSeconds: configuration.timeBudgetSeconds, measurements: measurements, startNanoseconds: clock())
        progress?.runStarted(scenarios: planned.count, measurements: measurements)
        var results: [ScenarioResult] = []
        var warnings: [String] = []
        if let shard = configuration.shard, measurements == 0 {
            warnings.append(
                "Shard \(shard) holds no measurement: the selection has fewer than \(shard.index) measurements. "
                    + "Its report is empty; 'layoutbench merge' still needs it.")
        }
        var index = 0
        let groups = instructionCounter == nil ? Self.interleavedGroups(planned) : [:]
        // The partners' results of a group measured interleaved, until their turn in the run order.
        var measuredWithPartner: [String: SizeResult] = [:]
        for (scenario, sizes) in planned {
            var sizeResults: [SizeResult] = []
            for size in sizes {
                index += 1
                progress?.measurementStarted(scenario, size: size, index: index)
                var result: SizeResult
                if let measured = measuredWithPartner.removeValue(forKey: Self.key(scenario.name, size)) {
                    result = measured
                } else if let group = groups[Self.key(scenario.name, size)] {
                    // Every member's share of the budget; all are finished here.
                    let allowance = budget.allowance(now: clock()) * Double(group.count)
                    for _ in group { budget.finishMeasurement() }
                    let measured = injecting { measureGroup(group, size: size, allowanceSeconds: allowance) }
                    result = measured[0]
                    for (member, memberResult) in zip(group, measured) {
                        if member.name == scenario.name {
                            result = memberResult
                        } else {
                            measuredWithPartner[Self.key(member.name, size)] = memberResult
                        }
                    }
                } else {
                    result = measureInjectingChurn(scenario, size: size, allowanceSeconds: budget.allowance(now: clock()))
                    budget.finishMeasurement()
                }
                if configuration.injectChurn > 0 { Self.relaxExpectations(&result, warnings: &warnings) }
                if let allocations = result.allocations, !allocations.repetitionsAgree {
                    warnings.append(
                        "\(scenario.name) at size \(size): the counting repetitions counted different allocations "
                            + "(\(allocations.samples.map { String($0.count) }.joined(separator: ", "))); the report keeps the first.")
                }
                if let scenarioError {
                    progress?.runFinished()
                    throw scenarioError
                }
                progress?.measurementFinished(scenario, result)
                sizeResults.append(result)
            }
            results.append(Self.scenarioResult(scenario, sizeResults))
        }
        let duration = budget.elapsedSeconds(now: clock())
        if duration > configuration.timeBudgetSeconds * 1.1 {
            let slowest = results.flatMap { result in result.sizes.map { (result.name, $0) } }
                .max { $0.1.elapsedSeconds < $1.1.elapsedSeconds }
            var warning =
                "The measurements took \(Int(duration.rounded())) s, over the time budget of "
                + "\(Int(configuration.timeBudgetSeconds.rounded())) s"
            if let (name, size) = slowest {
                warning +=
                    "; the slowest was \(name) at size \(size.size) (\(Int(size.elapsedSeconds.rounded())) s "
                    + "for \(size.repetitions.total) repetitions)"
            }
            warnings.append(warning + ".")
        }
        progress?.runFinished()
        if configuration.injectWork > 0 {
            warnings.insert(
                "Work injected (--inject-work \(configuration.injectWork)): every solve ran \(configuration.injectWork) extra "
                    + "generator steps per cell update. This is a deliberately slowed variant for testing gates; counters and "
                    + "allocations are unchanged.", at: 0)
        }
        if configuration.injectChurn > 0 {
            warnings.insert(
                "Churn injected (--inject-churn \(configuration.injectChurn)): every display frame deactivated up to "
                    + "\(configuration.injectChurn) active constraints and activated them again. This is a deliberately slowed variant "
                    + "for testing gates; the scenarios' expectations were checked but their failures are warnings.", at: 0)
        }
        return Outcome(scenarios: results, warnings: warnings, durationSeconds: duration)
    }

    /// Under injected churn, turns a size's expectation failures into warnings (the
    /// injected work breaks the scenarios' counter expectations by design); counters that
    /// differ between repetitions stay failures.
    static func relaxExpectations(_ result: inout SizeResult, warnings: inout [String]) {
        for failure in result.failures where failure.kind == .expectation {
            warnings.append("\(failure) (not a failure under --inject-churn)")
        }
        result.failures.removeAll { $0.kind == .expectation }
        result.status = result.failures.isEmpty ? .passed : .failed
    }

    /// Measures one scenario at one size, with churn injected into every display frame of
    /// every repetition when the configuration asks for it (`--inject-churn`). The injection
    /// is bound once around the whole measurement, outside the measured intervals, so binding
    /// it costs no allocation inside them.
    func measureInjectingChurn(_ scenario: Scenario, size: Int, allowanceSeconds: Double) -> SizeResult {
        injecting {
            instructionCounter == nil
                ? measure(scenario, size: size, allowanceSeconds: allowanceSeconds)
                : measureInstructions(scenario, size: size)
        }
    }

    /// Runs `body` with the work and churn the configuration injects (`--inject-work`,
    /// `--inject-churn`) bound around it, outside every measured interval.
    private func injecting<Result>(_ body: () -> Result) -> Result {
        guard configuration.injectWork > 0 else { return injectingChurn(body) }
        return LayoutEngine.injectingWork(stepsPerCellUpdate: configuration.injectWork) { injectingChurn(body) }
    }

    private func injectingChurn<Result>(_ body: () -> Result) -> Result {
        guard configuration.injectChurn > 0 else { return body() }
        return LayoutEngine.injectingChurn(constraintsPerFrame: configuration.injectChurn) { body() }
    }

    /// `name@size`: one measurement.
    static func key(_ name: String, _ size: Int) -> String { "\(name)@\(size)" }

    /// For each measurement of a scenario whose pair partner is measured at the same size in
    /// this run, the scenarios its pairs connect it to at that size, itself included: a pair,
    /// or a chain such as `lfb/stackview` -> `lfb/autolayout` -> `lfb/manual-frames`, where one
    /// scenario is the fix of one pair and the anti-pattern of the next. Each group is measured
    /// interleaved (``measureGroup(_:size:allowanceSeconds:)``), anti-patterns first in the run's
    /// order, so that every ratio between its members is measured side by side.
    static func interleavedGroups(_ planned: [(scenario: Scenario, sizes: [Int])]) -> [String: [Scenario]] {
        let byName = Dictionary(planned.map { ($0.scenario.name, $0) }, uniquingKeysWith: { first, _ in first })
        let order = Dictionary(planned.enumerated().map { ($0.element.scenario.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var groups: [String: [Scenario]] = [:]
        for (scenario, sizes) in planned {
            for size in sizes where groups[key(scenario.name, size)] == nil {
                // The scenarios reachable through pair links (either direction) that run at `size`.
                var members = [scenario]
                var index = 0
                while index < members.count {
                    let current = members[index]
                    index += 1
                    var linked: [String] = []
                    if let partner = current.pair?.partner { linked.append(partner) }
                    linked += planned.filter { $0.scenario.pair?.partner == current.name }.map(\.scenario.name)
                    for name in linked where name != current.name && !members.contains(where: { $0.name == name }) {
                        if let entry = byName[name], entry.sizes.contains(size) { members.append(entry.scenario) }
                    }
                }
                guard members.count > 1 else { continue }
                members.sort {
                    let (left, right) = ($0.pair?.role == .antiPattern, $1.pair?.role == .antiPattern)
                    return left != right ? left : order[$0.name, default: 0] < order[$1.name, default: 0]
                }
                for member in members { groups[key(member.name, size)] = members }
            }
        }
        return groups
    }

    /// Measures one scenario at one size by its instructions: the warm-ups, then one
    /// repetition whose `run()` callgrind counts (and which is timed too, under valgrind).
    func measureInstructions(_ scenario: Scenario, size: Int) -> SizeResult {
        let start = Timing.monotonicNanoseconds()
        var checker = RepetitionChecker(scenario: scenario, size: size)
        for number in stride(from: 1, through: configuration.warmup, by: 1) {
            progress?.repetitionStarted(.warmup, number: number)
            let instance = scenario.prepare(size: size)
            checker.willRun(instance)
            let before = instance.counters
            instance.run()
            checker.check(instance, counters: instance.counters - before)
        }
        progress?.repetitionStarted(.timed, number: 1)
        var instructions: InstructionCounter.Count?
        var wall: [UInt64] = []
        var cpu: [UInt64] = []
        countInstructions(scenario, size: size, checker: &checker, instructions: &instructions, wall: &wall, cpu: &cpu)
        let counters = checker.reference ?? SolverCounters()
        let work = checker.referenceWork ?? WorkCounters()
        let failures = checker.failures
        if scenarioError == nil { scenarioError = checker.measuredNothing }
        var result = SizeResult(
            size: size, operations: checker.operations, status: failures.isEmpty ? .passed : .failed,
            repetitions: RepetitionCounts(warmup: configuration.warmup, timed: wall.count, counting: 0),
            elapsedSeconds: Self.seconds(since: start), counters: Self.counterMap(counters, work: work),
            countersIdentical: checker.countersIdentical,
            time: TimeResult(wallNanoseconds: Self.summary(wall), cpuNanoseconds: Self.summary(cpu)), allocations: nil,
            memory: MemoryResult(peakResidentBytes: 0, peakIncreaseBytes: 0, samples: []), instructions: instructions?.instructions,
            solverInstructions: instructions?.solverInstructions, exclusivityChecks: instructions?.exclusivityChecks,
            perOperation: [:], failures: failures)
        result.perOperation = Self.perOperation(result)
        result.deviceEstimate = DeviceEstimate.estimate(scenario: scenario.name, counters: result.counters)
        return result
    }

    /// The counted repetition. Not inlined, so its instance is released outside the region.
    @inline(never)
    private func countInstructions(
        _ scenario: Scenario, size: Int, checker: inout RepetitionChecker, instructions: inout InstructionCounter.Count?,
        wall: inout [UInt64], cpu: inout [UInt64]
    ) {
        guard instructionError == nil, var counter = instructionCounter else { return }
        let instance = scenario.prepare(size: size)
        checker.willRun(instance)
        let before = instance.counters
        let label = "\(scenario.name)@\(size)"
        var failure: LayoutBenchError?
        let (_, elapsed) = Timing.measure {
            do throws(LayoutBenchError) {
                instructions = try counter.measure(label) { instance.run() }
            } catch {
                failure = error
            }
        }
        instructionCounter = counter
        if let failure { instructionError = failure }
        wall.append(elapsed.wallNanoseconds)
        cpu.append(elapsed.threadCPUNanoseconds)
        checker.check(instance, counters: instance.counters - before)
    }

    /// Assembles a scenario's result from its sizes' results, with growth fits.
    public static func scenarioResult(_ scenario: Scenario, _ sizes: [SizeResult]) -> ScenarioResult {
        ScenarioResult(
            name: scenario.name, family: scenario.family, variant: scenario.variant, summary: scenario.summary,
            tags: scenario.tags, sizeUnit: scenario.sizeUnit, operationUnit: scenario.operationUnit,
            pair: ScenarioResult.PairInfo(scenario.pair), expectations: scenario.expectations.map(\.description),
            status: sizes.allSatisfy { $0.status == .passed } ? .passed : .failed, sizes: sizes,
            growth: GrowthReport.fit(sizes))
    }

    /// Measures one scenario at one size: warm-ups, timed repetitions while the budget allows,
    /// counting repetitions.
    ///
    /// - Parameter allowanceSeconds: The share of the time budget for this measurement.
    public func measure(_ scenario: Scenario, size: Int, allowanceSeconds: Double) -> SizeResult {
        var measurement = begin(scenario, size: size)
        warmUp(&measurement)
        var lastRepetitionSeconds = 0.0
        while shouldRepeat(
            completed: measurement.wall.count, spentSeconds: measurement.spentSeconds,
            lastRepetitionSeconds: lastRepetitionSeconds, allowanceSeconds: allowanceSeconds)
        {
            lastRepetitionSeconds = timed(&measurement)
        }
        count(&measurement)
        return finish(measurement)
    }

    /// Measures the scenarios of a group (an anti-pattern and its fix, or a chain of pairs) at
    /// one size interleaved: every member's warm-ups, then timed repetitions in turn (`A`, `B`,
    /// `A`, `B`, ... or `A`, `B`, `C`, ...) while the budget allows, so all take the same number
    /// of timed samples under the same load and their ratios hold when the load drifts; then
    /// each member's counting repetitions, as ``measure(_:size:allowanceSeconds:)`` takes them.
    ///
    /// - Parameter allowanceSeconds: All the members' shares of the time budget.
    /// - Returns: The results, in the order of `group`.
    func measureGroup(_ group: [Scenario], size: Int, allowanceSeconds: Double) -> [SizeResult] {
        var measurements = group.map { begin($0, size: size) }
        for index in measurements.indices { warmUp(&measurements[index]) }
        var lastRoundSeconds = 0.0
        while shouldRepeat(
            completed: measurements[0].wall.count, spentSeconds: measurements.reduce(0) { $0 + $1.spentSeconds },
            lastRepetitionSeconds: lastRoundSeconds, allowanceSeconds: allowanceSeconds)
        {
            lastRoundSeconds = 0
            for index in measurements.indices { lastRoundSeconds += timed(&measurements[index]) }
        }
        for index in measurements.indices { count(&measurements[index]) }
        return measurements.map(finish)
    }

    /// One measurement in progress.
    struct Measurement {
        let scenario: Scenario
        let size: Int
        let loadAtStart: Double?
        var checker: RepetitionChecker
        var wall: [UInt64] = []
        var cpu: [UInt64] = []
        var allocationSamples: [AllocationSample] = []
        var memorySamples: [MemorySample] = []
        /// Clock time spent in this measurement's repetitions, `prepare` included.
        var spentNanoseconds: UInt64 = 0

        var spentSeconds: Double { Double(spentNanoseconds) / 1e9 }
    }

    private func begin(_ scenario: Scenario, size: Int) -> Measurement {
        Measurement(
            scenario: scenario, size: size, loadAtStart: loadSource.oneMinuteAverage(),
            checker: RepetitionChecker(scenario: scenario, size: size))
    }

    private func shouldRepeat(completed: Int, spentSeconds: Double, lastRepetitionSeconds: Double, allowanceSeconds: Double) -> Bool {
        TimeBudget.shouldRepeat(
            completed: completed, spentSeconds: spentSeconds, lastRepetitionSeconds: lastRepetitionSeconds,
            countingRepetitions: configuration.countingRepetitions, allowanceSeconds: allowanceSeconds,
            minimum: configuration.minimumRepetitions, maximum: configuration.maximumRepetitions)
    }

    private func warmUp(_ measurement: inout Measurement) {
        let start = clock()
        for number in stride(from: 1, through: configuration.warmup, by: 1) {
            progress?.repetitionStarted(.warmup, number: number)
            let instance = measurement.scenario.prepare(size: measurement.size)
            measurement.checker.willRun(instance)
            let before = instance.counters
            instance.run()
            measurement.checker.check(instance, counters: instance.counters - before)
        }
        measurement.spentNanoseconds += clock() &- start
    }

    /// One timed repetition of `measurement`.
    ///
    /// - Returns: Its clock time, seconds, `prepare` included.
    private func timed(_ measurement: inout Measurement) -> Double {
        progress?.repetitionStarted(.timed, number: measurement.wall.count + 1)
        let start = clock()
        repeatTimed(
            measurement.scenario, size: measurement.size, checker: &measurement.checker, wall: &measurement.wall,
            cpu: &measurement.cpu)
        let spent = clock() &- start
        measurement.spentNanoseconds += spent
        return Double(spent) / 1e9
    }

    private func count(_ measurement: inout Measurement) {
        let start = clock()
        for number in 1...configuration.countingRepetitions {
            progress?.repetitionStarted(.counting, number: number)
            let (allocations, memory) = repeatCounting(measurement.scenario, size: measurement.size, checker: &measurement.checker)
            if let allocations { measurement.allocationSamples.append(allocations) }
            measurement.memorySamples.append(memory)
        }
        measurement.spentNanoseconds += clock() &- start
    }

    private func finish(_ measurement: Measurement) -> SizeResult {
        let counters = measurement.checker.reference ?? SolverCounters()
        let work = measurement.checker.referenceWork ?? WorkCounters()
        let operations = measurement.checker.operations
        let time = TimeResult(wallNanoseconds: Self.summary(measurement.wall), cpuNanoseconds: Self.summary(measurement.cpu))
            .withLoad(atStart: measurement.loadAtStart, atEnd: loadSource.oneMinuteAverage(), logicalCores: logicalCores)
        let allocationSamples = measurement.allocationSamples
        let allocations = allocationSamples.first.map { first in
            AllocationResult(
                count: first.count, bytes: first.bytes, deallocatedBytes: first.deallocatedBytes,
                repetitionsAgree: allocationSamples.allSatisfy { $0.count == first.count && $0.bytes == first.bytes },
                samples: allocationSamples)
        }
        let memorySamples = measurement.memorySamples
        let memory = MemoryResult(
            peakResidentBytes: memorySamples.map(\.peakResidentBytes).max() ?? 0,
            peakIncreaseBytes: memorySamples.map(\.increaseBytes).max() ?? 0, samples: memorySamples)
        let failures = measurement.checker.failures
        if scenarioError == nil { scenarioError = measurement.checker.measuredNothing }
        var result = SizeResult(
            size: measurement.size, operations: operations, status: failures.isEmpty ? .passed : .failed,
            repetitions: RepetitionCounts(
                warmup: configuration.warmup, timed: measurement.wall.count, counting: configuration.countingRepetitions),
            elapsedSeconds: measurement.spentSeconds, counters: Self.counterMap(counters, work: work),
            countersIdentical: measurement.checker.countersIdentical, time: time, allocations: allocations, memory: memory,
            perOperation: [:], failures: failures)
        result.perOperation = Self.perOperation(result)
        result.deviceEstimate = DeviceEstimate.estimate(scenario: measurement.scenario.name, counters: result.counters)
        return result
    }

    /// One timed repetition. Not inlined, so each repetition's locals (the instance) are
    /// released when it returns, outside the next interval.
    @inline(never)
    private func repeatTimed(
        _ scenario: Scenario, size: Int, checker: inout RepetitionChecker, wall: inout [UInt64], cpu: inout [UInt64]
    ) {
        let instance = scenario.prepare(size: size)
        checker.willRun(instance)
        let before = instance.counters
        let (_, elapsed) = Timing.measure { instance.run() }
        wall.append(elapsed.wallNanoseconds)
        cpu.append(elapsed.threadCPUNanoseconds)
        checker.check(instance, counters: instance.counters - before)
    }

    /// One counting repetition: purge jemalloc's free pages, reset the peak resident set,
    /// prepare, read the resident set, count the run's allocations, read the peak.
    @inline(never)
    private func repeatCounting(
        _ scenario: Scenario, size: Int, checker: inout RepetitionChecker
    ) -> (AllocationSample?, MemorySample) {
        AllocationCounter.purgeUnusedPages()
        ResourceUsage.resetPeak()
        let instance = scenario.prepare(size: size)
        checker.willRun(instance)
        let before = instance.counters
        let residentBeforeRun = ResourceUsage.current().residentBytes
        var sample: AllocationSample?
        if let allocationCounter {
            let (_, counts) = allocationCounter.measure { instance.run() }
            sample = AllocationSample(
                count: counts.allocations, bytes: counts.allocatedBytes, deallocatedBytes: counts.deallocatedBytes)
        } else {
            instance.run()
        }
        let peak = ResourceUsage.current().peakResidentBytes
        checker.check(instance, counters: instance.counters - before)
        return (sample, MemorySample(residentBytesBeforeRun: residentBeforeRun, peakResidentBytes: peak))
    }

    static func seconds(since start: UInt64) -> Double {
        Double(Timing.monotonicNanoseconds() &- start) / 1e9
    }

    /// Summary statistics of nanosecond samples (all zeros for none).
    static func summary(_ samples: [UInt64]) -> SampleSummary {
        guard let statistics = SampleStatistics(samples.map { Double($0) }) else {
            return SampleSummary(count: 0, median: 0, min: 0, p90: 0, max: 0, mad: 0, mean: 0, samples: [])
        }
        return SampleSummary(
            count: statistics.count, median: statistics.median, min: statistics.min, p90: statistics.p90,
            max: statistics.max, mad: statistics.mad, mean: statistics.mean, samples: samples)
    }

    /// The counters in `SolverCounters.names` order, then `rowOperations`, then the work around
    /// the solver in `WorkCounters.names` order.
    public static func counterMap(_ counters: SolverCounters, work: WorkCounters = WorkCounters()) -> OrderedDictionary<String, Int> {
        var map = OrderedDictionary(uniqueKeysWithValues: counters.namedValues.map { ($0.name, $0.value) })
        map["rowOperations"] = counters.rowOperations
        for (name, value) in zip(WorkCounters.names, work.values) { map[name] = value }
        return map
    }

    /// Each metric divided by the number of operations.
    public static func perOperation(_ result: SizeResult) -> OrderedDictionary<String, Double?> {
        var map = OrderedDictionary<String, Double?>()
        for metric in Metric.allCases {
            map[metric.rawValue] = .some(PairComparison.ratio(result.value(of: metric), Double(result.operations)))
        }
        return map
    }
}

/// Checks each repetition's expectations and counters, and gathers the failures.
struct RepetitionChecker {
    let scenario: Scenario
    let size: Int
    /// The first repetition's counters.
    private(set) var reference: SolverCounters?
    /// The first repetition's work around the solver.
    private(set) var referenceWork: WorkCounters?
    /// ``ScenarioInstance/workCounters`` before the current repetition's run.
    private var workBefore = WorkCounters()
    /// The first repetition's number of operations.
    private(set) var operations = 0
    private(set) var countersIdentical = true
    private(set) var failures: [Report.Failure] = []
    /// The first repetition's ``ScenarioRules/checkMeasuredSomething(_:size:work:)`` error:
    /// the run stops on it.
    private(set) var measuredNothing: LayoutBenchError?
    private var repetition = 0
    /// The layout before the first repetition's run, for ``measuredNothing``.
    private var snapshot: LayoutSnapshot?

    init(scenario: Scenario, size: Int) {
        self.scenario = scenario
        self.size = size
    }

    /// Called with each repetition's instance before its run: the first is looked at whole
    /// (outside the measured interval), so that ``check(_:counters:)`` can tell whether the run
    /// did anything.
    mutating func willRun(_ instance: ScenarioInstance) {
        if repetition == 0 { snapshot = instance.layoutSnapshot() }
        workBefore = instance.workCounters
    }

    mutating func check(_ instance: ScenarioInstance, counters: SolverCounters) {
        // Read first: the checks below measure labels again.
        let work = instance.workCounters - workBefore
        repetition += 1
        if repetition == 1, let snapshot {
            do throws(LayoutBenchError) {
                try ScenarioRules.checkMeasuredSomething(scenario, size: size, work: instance.work(since: snapshot, counters: counters))
            } catch {
                measuredNothing = error
            }
            self.snapshot = nil
        }
        for failure in scenario.check(instance, counters: counters, size: size) {
            record(.expectation, failure.expectation, failure.detail)
        }
        guard let reference, let referenceWork else {
            self.reference = counters
            self.referenceWork = work
            operations = instance.operations
            return
        }
        if counters != reference || work != referenceWork {
            countersIdentical = false
            let names = SolverCounters.names + WorkCounters.names
            let differences = zip(names, zip(reference.values + referenceWork.values, counters.values + work.values))
                .filter { $0.1.0 != $0.1.1 }
                .map { "\($0.0) \($0.1.1) (repetition 1: \($0.1.0))" }
            record(.countersDiffer, "identical counters in every repetition", differences.joined(separator: ", "))
        }
    }

    /// Records a failure, merging repetitions with the same failure.
    private mutating func record(_ kind: Report.Failure.Kind, _ expectation: String, _ detail: String) {
        if let index = failures.firstIndex(where: {
            $0.kind == kind && $0.expectation == expectation && $0.detail == detail
        }) {
            failures[index].repetitions.append(repetition)
        } else {
            failures.append(
                Report.Failure(
                    scenario: scenario.name, size: size, kind: kind, expectation: expectation, detail: detail,
                    repetitions: [repetition]))
        }
    }
}
