import LayoutBenchJSON

/// An error of reading reports and thresholds, comparing, or keeping baselines: a stable
/// code, a message saying what is wrong and how to fix it, and, for problems inside a
/// file, the file, line and column.
public struct GateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure, with its exit status (the codes are below).
    public typealias Code = ErrorCode<GateError>

    /// What kind of failure this is.
    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The file it is about, when it is about a file.
    public var file: String?
    /// Where in ``file``, when known.
    public var position: SourcePosition?

    /// The error this one wraps (an encoding error, a file system error), when it wraps one.
    /// Not part of equality: two errors are equal when they say the same thing.
    @NotCompared public var cause: (any Error & Sendable)?

    public init(
        _ code: Code, _ message: String, file: String? = nil, position: SourcePosition? = nil, cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.position = position
        self.cause = cause
    }

    /// `file:line:column: message`, or what of it is known.
    public var description: String {
        SourcePosition.diagnostic(message, file: file, line: position?.line, column: position?.column)
    }
}

extension ErrorCode where Domain == GateError {
    /// A file cannot be opened or read.
    public static let unreadableFile = Self("unreadable-file", .badInput)
    /// A file is not valid JSON (including a truncated file).
    public static let malformedJSON = Self("malformed-json", .badInput)
    /// A report whose `schema` or `schemaVersion` this tool does not read.
    public static let unsupportedSchema = Self("unsupported-schema", .badInput)
    /// A report whose members have the wrong types or are missing.
    public static let invalidReport = Self("invalid-report", .badInput)
    /// A thresholds file with an unknown key, metric or scenario, or a bad value.
    public static let invalidThresholds = Self("invalid-thresholds", .badInput)
    /// A report that cannot become a baseline (failed, injected churn, not a report).
    public static let unusableReport = Self("unusable-report", .badInput)
    /// The baseline named does not exist.
    public static let missingBaseline = Self("missing-baseline", .missingBaseline)
    /// An argument with a value it cannot have (a baseline name with a slash).
    public static let invalidArgument = Self("invalid-argument", .usage)
    /// A file or folder cannot be written.
    public static let unwritableOutput = Self("unwritable-output", .cannotWriteOutput)
    /// Shard reports that cannot be merged: a report that is not a shard, or shards of
    /// different commits, selections or options, or machines' kinds (``ReportMerge``).
    public static let shardsDiffer = Self("shards-differ", .badInput)
    /// Shard reports that do not make one whole run: shards missing or given twice.
    public static let incompleteShards = Self("incomplete-shards", .badInput)
    /// Another process holds the output folder's lock.
    public static let outputLocked = Self("output-locked", .temporaryFailure)
}
