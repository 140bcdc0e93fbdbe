/// A cost the report fits against size, compares between pairs and divides per operation.
///
/// Times are the median of the timed repetitions; allocations come from the first counting
/// repetition; counters are exact (identical in every repetition). `docs/report-schema.md`
/// defines each.
public enum Metric: String, CaseIterable, Codable, Sendable {
    /// Median wall time of `run()` (`CLOCK_MONOTONIC`), nanoseconds.
    case wallNanoseconds
    /// Median CPU time of the running thread during `run()` (`CLOCK_THREAD_CPUTIME_ID`), nanoseconds.
    case cpuNanoseconds
    /// Heap allocation requests during `run()` (jemalloc).
    case allocations
    /// Bytes allocated during `run()`, in jemalloc's size classes.
    case allocatedBytes
    /// How far the peak resident set size rose above the size after `prepare` while `run()`
    /// ran (``MemoryResult/peakIncreaseBytes``): the memory the run itself took from the system.
    case peakIncreaseBytes
    /// Solver counters (`docs/metrics.md`).
    case solves, pivots, rowOperations, substitutions, cellUpdates

    /// Whether the metric is a solver counter (exact, deterministic).
    public var isCounter: Bool {
        switch self {
        case .solves, .pivots, .rowOperations, .substitutions, .cellUpdates: true
        default: false
        }
    }

    /// Whether the metric is exact: the same on every repetition of the same build
    /// (counters and allocation counts), as opposed to measured with noise (times, memory).
    public var isExact: Bool {
        switch self {
        case .wallNanoseconds, .cpuNanoseconds, .peakIncreaseBytes: false
        default: true
        }
    }

    /// The metric as the pages and the run summary name it: `wall time`, `CPU time`,
    /// `allocations`, `allocated bytes`, `peak memory increase`; a counter by its own name.
    public var label: String {
        switch self {
        case .wallNanoseconds: "wall time"
        case .cpuNanoseconds: "CPU time"
        case .allocations: "allocations"
        case .allocatedBytes: "allocated bytes"
        case .peakIncreaseBytes: "peak memory increase"
        default: rawValue
        }
    }
}
