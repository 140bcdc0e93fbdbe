import LayoutBenchMetrics

/// An error from the solver benchmark: a `CodedError` (LayoutBenchMetrics) with the codes
/// below, a stable code and a message that says what failed and how to fix it.
public typealias SolverBenchmarkError = CodedError<SolverBenchmarkErrorDomain>

/// The domain of ``SolverBenchmarkError``'s codes.
public enum SolverBenchmarkErrorDomain {}

extension CodedError.Code where Domain == SolverBenchmarkErrorDomain {
    /// Two replays of one trace produced different solver counters.
    public static let countersNotDeterministic = Self("counters-not-deterministic")
    /// A workload name that does not exist.
    public static let unknownWorkload = Self("unknown-workload")
    /// A size a workload cannot take.
    public static let invalidSize = Self("invalid-size")
    /// A trace file that cannot be read.
    public static let unreadableTrace = Self("unreadable-trace")
    /// A trace file that is not a valid solver trace.
    public static let malformedTrace = Self("malformed-trace")
    /// A trace file over the size limit (``BenchmarkSuite/maximumTraceVariables``, its bytes).
    public static let traceTooLarge = Self("trace-too-large")
    /// A folder the traces cannot be written to.
    public static let unwritableOutput = Self("unwritable-output")
}
