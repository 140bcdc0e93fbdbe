/// The exit statuses of `layoutbench check`, `compare`, `report` and `baseline`: a
/// documented contract (`--help`, README "Reports and gates", `docs/ci.md`).
///
/// 2, 4 and 5 have package-benchmark's meanings; the others follow `sysexits.h`, as
/// `layoutbench run` does.
public enum GateExitStatus: Int32, Sendable, CaseIterable {
    /// The gate passed: no regression, no improvement beyond a threshold, expectations held.
    case pass = 0
    /// The run's own expectations failed (or its counters differed between repetitions),
    /// and nothing regressed.
    case expectationsFailed = 1
    /// A metric regressed beyond its threshold. Wins over every other verdict.
    case regression = 2
    /// A metric improved beyond its threshold and nothing regressed: update the baseline.
    case improvement = 4
    /// The baseline named does not exist.
    case missingBaseline = 5
    /// Invalid arguments (`EX_USAGE`).
    case usage = 64
    /// Bad input: a file that cannot be read, malformed or truncated JSON, a report of
    /// another schema, a thresholds file with unknown keys, metrics or scenarios, a report
    /// that cannot be a baseline (`EX_DATAERR`).
    case badInput = 65
    /// A report, summary, page or baseline cannot be written (`EX_CANTCREAT`).
    case cannotWrite = 73
    /// Another layoutbench process is writing into the same output folder (`EX_TEMPFAIL`).
    case temporaryFailure = 75

    /// The table for `layoutbench check --help`.
    public static let checkDocumentation = """
        Exit codes:
          0   pass: no regression, no improvement beyond a threshold
          1   the run's own expectations failed (nothing regressed)
          2   regression: a metric got worse beyond its threshold, or lost coverage: the run
              selected what the baseline did but did not measure all of it (wins over 1 and 4)
          4   improvement beyond a threshold, nothing regressed: update the baseline
          5   the baseline does not exist (layoutbench baseline list)
          64  invalid arguments
          65  bad input: unreadable, malformed or truncated JSON, a report of another
              schema version, a thresholds file with unknown keys, metrics or scenarios,
              a baseline whose stored options cannot be run (the message names the file)
          69  (with a run) allocations cannot be counted; try --no-allocations
          73  a report, the summary or the comparison page cannot be written (checked
              before the run)
          75  another layoutbench process is writing into the same output folder
        """
}

/// An error of reading reports and thresholds, comparing, or keeping baselines: a stable
/// code, a message saying what is wrong and how to fix it, and, for problems inside a
/// file, the file, line and column.
public struct GateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable spelling, such as `malformed-json`.
        public let rawValue: String
        /// The exit status a command ends with for this error.
        public let exitStatus: GateExitStatus

        private init(_ rawValue: String, _ exitStatus: GateExitStatus) {
            self.rawValue = rawValue
            self.exitStatus = exitStatus
        }

        /// A file cannot be opened or read.
        public static let unreadableFile = Code("unreadable-file", .badInput)
        /// A file is not valid JSON (including a truncated file).
        public static let malformedJSON = Code("malformed-json", .badInput)
        /// A report whose `schema` or `schemaVersion` this tool does not read.
        public static let unsupportedSchema = Code("unsupported-schema", .badInput)
        /// A report whose members have the wrong types or are missing.
        public static let invalidReport = Code("invalid-report", .badInput)
        /// A thresholds file with an unknown key, metric or scenario, or a bad value.
        public static let invalidThresholds = Code("invalid-thresholds", .badInput)
        /// A report that cannot become a baseline (failed, injected churn, not a report).
        public static let unusableReport = Code("unusable-report", .badInput)
        /// The baseline named does not exist.
        public static let missingBaseline = Code("missing-baseline", .missingBaseline)
        /// An argument with a value it cannot have (a baseline name with a slash).
        public static let invalidArgument = Code("invalid-argument", .usage)
        /// A file or folder cannot be written.
        public static let unwritableOutput = Code("unwritable-output", .cannotWrite)
        /// Shard reports that cannot be merged: a report that is not a shard, or shards of
        /// different commits, selections or options, or machines' kinds (``ReportMerge``).
        public static let shardsDiffer = Code("shards-differ", .badInput)
        /// Shard reports that do not make one whole run: shards missing or given twice.
        public static let incompleteShards = Code("incomplete-shards", .badInput)
        /// Another process holds the output folder's lock.
        public static let outputLocked = Code("output-locked", .temporaryFailure)

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The file it is about, when it is about a file.
    public var file: String?
    /// Where in ``file``, when known.
    public var position: SourcePosition?

    public init(_ code: Code, _ message: String, file: String? = nil, position: SourcePosition? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.position = position
    }

    /// `file:line:column: message`, or what of it is known.
    public var description: String {
        guard let file else { return message }
        guard let position else { return "\(file): \(message)" }
        return "\(file):\(position.line):\(position.column): \(message)"
    }
}
