import LayoutBenchJSON

/// The result of `layoutbench run`: schema `layoutbench.report`, version 1.
///
/// Encoded with ``OrderedJSONEncoder``, members in declaration order; `docs/report-schema.md`
/// documents every field and `docs/report-schema.json` is its JSON Schema.
public struct Report: Codable, Sendable {
    /// The schema's name.
    public static let schemaName = "layoutbench.report"
    /// The schema's version; bumped on any incompatible change.
    public static let currentSchemaVersion = 1

    /// Always ``schemaName``.
    public var schema: String = Report.schemaName
    /// Always ``currentSchemaVersion``.
    public var schemaVersion: Int = Report.currentSchemaVersion
    /// The tool that wrote the report.
    public var tool: ToolInfo
    /// When the run started, UTC, ISO 8601 to the second (`2025-06-01T12:00:00Z`).
    public var date: String
    /// Wall time of the measurements (every repetition of every scenario and size), seconds.
    public var durationSeconds: Double
    /// The toolchain, the machine and how measurements were taken.
    public var environment: RunEnvironment
    /// The options the run was given (after defaults).
    public var options: RunOptions
    /// `passed`, or `failed` when any size has a failure.
    public var status: Status
    /// Every failure of every scenario and size, in run order.
    public var failures: [Failure]
    /// Notes that are not failures (time budget overrun, counting repetitions disagreeing).
    public var warnings: [String]
    /// One result per scenario, in catalogue order.
    public var scenarios: [ScenarioResult]
    /// Per family: how each scenario's costs grow with size.
    public var families: [FamilySummary]
    /// Per anti-pattern/fix pair with both sides run: the cost ratios.
    public var pairs: [PairComparison]

    public init(
        schema: String = Report.schemaName, schemaVersion: Int = Report.currentSchemaVersion, tool: ToolInfo,
        date: String, durationSeconds: Double, environment: RunEnvironment, options: RunOptions, status: Status,
        failures: [Failure], warnings: [String], scenarios: [ScenarioResult], families: [FamilySummary],
        pairs: [PairComparison]
    ) {
        self.schema = schema
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.date = date
        self.durationSeconds = durationSeconds
        self.environment = environment
        self.options = options
        self.status = status
        self.failures = failures
        self.warnings = warnings
        self.scenarios = scenarios
        self.families = families
        self.pairs = pairs
    }

    /// Passed or failed.
    public enum Status: String, Codable, Sendable {
        case passed, failed
    }

    /// The tool's identity.
    public struct ToolInfo: Codable, Sendable, Equatable {
        /// Always `layoutbench`.
        public var name: String = "layoutbench"
        /// The tool's version (`layoutbench --version`).
        public var version: String
        /// `git rev-parse HEAD` of the source tree, when known.
        public var gitCommit: String?
        /// Whether the source tree had uncommitted changes (`git status --porcelain`), when known.
        public var gitDirty: Bool?

        public init(name: String = "layoutbench", version: String, gitCommit: String? = nil, gitDirty: Bool? = nil) {
            self.name = name
            self.version = version
            self.gitCommit = gitCommit
            self.gitDirty = gitDirty
        }
    }

    /// The run's options, as used: the ``RunOptions`` the run was configured with.
    public typealias OptionsRecord = RunOptions

    /// Something that went wrong at one scenario and size.
    public struct Failure: Codable, Sendable, Equatable, CustomStringConvertible {
        /// What kind of failure.
        public enum Kind: String, Codable, Sendable {
            /// An expectation of the scenario (or one of its post-run checks) did not hold.
            case expectation
            /// The solver counters differed between repetitions.
            case countersDiffer = "counters-differ"
        }

        /// The scenario's name.
        public var scenario: String
        /// The size.
        public var size: Int
        /// The kind.
        public var kind: Kind
        /// The expectation, e.g. `solves == N`; for `counters-differ`, `identical counters in every repetition`.
        public var expectation: String
        /// What happened, e.g. `solves was 401, expected == 400 (size 400)`.
        public var detail: String
        /// The repetitions (numbered from 1 within the size: warm-ups, timed, counting) where it happened.
        public var repetitions: [Int]

        public init(scenario: String, size: Int, kind: Kind, expectation: String, detail: String, repetitions: [Int]) {
            self.scenario = scenario
            self.size = size
            self.kind = kind
            self.expectation = expectation
            self.detail = detail
            self.repetitions = repetitions
        }

        public var description: String {
            "\(scenario) at size \(size): expected \(expectation): \(detail) "
                + "(repetition\(repetitions.count == 1 ? "" : "s") \(Self.ranges(repetitions)))"
        }

        /// `1-3, 5, 7-9` for `[1, 2, 3, 5, 7, 8, 9]`.
        package static func ranges(_ numbers: [Int]) -> String {
            var parts: [String] = []
            var index = 0
            let sorted = numbers.sorted()
            while index < sorted.count {
                var end = index
                while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
                parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
                index = end + 1
            }
            return parts.joined(separator: ", ")
        }
    }
}
