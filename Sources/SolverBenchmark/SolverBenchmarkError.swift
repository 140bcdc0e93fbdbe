/// An error from the solver benchmark, with a stable code and a message that
/// says what failed and how to fix it.
public struct SolverBenchmarkError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// Two replays of one trace produced different solver counters.
        public static let countersNotDeterministic = Code("counters-not-deterministic")
        /// A workload name that does not exist.
        public static let unknownWorkload = Code("unknown-workload")
        /// A size a workload cannot take.
        public static let invalidSize = Code("invalid-size")
        /// A trace file that cannot be read.
        public static let unreadableTrace = Code("unreadable-trace")
        /// A trace file that is not a valid solver trace.
        public static let malformedTrace = Code("malformed-trace")
        /// A folder the traces cannot be written to.
        public static let unwritableOutput = Code("unwritable-output")

        public var description: String { rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
