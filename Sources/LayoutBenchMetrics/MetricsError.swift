/// An error from a LayoutBenchMetrics measurement or analysis: a ``CodedError`` with the
/// codes below.
public typealias MetricsError = CodedError<MetricsErrorDomain>

/// The domain of ``MetricsError``'s codes.
public enum MetricsErrorDomain {}

extension CodedError.Code where Domain == MetricsErrorDomain {
    /// `mallctl` failed: jemalloc is not linked into the process.
    public static let jemallocUnavailable = Self("jemalloc-unavailable")
    /// jemalloc was built without statistics (`config.stats` is false).
    public static let jemallocStatisticsDisabled = Self("jemalloc-statistics-disabled")
    /// jemalloc is linked but Swift's allocations don't go through it.
    public static let jemallocNotInterposed = Self("jemalloc-not-interposed")
    /// A `mallctl` read or write that should succeed failed.
    public static let mallctlFailed = Self("mallctl-failed")
    /// An analysis was given too little data.
    public static let insufficientData = Self("insufficient-data")
    /// An analysis was given values it cannot use (NaN, sizes below 1, ...).
    public static let invalidData = Self("invalid-data")
}
