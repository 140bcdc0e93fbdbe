/// A JSON value whose objects keep their keys in insertion order.
///
/// Reports are written through this type so that the same report always serializes to the
/// same bytes: keys in the order the model declares them, numbers in one spelling.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer, written without a fraction.
    case integer(Int64)
    /// An unsigned integer too large for `Int64`.
    case unsignedInteger(UInt64)
    /// A finite double, written in Swift's shortest round-trip form (`0.1`, `2.0`, `1e-07`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An object; its members in order. Keys are unique.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .unsignedInteger(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The member called `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value with every object's members sorted by key (in the order Swift's `<` puts
    /// `String`s), at every depth.
    public func sortingKeys() -> JSONValue {
        switch self {
        case .array(let values): .array(values.map { $0.sortingKeys() })
        case .object(let members): .object(members.map { ($0.key, $0.value.sortingKeys()) }.sorted { $0.key < $1.key })
        default: self
        }
    }

    /// The keys of an object, in order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }
}

extension JSONValue {
    /// Serializes the value.
    ///
    /// - Parameter pretty: Two-space indentation, one member per line; arrays holding only
    ///   numbers, booleans and nulls stay on one line (raw samples read as a row), and so do
    ///   short arrays of strings (80 characters or fewer).
    /// - Returns: The JSON text, without a trailing newline.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .unsignedInteger(let value): output += String(value)
        case .number(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            let inline =
                indent == nil || values.allSatisfy(\.isScalarNumberLike)
                || (values.allSatisfy(\.isScalar) && JSONValue.array(values).serialized(pretty: false).count <= 80)
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += inline ? (indent == nil ? "," : ", ") : "," }
                if !inline, let indent { Self.newline(&output, indent + 1) }
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if !inline, let indent { Self.newline(&output, indent) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                if let indent { Self.newline(&output, indent + 1) }
                Self.writeString(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                member.value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { Self.newline(&output, indent) }
            output += "}"
        }
    }

    private var isScalarNumberLike: Bool {
        switch self {
        case .null, .bool, .integer, .unsignedInteger, .number: true
        default: false
        }
    }

    private var isScalar: Bool {
        if case .string = self { return true }
        return isScalarNumberLike
    }

    private static func newline(_ output: inout String, _ level: Int) {
        output += "\n"
        output += String(repeating: "  ", count: level)
    }

    /// Swift's shortest round-trip spelling, which is valid JSON for finite values
    /// (`2.0`, `0.001`, `1e-07`, `1.5e+20`).
    static func format(_ value: Double) -> String {
        precondition(value.isFinite, "JSONValue: \(value) is not a JSON number")
        return value == 0 ? "0.0" : "\(value)"  // no "-0.0"
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
