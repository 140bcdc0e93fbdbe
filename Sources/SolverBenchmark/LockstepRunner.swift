import Cassowary
import LayoutBenchMetrics

/// Runs one trace in lockstep with another process: the protocol of
/// `layoutbench solver-bench --lockstep`, which lets `scripts/compare-kiwi`
/// interleave this solver's repetitions with kiwi's.
///
/// ``readyLine()`` verifies the trace, warms up and counts allocations, and
/// describes the trace; then each ``repetitionLine()`` runs one timed repetition,
/// each ``warmLine()`` one untimed repetition, and ``slowestLine()`` names the slowest
/// single operation of one more replay. The tool prints the ready line, then, for each
/// line it reads from standard input, a warm line (for the input `warm`), a slowest
/// line (for `slowest`) or a repetition line (for any other input), and stops at end
/// of input or at a line `quit`. Every message is one JSON object on one line.
public final class LockstepRunner {
    let trace: WorkloadTrace
    let replayer: TraceReplayer
    let warmup: Int
    let allocationCounter: AllocationCounter?
    private var index = 0

    /// - Throws: ``SolverBenchmarkError`` `malformed-trace`.
    public init(trace: WorkloadTrace, warmup: Int, allocationCounter: AllocationCounter?) throws(SolverBenchmarkError) {
        self.trace = trace
        self.replayer = try TraceReplayer(trace)
        self.warmup = max(1, warmup)
        self.allocationCounter = allocationCounter
    }

    struct Ready: Encodable {
        var event = "ready"
        var name: String
        var size: Int
        var operations: [String: Int]
        var failedLines: [Int]
        var readChecksums: [[Double]]
        var lastReadValues: [Double]
        var finalValues: [Double]
        var editStartValues: [VerificationResult.EditStart]
        var allocations: [String: AllocationSummary]?
        var counters: [String: [String: Int]]
        var finalCounters: [String: Int]
        /// The error code of each failed line (after every key external tools already read).
        var failureCodes: [String]
        /// Required adds a failed `endBatch` removed, by line (after `failureCodes`).
        var batchRemovals: [VerificationResult.BatchRemoval]
        /// Required constant changes a failed `endBatch` rolled back, by line (after `batchRemovals`).
        var batchRollbacks: [VerificationResult.BatchRemoval]
    }

    struct Slowest: Encodable {
        var event = "slowest"
        var line: Int
        var nanoseconds: UInt64
    }

    struct Repetition: Encodable {
        var event = "repetition"
        var index: Int
        var classes: [String: RepetitionMeasurement.ClassTiming]
        var failures: Int
    }

    /// Verifies, warms up (at least one replay) and counts allocations; returns
    /// the `ready` line: operations per class, failed lines, the values read
    /// (a checksum per read, every value at the last read and at the end),
    /// where each edit started, allocations and counters per class.
    ///
    /// - Throws: ``SolverBenchmarkError`` `counters-not-deterministic`.
    public func readyLine() throws(SolverBenchmarkError) -> String {
        let verification = replayer.verify()
        var counters: [OperationClass: SolverCounters] = [:]
        for _ in 0..<warmup { counters = try replayer.runTimedRepetition().counters }
        let allocations = allocationCounter.map(replayer.countAllocations(with:))
        let message = Ready(
            name: trace.name, size: trace.size,
            operations: Dictionary(
                uniqueKeysWithValues: replayer.plan.timedClasses.map {
                    ($0.rawValue, replayer.plan.stepCounts[$0] ?? 0)
                }),
            failedLines: verification.failedLines,
            readChecksums: verification.readChecksums.map { [$0.sum, $0.scale] },
            lastReadValues: verification.lastReadValues, finalValues: verification.finalValues,
            editStartValues: verification.editStartValues,
            allocations: allocations.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) },
            counters: Dictionary(
                uniqueKeysWithValues: counters.map {
                    ($0.key.rawValue, BenchmarkReport.counterDictionary($0.value))
                }),
            finalCounters: BenchmarkReport.counterDictionary(verification.finalCounters),
            failureCodes: verification.failureCodes, batchRemovals: verification.batchRemovals,
            batchRollbacks: verification.batchRollbacks)
        return BenchmarkReport.encode(message, pretty: false)
    }

    /// Replays the trace once more, timing each operation alone; returns the line
    /// `{"event":"slowest","line":L,"nanoseconds":N}` naming the slowest operation.
    public func slowestLine() -> String {
        let slowest = replayer.slowestOperation()
        return BenchmarkReport.encode(Slowest(line: slowest.line, nanoseconds: slowest.nanoseconds), pretty: false)
    }

    /// Runs one untimed repetition, so that the next timed one starts with warm
    /// caches (the process may have been idle while the other solver ran); returns
    /// the line `{"event":"warmed"}`.
    ///
    /// - Throws: ``SolverBenchmarkError`` `counters-not-deterministic`.
    public func warmLine() throws(SolverBenchmarkError) -> String {
        _ = try replayer.runTimedRepetition()
        return #"{"event":"warmed"}"#
    }

    /// Runs one timed repetition; returns the `repetition` line: operations and
    /// nanoseconds per class.
    ///
    /// - Throws: ``SolverBenchmarkError`` `counters-not-deterministic`.
    public func repetitionLine() throws(SolverBenchmarkError) -> String {
        let measurement = try replayer.runTimedRepetition()
        let message = Repetition(
            index: index,
            classes: Dictionary(uniqueKeysWithValues: measurement.classes.map { ($0.key.rawValue, $0.value) }),
            failures: measurement.failures)
        index += 1
        return BenchmarkReport.encode(message, pretty: false)
    }
}
