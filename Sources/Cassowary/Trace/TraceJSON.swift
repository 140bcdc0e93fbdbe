/// A minimal JSON reader and writer for solver traces, so that the solver module
/// needs no dependency (not even Foundation). It reads RFC 8259 JSON and reports
/// errors with a 1-based column.
enum TraceJSON {
    indirect enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([(key: String, value: Value)])

        subscript(key: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
    }

    struct ParseError: Error {
        var column: Int
        var message: String
    }

    static func parse(_ text: Substring) throws(ParseError) -> Value {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else {
            throw ParseError(column: reader.position + 1, message: "unexpected text after the JSON value")
        }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        func error(_ message: String) -> ParseError {
            ParseError(column: position + 1, message: message)
        }

        mutating func value(depth: Int) throws(ParseError) -> Value {
            guard depth < 64 else { throw error("nesting is too deep") }
            guard position < bytes.count else { throw error("unexpected end of line; expected a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw error("unexpected character; expected a value")
            }
            position += expected.count
        }

        mutating func object(depth: Int) throws(ParseError) -> Value {
            position += 1
            var members: [(key: String, value: Value)] = []
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
                position += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of line inside an object") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                throw error("expected ',' or '}' in an object")
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> Value {
            position += 1
            var elements: [Value] = []
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of line inside an array") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            var scalars: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return String(decoding: scalars, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    position += 1
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        guard position + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
                        else { throw error("bad \\u escape") }
                        position += 4
                        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                    }
                    continue
                }
                scalars.append(byte)
                position += 1
            }
            throw error("unterminated string")
        }

        mutating func number() throws(ParseError) -> Double {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                let isNumberByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                guard isNumberByte else { break }
                position += 1
            }
            guard position > start, let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
                position = start
                throw error("expected a value")
            }
            return value
        }
    }

    /// Appends `text` as a JSON string literal.
    static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// A number as JSON: integers without a fraction, others in shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
