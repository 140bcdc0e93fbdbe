/// An error from a LayoutBenchMetrics measurement or analysis.
///
/// Each error has a stable ``code`` (for scripts and reports) and a ``message`` that says
/// what failed and how to fix it.
public struct MetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable spelling, such as `jemalloc-unavailable`.
        public let rawValue: String

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// `mallctl` failed: jemalloc is not linked into the process.
        public static let jemallocUnavailable = Code("jemalloc-unavailable")
        /// jemalloc was built without statistics (`config.stats` is false).
        public static let jemallocStatisticsDisabled = Code("jemalloc-statistics-disabled")
        /// jemalloc is linked but Swift's allocations don't go through it.
        public static let jemallocNotInterposed = Code("jemalloc-not-interposed")
        /// A `mallctl` read or write that should succeed failed.
        public static let mallctlFailed = Code("mallctl-failed")
        /// An analysis was given too little data.
        public static let insufficientData = Code("insufficient-data")
        /// An analysis was given values it cannot use (NaN, sizes below 1, ...).
        public static let invalidData = Code("invalid-data")

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed and how to fix it.
    public var message: String

    /// Creates an error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
