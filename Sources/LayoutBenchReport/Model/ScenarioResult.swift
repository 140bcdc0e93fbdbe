import LayoutBenchJSON
import OrderedCollections

/// Everything measured for one scenario: its description, one result per size, growth fits.
public struct ScenarioResult: Codable, Sendable {
    /// `family/variant`.
    public var name: String
    /// The family.
    public var family: String
    /// The variant.
    public var variant: String
    /// What the scenario does.
    public var summary: String
    /// The scenario's tags.
    public var tags: [String]
    /// What the size counts.
    public var sizeUnit: String
    /// What one operation is.
    public var operationUnit: String
    /// The other side of its anti-pattern/fix comparison, or `null`.
    public var pair: PairInfo?
    /// The scenario's expectations, as written (`solves == N`).
    public var expectations: [String]
    /// `failed` when any size failed.
    public var status: Report.Status
    /// One result per size, ascending.
    public var sizes: [SizeResult]
    /// How each metric grows with size.
    public var growth: GrowthReport

    public init(
        name: String, family: String, variant: String, summary: String, tags: [String], sizeUnit: String,
        operationUnit: String, pair: PairInfo? = nil, expectations: [String], status: Report.Status,
        sizes: [SizeResult], growth: GrowthReport
    ) {
        self.name = name
        self.family = family
        self.variant = variant
        self.summary = summary
        self.tags = tags
        self.sizeUnit = sizeUnit
        self.operationUnit = operationUnit
        self.pair = pair
        self.expectations = expectations
        self.status = status
        self.sizes = sizes
        self.growth = growth
    }

    /// A scenario's partner and role.
    public struct PairInfo: Codable, Sendable, Equatable {
        /// The partner's name.
        public var partner: String
        /// `anti-pattern` or `fix`.
        public var role: String
        /// On an anti-pattern: what UIKit pays there that the model does not (absent
        /// when the model pays it all): the cause a contradicted pair reports.
        public var modelGap: String?

        public init(partner: String, role: String, modelGap: String? = nil) {
            self.partner = partner
            self.role = role
            self.modelGap = modelGap
        }
    }
}

/// The measurements of one scenario at one size.
public struct SizeResult: Codable, Sendable {
    /// The size.
    public var size: Int
    /// Operations one run performs (the denominator of ``perOperation``).
    public var operations: Int
    /// `failed` when ``failures`` is not empty.
    public var status: Report.Status
    /// How many repetitions of each kind ran.
    public var repetitions: RepetitionCounts
    /// Wall time spent on this size, all repetitions with their `prepare`, seconds.
    public var elapsedSeconds: Double
    /// The counters of one run (identical in every repetition unless a `counters-differ`
    /// failure says otherwise; then the first repetition's): the solver's in
    /// `SolverCounters.names` order, then `rowOperations`, then the engines' and the text
    /// measurers' (`WorkCounters.names`).
    public var counters: OrderedDictionary<String, Int>
    /// Whether the counters were identical in every repetition.
    public var countersIdentical: Bool
    /// Wall and CPU time of the timed repetitions.
    public var time: TimeResult
    /// Allocations of the counting repetitions, or `null` when not counted.
    public var allocations: AllocationResult?
    /// Peak resident memory of the counting repetitions.
    public var memory: MemoryResult
    /// Instructions executed by one run (`run()` only, the measured region), counted by
    /// valgrind's callgrind with `--instructions`; absent otherwise (docs/performance.md), so
    /// reports of runs without `--instructions` are unchanged.
    @OmittedWhenNil public var instructions: UInt64? = nil
    /// Of ``instructions``, those executed inside the solver (`Cassowary`, with the runtime
    /// and library code it calls, less its calls back into the engine); the rest is the
    /// engine's and the scenario's own. Written with ``instructions`` (docs/performance.md).
    @OmittedWhenNil public var solverInstructions: UInt64? = nil
    /// Swift's runtime exclusivity checks (`swift_beginAccess` calls) in the same region: the
    /// layout code's own overhead, which should not grow with views or constraints. Written
    /// with ``instructions`` (docs/performance.md).
    @OmittedWhenNil public var exclusivityChecks: UInt64? = nil
    /// For a scenario that reproduces a published device benchmark, one run's time on a
    /// phone estimated from the counters, with the model's held-out error (``DeviceEstimate``);
    /// absent for every other scenario.
    @OmittedWhenNil public var deviceEstimate: DeviceEstimate? = nil
    /// Each ``Metric`` divided by ``operations`` (`null` when there are no operations or
    /// the metric was not measured).
    public var perOperation: OrderedDictionary<String, Double?>
    /// The failures at this size.
    public var failures: [Report.Failure]

    public init(
        size: Int, operations: Int, status: Report.Status, repetitions: RepetitionCounts, elapsedSeconds: Double,
        counters: OrderedDictionary<String, Int>, countersIdentical: Bool, time: TimeResult,
        allocations: AllocationResult? = nil, memory: MemoryResult, instructions: UInt64? = nil,
        solverInstructions: UInt64? = nil, exclusivityChecks: UInt64? = nil, perOperation: OrderedDictionary<String, Double?>,
        failures: [Report.Failure]
    ) {
        self.size = size
        self.operations = operations
        self.status = status
        self.repetitions = repetitions
        self.elapsedSeconds = elapsedSeconds
        self.counters = counters
        self.countersIdentical = countersIdentical
        self.time = time
        self.allocations = allocations
        self.memory = memory
        self.instructions = instructions
        self.solverInstructions = solverInstructions
        self.exclusivityChecks = exclusivityChecks
        self.perOperation = perOperation
        self.failures = failures
    }

    /// The value of `metric` at this size, or `nil` when it was not measured.
    public func value(of metric: Metric) -> Double? {
        switch metric {
        case .wallNanoseconds: time.wallNanoseconds.median
        case .cpuNanoseconds: time.cpuNanoseconds.median
        case .allocations: allocations.map { Double($0.count) }
        case .allocatedBytes: allocations.map { Double($0.bytes) }
        case .peakIncreaseBytes: Double(memory.peakIncreaseBytes)
        case .solves, .pivots, .rowOperations, .substitutions, .cellUpdates:
            counters[metric.rawValue].map { Double($0) }
        }
    }
}

/// How many repetitions of each kind ran at one size.
public struct RepetitionCounts: Codable, Sendable, Equatable {
    /// Untimed repetitions first (expectations and counters still checked).
    public var warmup: Int
    /// Timed repetitions.
    public var timed: Int
    /// Untimed repetitions counting allocations and peak memory.
    public var counting: Int

    public init(warmup: Int, timed: Int, counting: Int) {
        self.warmup = warmup
        self.timed = timed
        self.counting = counting
    }

    /// All repetitions.
    public var total: Int { warmup + timed + counting }
}

/// Summary statistics of one kind of time, with the raw samples.
public struct SampleSummary: Codable, Sendable, Equatable {
    /// The number of samples.
    public var count: Int
    /// The median (mean of the two middle samples for an even count).
    public var median: Double
    /// The smallest sample.
    public var min: Double
    /// The 90th percentile, interpolated linearly (`docs/measurement.md`).
    public var p90: Double
    /// The largest sample.
    public var max: Double
    /// The unscaled median absolute deviation.
    public var mad: Double
    /// The mean.
    public var mean: Double
    /// The samples, in the order they were taken.
    public var samples: [UInt64]

    public init(
        count: Int, median: Double, min: Double, p90: Double, max: Double, mad: Double, mean: Double, samples: [UInt64]
    ) {
        self.count = count
        self.median = median
        self.min = min
        self.p90 = p90
        self.max = max
        self.mad = mad
        self.mean = mean
        self.samples = samples
    }
}

/// Wall and CPU time of the timed repetitions, nanoseconds.
///
/// The load figures are written only when present, so reports without them (instruction runs,
/// tests with fixed times) are unchanged.
public struct TimeResult: Codable, Sendable, Equatable {
    /// `CLOCK_MONOTONIC` around `run()`.
    public var wallNanoseconds: SampleSummary
    /// `CLOCK_THREAD_CPUTIME_ID` around `run()`: CPU time of the thread that ran it.
    public var cpuNanoseconds: SampleSummary
    /// The 1-minute load average (`/proc/loadavg`) when the measurement started; absent when
    /// it could not be read, and in reports written before it was recorded.
    @OmittedWhenNil public var loadAverageAtStart: Double? = nil
    /// The 1-minute load average when the measurement ended (after its counting
    /// repetitions); absent as ``loadAverageAtStart`` is.
    @OmittedWhenNil public var loadAverageAtEnd: Double? = nil
    /// Median wall time over median CPU time; absent when nothing was timed (or in older
    /// reports). Near 1 when the thread had a core to itself.
    @OmittedWhenNil public var wallToCPURatio: Double? = nil
    /// Whether the machine was busy (``BusyRule``): the ratio above 1.25 or a load average
    /// above the logical cores. Absent in older reports and instruction runs.
    @OmittedWhenNil public var busy: Bool? = nil

    public init(
        wallNanoseconds: SampleSummary, cpuNanoseconds: SampleSummary, loadAverageAtStart: Double? = nil,
        loadAverageAtEnd: Double? = nil, wallToCPURatio: Double? = nil, busy: Bool? = nil
    ) {
        self.wallNanoseconds = wallNanoseconds
        self.cpuNanoseconds = cpuNanoseconds
        self.loadAverageAtStart = loadAverageAtStart
        self.loadAverageAtEnd = loadAverageAtEnd
        self.wallToCPURatio = wallToCPURatio
        self.busy = busy
    }

    /// These times with the load figures: the readings, the wall/CPU ratio of the medians,
    /// and the ``BusyRule`` verdict.
    public func withLoad(atStart start: Double?, atEnd end: Double?, logicalCores: Int) -> TimeResult {
        var result = self
        result.loadAverageAtStart = start
        result.loadAverageAtEnd = end
        result.wallToCPURatio = BusyRule.wallToCPURatio(self)
        result.busy = BusyRule.isBusy(
            wallToCPURatio: result.wallToCPURatio, loadAverages: [start, end].compactMap { $0 }, logicalCores: logicalCores)
        return result
    }
}

/// Allocations of one run, from jemalloc (`docs/measurement.md`).
public struct AllocationResult: Codable, Sendable, Equatable {
    /// Allocation requests of the first counting repetition.
    public var count: UInt64
    /// Bytes allocated (size classes) by the first counting repetition.
    public var bytes: UInt64
    /// Bytes freed by the running thread during the first counting repetition.
    public var deallocatedBytes: UInt64
    /// Whether every counting repetition counted the same allocations and bytes.
    public var repetitionsAgree: Bool
    /// Every counting repetition's counts.
    public var samples: [AllocationSample]

    public init(
        count: UInt64, bytes: UInt64, deallocatedBytes: UInt64, repetitionsAgree: Bool, samples: [AllocationSample]
    ) {
        self.count = count
        self.bytes = bytes
        self.deallocatedBytes = deallocatedBytes
        self.repetitionsAgree = repetitionsAgree
        self.samples = samples
    }
}

/// One counting repetition's allocations.
public struct AllocationSample: Codable, Sendable, Equatable {
    public var count: UInt64
    public var bytes: UInt64
    public var deallocatedBytes: UInt64

    public init(count: UInt64, bytes: UInt64, deallocatedBytes: UInt64) {
        self.count = count
        self.bytes = bytes
        self.deallocatedBytes = deallocatedBytes
    }
}

/// Peak resident memory in the counting repetitions.
public struct MemoryResult: Codable, Sendable, Equatable {
    /// The largest peak resident set size of the counting repetitions: the process's memory
    /// with the prepared state and the run.
    public var peakResidentBytes: UInt64
    /// The largest ``MemorySample/increaseBytes`` of the counting repetitions: what the run
    /// took from the system on top of the prepared state.
    public var peakIncreaseBytes: UInt64
    /// Every counting repetition's readings.
    public var samples: [MemorySample]

    public init(peakResidentBytes: UInt64, peakIncreaseBytes: UInt64, samples: [MemorySample]) {
        self.peakResidentBytes = peakResidentBytes
        self.peakIncreaseBytes = peakIncreaseBytes
        self.samples = samples
    }
}

/// One counting repetition's memory readings.
public struct MemorySample: Codable, Sendable, Equatable {
    /// `VmRSS` after `prepare`, before `run()`.
    public var residentBytesBeforeRun: UInt64
    /// `VmHWM` after the run: the peak since the reset before `prepare`.
    public var peakResidentBytes: UInt64

    public init(residentBytesBeforeRun: UInt64, peakResidentBytes: UInt64) {
        self.residentBytesBeforeRun = residentBytesBeforeRun
        self.peakResidentBytes = peakResidentBytes
    }

    /// `peakResidentBytes - residentBytesBeforeRun`, or 0 when the peak was before the run.
    public var increaseBytes: UInt64 {
        peakResidentBytes > residentBytesBeforeRun ? peakResidentBytes - residentBytesBeforeRun : 0
    }
}
