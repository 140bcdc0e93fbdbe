import Cassowary
import LayoutBenchMetrics

/// How many replays to time and what else to measure.
public struct BenchmarkConfiguration: Sendable {
    /// Timed replays; the reported time is their median.
    public var repetitions: Int
    /// Untimed replays before the timed ones.
    public var warmup: Int
    /// Whether to run the allocation-counting replay.
    public var countAllocations: Bool

    /// The most timed replays per trace (`solver-bench --repetitions`).
    public static let maximumRepetitions = 10_000
    /// The most untimed replays before the timed ones (`solver-bench --warmup`).
    public static let maximumWarmup = 1_000

    public init(repetitions: Int = 10, warmup: Int = 2, countAllocations: Bool = true) {
        precondition(repetitions >= 1 && warmup >= 0)
        self.repetitions = repetitions
        self.warmup = warmup
        self.countAllocations = countAllocations
    }
}

/// One timed replay.
public struct RepetitionMeasurement: Sendable {
    public struct ClassTiming: Sendable, Codable, Equatable {
        /// Steps of the class (each counts as one operation).
        public var operations: Int
        /// Wall time of all the class's segments, in nanoseconds.
        public var nanoseconds: UInt64
    }

    public var classes: [OperationClass: ClassTiming]
    /// Counter deltas per class (identical in every repetition: checked).
    public var counters: [OperationClass: SolverCounters]
    /// Operations that threw (recorded failures replay as failures).
    public var failures: Int
}

/// Allocation counts of one class's steps in the counting replay.
public struct AllocationSummary: Sendable, Codable, Equatable {
    /// Steps counted.
    public var operations: Int
    /// Allocations of all the steps.
    public var allocations: UInt64
    /// Bytes they allocated (jemalloc size classes).
    public var allocatedBytes: UInt64
    /// The most allocations one step made.
    public var maximumPerOperation: UInt64
    /// Steps that allocated at all.
    public var allocatingOperations: Int
    /// Steps after the first tenth of the class (at least one step): the solver is warm.
    public var warmOperations: Int
    /// Allocations of the warm steps.
    public var warmAllocations: UInt64

    /// Makes the summary from the per-step counts, in trace order.
    public init(_ steps: [AllocationSnapshot]) {
        operations = steps.count
        allocations = steps.reduce(0) { $0 + $1.allocations }
        allocatedBytes = steps.reduce(0) { $0 + $1.allocatedBytes }
        maximumPerOperation = steps.map(\.allocations).max() ?? 0
        allocatingOperations = steps.filter { $0.allocations > 0 }.count
        let cold = min(steps.count, max(1, (steps.count + 9) / 10))
        warmOperations = steps.count - cold
        warmAllocations = steps.dropFirst(cold).reduce(0) { $0 + $1.allocations }
    }

    /// Allocations per step.
    public var perOperation: Double { operations == 0 ? 0 : Double(allocations) / Double(operations) }
    /// Allocations per warm step (0 when there is none).
    public var warmPerOperation: Double {
        warmOperations == 0 ? 0 : Double(warmAllocations) / Double(warmOperations)
    }
}

/// A weighted sum of all variable values at one read, for cross-checking
/// replays in two solvers without shipping every value.
///
/// `sum = Σ v[i] · (1 + i mod 7)`, `scale = Σ |v[i]| · (1 + i mod 7)`; two
/// checksums agree when `|sum₁ - sum₂| <= tolerance · max(1, scale₁, scale₂)`.
public struct ValueChecksum: Sendable, Codable, Equatable {
    public var sum: Double
    public var scale: Double

    public init(_ values: [Double]) {
        var sum = 0.0
        var scale = 0.0
        for (index, value) in values.enumerated() {
            let weight = Double(1 + index % 7)
            sum += weight * value
            scale += weight * abs(value)
        }
        self.sum = sum
        self.scale = scale
    }
}

/// What a verification replay read.
public struct VerificationResult: Sendable {
    public struct EditStart: Sendable, Codable, Equatable {
        /// The trace line of the `addEdit`.
        public var line: Int
        /// The variable's value just before the edit was added (where the edit starts).
        public var value: Double
    }

    /// Trace lines whose operation threw.
    public var failedLines: [Int] = []
    /// The ``Cassowary/SolverError/code`` of each failed line, in the same order.
    public var failureCodes: [String] = []
    /// A failed `endBatch` that removed required constraints the batch added (found
    /// unsatisfiable when the solver verified the batch): the line and the trace ids.
    public struct BatchRemoval: Codable, Equatable, Sendable {
        public var line: Int
        public var ids: [Int]
    }
    /// Every such removal, in order.
    public var batchRemovals: [BatchRemoval] = []
    /// A failed `endBatch`'s deferred required constant changes that were rolled back
    /// (the same shape: the line and the trace ids of the constraints keeping their old constants).
    public var batchRollbacks: [BatchRemoval] = []
    /// One checksum per `read` operation, in order.
    public var readChecksums: [ValueChecksum] = []
    /// Every variable's value at the last `read` (empty when the trace has none).
    public var lastReadValues: [Double] = []
    /// Every variable's value at the end.
    public var finalValues: [Double] = []
    /// Where each edit started.
    public var editStartValues: [EditStart] = []
    /// The solver's counters at the end.
    public var finalCounters = SolverCounters()
}

/// The measurements of one class over all repetitions.
public struct ClassResult: Sendable {
    public var operationClass: OperationClass
    /// Steps per replay.
    public var operations: Int
    /// Nanoseconds per step, one sample per repetition.
    public var nanosecondsPerOperation: SampleStatistics
    /// Counter deltas of the class over one replay (the same in every repetition).
    public var counters: SolverCounters
    /// Allocation counts, when counted.
    public var allocations: AllocationSummary?
}

/// The result of benchmarking one trace.
public struct TraceBenchmarkResult: Sendable {
    public var name: String
    public var size: Int
    public var repetitions: Int
    public var classes: [ClassResult]
    public var verification: VerificationResult
    /// Operations that threw per replay (failures recorded in the trace).
    public var failures: Int

    init(
        name: String, size: Int, plan: ReplayPlan, repetitions: [RepetitionMeasurement],
        allocations: [OperationClass: AllocationSummary]?, verification: VerificationResult
    ) {
        self.name = name
        self.size = size
        self.repetitions = repetitions.count
        self.verification = verification
        self.failures = repetitions.first?.failures ?? 0
        classes = plan.timedClasses.map { operationClass in
            let operations = plan.stepCounts[operationClass] ?? 0
            let samples = repetitions.map { repetition -> Double in
                let timing = repetition.classes[operationClass]!
                return Double(timing.nanoseconds) / Double(max(1, operations))
            }
            return ClassResult(
                operationClass: operationClass, operations: operations,
                nanosecondsPerOperation: SampleStatistics(samples)!,
                counters: repetitions.first?.counters[operationClass] ?? SolverCounters(),
                allocations: allocations?[operationClass])
        }
    }
}
