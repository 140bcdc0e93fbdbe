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

    /// The error this one wraps (a file system or encoding error), when it wraps one. Not
    /// part of equality: two errors are equal when they say the same thing.
    public var cause: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public static func == (lhs: LayoutBenchError, rhs: LayoutBenchError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    public var description: String { message }
}
