/// An error of the runner, the report writer or trace recording, with a stable code, a
/// message that says what failed and how to fix it, and the exit status it maps to.
public struct LayoutBenchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure, with its exit status (the codes are below).
    public typealias Code = ErrorCode<LayoutBenchError>

    /// What kind of failure this is.
    public var code: Code
    /// What failed and how to fix it, quoting what the user wrote.
    public var message: String

    /// The error this one wraps (a file system or encoding error), when it wraps one. Not
    /// part of equality: two errors are equal when they say the same thing.
    @NotCompared public var cause: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public var description: String { message }
}

extension ErrorCode where Domain == LayoutBenchError {
    /// A name or glob matched no scenario.
    public static let unknownScenario = Self("unknown-scenario", .usage)
    /// A tag no scenario has.
    public static let unknownTag = Self("unknown-tag", .usage)
    /// Names and tags each matched, but no scenario matched both.
    public static let noScenarioSelected = Self("no-scenario-selected", .usage)
    /// A size that is not a positive integer.
    public static let invalidSize = Self("invalid-size", .usage)
    /// Another option with a value it cannot have.
    public static let invalidOption = Self("invalid-option", .usage)
    /// A baseline's stored options that cannot be run (a size its scenario refuses, a
    /// number out of range); the message names the file and the stored member.
    public static let invalidStoredOptions = Self("invalid-stored-options", .badInput)
    /// A value from a configuration file that cannot be run (a size its scenario refuses, a
    /// number out of range); the message names the key, the file, the line and the column.
    public static let invalidConfiguredOption = Self("invalid-configured-option", .badInput)
    /// Another process holds the output folder's lock (``OutputLock``).
    public static let outputLocked = Self("output-locked", .temporaryFailure)
    /// The output folder or file cannot be created or written.
    public static let unwritableOutput = Self("unwritable-output", .cannotWriteOutput)
    /// Allocations cannot be counted (jemalloc missing or not serving `malloc`).
    public static let allocationCountingUnavailable = Self("allocation-counting-unavailable", .unavailable)
    /// A scenario that cannot be measured as declared: fewer than three default or quick sizes
    /// (``ScenarioRules/checkDeclaredSizes(_:)``).
    public static let invalidScenario = Self("invalid-scenario", .invalidScenario)
    /// A scenario's repetition did no solver work, assigned no frame and measured no text
    /// (``ScenarioRules/checkMeasuredSomething(_:size:work:)``): the run stops.
    public static let measuredNothing = Self("measured-nothing", .invalidScenario)
    /// Instructions cannot be counted (`--instructions`): valgrind is missing, the shim was
    /// built without valgrind's header, or the child under callgrind failed.
    public static let instructionCountingUnavailable = Self("instruction-counting-unavailable", .unavailable)
}
