/// A JSON value that remembers where it was written: the reader behind reports, baselines
/// and thresholds files, so that every error about them names the file, the line and the
/// column (Foundation's `JSONSerialization` reports neither reliably on Linux).
///
/// Objects keep their members in the order written, with each key's position; a repeated
/// key is an error.
public struct JSONNode: Sendable {
    /// The value.
    public var value: Value
    /// Where the value starts (its first character).
    public var position: SourcePosition

    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// A JSON value whose children are positioned nodes.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number, as written (`12`, `-0.5`, `1e-7`); ``JSONNode/doubleValue`` and
        /// ``JSONNode/integerValue`` convert it.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// An object member: its key, where the key was written, and its value.
    public struct Member: Sendable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
    }

    /// The member called `key` of an object, or `nil`.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members of an object (empty for other values).
    public var members: [Member] {
        if case .object(let members) = value { return members }
        return []
    }

    /// The elements of an array (empty for other values).
    public var elements: [JSONNode] {
        if case .array(let elements) = value { return elements }
        return []
    }

    /// The string, for a string.
    public var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The number, for a number.
    public var doubleValue: Double? {
        if case .number(let text) = value { return Double(text) }
        return nil
    }

    /// The number, for a number written as an integer (no fraction, no exponent) that fits.
    public var integerValue: Int? {
        if case .number(let text) = value { return Int(text) }
        return nil
    }

    /// The Boolean, for `true` and `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// What the value is, for messages: `an object`, `the string "x"`, `the number 2`...
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): "the number \(text)"
        case .string(let string): "the string \"\(string.count > 40 ? String(string.prefix(40)) + "..." : string)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The node a Codable coding path leads to, or the deepest node on the way: how a
    /// decoding error is turned back into a position.
    ///
    /// - Returns: The node, and whether the whole path was found.
    public func node(at path: [CodingKey]) -> (node: JSONNode, complete: Bool) {
        var current = self
        for key in path {
            if let index = key.intValue, case .array(let elements) = current.value {
                guard index >= 0, index < elements.count else { return (current, false) }
                current = elements[index]
            } else if let member = current[key.stringValue] {
                current = member
            } else {
                return (current, false)
            }
        }
        return (current, true)
    }
}
