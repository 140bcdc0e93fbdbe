import Cassowary
import LayoutScenarios

/// What kind of quantity a compared metric is; thresholds have a default per kind.
public enum MetricKind: String, CaseIterable, Codable, Sendable {
    /// A solver counter: deterministic on any machine (`docs/metrics.md`).
    case counter
    /// An allocation count or byte count: deterministic for a build and toolchain, when
    /// the run's counting repetitions agreed.
    case allocation
    /// Wall or CPU time: noisy, compared with the repetitions' samples.
    case time
    /// Peak memory increase: noisy, compared with the counting repetitions' samples.
    case memory
    /// Instructions of the measured region counted by callgrind (`--instructions`):
    /// deterministic for a binary and input, whatever else the machine does; compared with a
    /// small relative threshold, since unrelated code changes move them a little (layout,
    /// inlining).
    case instructions
}

/// A metric `compare` and `check` look at, per scenario and size: every counter in the
/// report (`counters`: the solver's, the engines' and the text measurers'), allocations and
/// bytes, wall and CPU time, peak memory increase, and, for runs with `--instructions`, the
/// instructions, the solver's part of them and the runtime exclusivity checks.
public struct CompareMetric: Hashable, Sendable {
    /// The name used in reports and thresholds files (`cellUpdates`, `wallNanoseconds`).
    public var name: String
    /// Its kind.
    public var kind: MetricKind

    /// The counters, in report order: `SolverCounters.names`, then `rowOperations`, then the
    /// work around the solver (`WorkCounters.names`: the engines' and the text measurers').
    public static let counterNames: [String] = SolverCounters.names + ["rowOperations"] + WorkCounters.names

    /// Every compared metric, in the order tables list them: times, allocations, memory,
    /// then the counters.
    public static let all: [CompareMetric] =
        [
            CompareMetric(name: "wallNanoseconds", kind: .time),
            CompareMetric(name: "cpuNanoseconds", kind: .time),
            CompareMetric(name: "allocations", kind: .allocation),
            CompareMetric(name: "allocatedBytes", kind: .allocation),
            CompareMetric(name: "peakIncreaseBytes", kind: .memory),
            CompareMetric(name: "instructions", kind: .instructions),
            CompareMetric(name: "solverInstructions", kind: .instructions),
            CompareMetric(name: "exclusivityChecks", kind: .instructions),
        ] + counterNames.map { CompareMetric(name: $0, kind: .counter) }

    /// The metric called `name`, or `nil`.
    public static func named(_ name: String) -> CompareMetric? {
        all.first { $0.name == name }
    }

    /// The metrics shown when only the most telling ones fit (terminal and Markdown
    /// summaries): time, allocations, instructions (when counted) and the unit of tableau work.
    public static let headline: [String] = ["wallNanoseconds", "allocations", "instructions", "cellUpdates", "solves"]

    /// This metric's measurement at one size: the value compared, the samples behind it,
    /// and whether the samples agree exactly (exact metrics).
    public func measurement(in result: SizeResult) -> Measurement? {
        switch name {
        case "wallNanoseconds":
            let summary = result.time.wallNanoseconds
            guard summary.count > 0 else { return nil }
            return Measurement(value: summary.median, samples: summary.samples.map { Double($0) }, samplesAgree: false)
        case "cpuNanoseconds":
            let summary = result.time.cpuNanoseconds
            guard summary.count > 0 else { return nil }
            return Measurement(value: summary.median, samples: summary.samples.map { Double($0) }, samplesAgree: false)
        case "allocations":
            guard let allocations = result.allocations else { return nil }
            return Measurement(
                value: Double(allocations.count), samples: allocations.samples.map { Double($0.count) },
                samplesAgree: allocations.repetitionsAgree)
        case "allocatedBytes":
            guard let allocations = result.allocations else { return nil }
            return Measurement(
                value: Double(allocations.bytes), samples: allocations.samples.map { Double($0.bytes) },
                samplesAgree: allocations.repetitionsAgree)
        case "instructions": return Self.counted(result.instructions)
        case "solverInstructions": return Self.counted(result.solverInstructions)
        case "exclusivityChecks": return Self.counted(result.exclusivityChecks)
        case "peakIncreaseBytes":
            let samples = result.memory.samples.map { Double($0.increaseBytes) }
            return Measurement(value: Double(result.memory.peakIncreaseBytes), samples: samples, samplesAgree: false)
        default:
            guard let value = result.counters[name] else { return nil }
            return Measurement(value: Double(value), samples: [Double(value)], samplesAgree: result.countersIdentical)
        }
    }

    /// A count made once under callgrind: exact, one sample.
    private static func counted(_ count: UInt64?) -> Measurement? {
        count.map { Measurement(value: Double($0), samples: [Double($0)], samplesAgree: true) }
    }

    /// One side's measurement of a metric at one size.
    public struct Measurement: Sendable, Equatable {
        /// The value compared: the median for times, the first counting repetition's count
        /// for allocations, the largest increase for memory, the counter.
        public var value: Double
        /// The samples behind it (timed repetitions, counting repetitions).
        public var samples: [Double]
        /// Whether every repetition measured the same value (counters, allocations).
        public var samplesAgree: Bool
    }
}
