/// An error with a stable ``code`` (for scripts and reports) and a ``message`` that says what
/// failed and how to fix it: the one shape of ``MetricsError`` and
/// `SolverBenchmark`'s `SolverBenchmarkError`.
///
/// `Domain` keeps the kinds apart: each declares its codes in an extension of
/// ``CodedError/Code`` constrained to its domain, so a code of one cannot make an error of
/// the other.
public struct CodedError<Domain>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identity of a kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable spelling, such as `jemalloc-unavailable`.
        public let rawValue: String

        /// A code of `Domain`; declared only by the module that owns the domain.
        package init(_ rawValue: String) { self.rawValue = rawValue }

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

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
