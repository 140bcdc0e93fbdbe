/// The stable identity of a kind of failure and the exit status a command ends with for it:
/// the codes of ``LayoutBenchError`` and ``GateError``.
///
/// `Domain` is the error type the code belongs to; each declares its codes in an extension
/// constrained to it, so a code of one cannot make an error of the other.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's stable spelling, such as `unknown-scenario` or `malformed-json`.
    public let rawValue: String
    /// The exit status a command ends with for this error.
    public let exitStatus: ExitStatus

    init(_ rawValue: String, _ exitStatus: ExitStatus) {
        self.rawValue = rawValue
        self.exitStatus = exitStatus
    }

    public var description: String { rawValue }
}
