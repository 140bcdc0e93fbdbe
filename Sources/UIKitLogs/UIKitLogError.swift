/// An error reading a UIKit or AppKit "Unable to simultaneously satisfy constraints" log.
///
/// Each error has a stable ``code``, the ``line`` and ``column`` (1-based, in the text as given)
/// of what could not be read, the text it quoted, and a message that says how to fix it.
public struct UIKitLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Stable error codes (used in JSON output and tests).
    public enum Code: String, Sendable {
        /// The text holds no constraint description at all.
        case noConstraints = "no-constraints"
        /// A constraint description does not end (`>` missing).
        case unterminatedDescription = "unterminated-description"
        /// An address has a character that is not a hexadecimal digit (`0x61h0…`).
        case invalidHexDigit = "invalid-hex-digit"
        /// A `names:` map gives one name to two different objects.
        case duplicateName = "duplicate-name"
        /// The body is neither an equation nor a Visual Format string.
        case unreadableBody = "unreadable-body"
        /// An attribute name that Auto Layout does not have.
        case unknownAttribute = "unknown-attribute"
        /// A number that does not parse.
        case invalidNumber = "invalid-number"
        /// The file could not be read.
        case unreadableFile = "unreadable-file"
        /// The log is longer than ``ExplainReport/maximumLogBytes``.
        case tooLarge = "too-large"
    }

    public let code: Code
    /// 1-based line in the input.
    public let line: Int
    /// 1-based column in the input.
    public let column: Int
    /// What failed and how to fix it.
    public let message: String

    public init(code: Code, line: Int, column: Int, message: String) {
        self.code = code
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message` (prefix a file name to get the compiler's format).
    public var description: String { "\(line):\(column): error: \(message) [\(code.rawValue)]" }
}
