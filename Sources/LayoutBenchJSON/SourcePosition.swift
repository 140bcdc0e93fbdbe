/// A line and column in a text file, both 1-based; columns count Unicode scalars, so a
/// column matches what an editor shows for UTF-8 text without tabs.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

extension SourcePosition {
    /// `file:line:column: message`, the way compilers print a diagnostic, with what of the
    /// place is known: `file:line: message` without a column, `file: message` without a line,
    /// the message alone without a file. The one shape of the gates' and the importer's errors.
    public static func diagnostic(_ message: String, file: String?, line: Int?, column: Int?) -> String {
        guard var location = file else { return message }
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
