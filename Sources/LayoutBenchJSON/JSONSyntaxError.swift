/// A syntax error in a JSON text: where, and what was expected.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var position: SourcePosition
    /// What is wrong, such as `expected ',' or '}' after an object member, found ']'`.
    public var message: String

    public var description: String { "\(position): \(message)" }
}
