/// An error of the runner, the report writer or trace recording, with a stable code, a
/// message that says what failed and how to fix it, and the exit status it maps to.
public struct LayoutBenchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable spelling, such as `unknown-scenario`.
        public let rawValue: String
        /// The exit status a command ends with for this error.
        public let exitStatus: ExitStatus

        private init(_ rawValue: String, _ exitStatus: ExitStatus) {
            self.rawValue = rawValue
            self.exitStatus = exitStatus
        }

        /// A name or glob matched no scenario.
        public static let unknownScenario = Code("unknown-scenario", .usage)
        /// A tag no scenario has.
        public static let unknownTag = Code("unknown-tag", .usage)
        /// Names and tags each matched, but no scenario matched both.
        public static let noScenarioSelected = Code("no-scenario-selected", .usage)
        /// A size that is not a positive integer.
        public static let invalidSize = Code("invalid-size", .usage)
        /// Another option with a value it cannot have.
        public static let invalidOption = Code("invalid-option", .usage)
        /// A baseline's stored options that cannot be run (a size its scenario refuses, a
        /// number out of range); the message names the file and the stored member.
        public static let invalidStoredOptions = Code("invalid-stored-options", .badInput)
        /// Another process holds the output folder's lock (``OutputLock``).
        public static let outputLocked = Code("output-locked", .temporaryFailure)
        /// The output folder or file cannot be created or written.
        public static let unwritableOutput = Code("unwritable-output", .cannotWriteOutput)
        /// Allocations cannot be counted (jemalloc missing or not serving `malloc`).
        public static let allocationCountingUnavailable = Code("allocation-counting-unavailable", .unavailable)
        /// Instructions cannot be counted (`--instructions`): valgrind is missing, the shim was
        /// built without valgrind's header, or the child under callgrind failed.
        public static let instructionCountingUnavailable = Code("instruction-counting-unavailable", .unavailable)

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed and how to fix it, quoting what the user wrote.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

/// The exit statuses of `layoutbench run`, `list` and `record-trace`: a documented contract
/// (`layoutbench run --help`, README "Running"). The usage and output codes follow
/// `sysexits.h`, as `solver-bench` does, so that argument errors found by the parser (64)
/// and by the runner agree.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything ran and every expectation held.
    case success = 0
    /// The report was written, but a scenario failed an expectation or its counters
    /// differed between repetitions (stderr names the scenario, size and expectation).
    case failed = 1
    /// Invalid arguments: an unknown option, scenario or tag, a bad size (`EX_USAGE`).
    case usage = 64
    /// Bad input: a baseline whose stored options cannot be run (`EX_DATAERR`; `check` only).
    case badInput = 65
    /// Allocations cannot be counted: jemalloc is missing or not serving `malloc`
    /// (`EX_UNAVAILABLE`); `--no-allocations` runs without them.
    case unavailable = 69
    /// The output folder or a report file cannot be written (`EX_CANTCREAT`).
    case cannotWriteOutput = 73
    /// Another process is writing into the same output folder (`EX_TEMPFAIL`): try again
    /// when it has finished.
    case temporaryFailure = 75

    /// One line per status, for `--help` and the README.
    public static let documentation = """
        Exit codes:
          0   every scenario ran and met its expectations
          1   an expectation failed or counters differed between repetitions
              (the report is still written; stderr names scenario, size, expectation)
          64  invalid arguments: unknown option, scenario or tag, bad sizes
          69  allocations cannot be counted (jemalloc); try --no-allocations;
              or, with --instructions, instructions cannot be counted (valgrind)
          73  the output folder or a report file cannot be written
          75  another layoutbench process is writing into the same output folder
        """
}
