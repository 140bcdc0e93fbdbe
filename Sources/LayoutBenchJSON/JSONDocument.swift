/// Parses RFC 8259 JSON into ``JSONNode``s with positions.
public enum JSONDocument {
    /// The deepest nesting accepted (reports nest about 8 levels).
    public static let maximumDepth = 256

    /// Parses a whole JSON text: one value, with only whitespace around it.
    ///
    /// - Parameter bytes: UTF-8 text; a byte order mark is skipped.
    /// - Returns: The root value.
    /// - Throws: ``JSONSyntaxError`` at the first problem: unexpected characters, an
    ///   unterminated string or container (a truncated file ends with "unexpected end of
    ///   the file"), invalid escapes or numbers, repeated keys, text after the value.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = _Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.error("the file is empty; expected a JSON value") }
        let root = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return root
    }

    /// Parses a JSON string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }
}

/// The parser's cursor. Tracks the line and column as it moves.
private struct _Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    /// Up to this many members, an object looks for a repeated key by scanning them.
    static let scannedMembers = 16

    init(bytes: [UInt8]) { self.bytes = bytes }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    func error(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? self.position, message: message)
    }

    /// Moves past one byte, counting lines and (non-continuation) columns.
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    /// The current character for a message: `'x'`, or `the end of the file`.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of the file" }
        let byte = bytes[index]
        if byte < 0x20 { return "control character U+\(String(byte, radix: 16, uppercase: true))" }
        // Decode one scalar for the message.
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < JSONDocument.maximumDepth else {
            throw error("values are nested more than \(JSONDocument.maximumDepth) levels deep")
        }
        guard index < bytes.count else { throw error("unexpected end of the file; expected a value") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try number()), at: start)
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = position
        for expected in word.utf8 {
            guard index < bytes.count else { throw error("unexpected end of the file in '\(word)'") }
            guard bytes[index] == expected else {
                throw error("unexpected \(describeCurrent()); expected '\(word)'", at: index == 0 ? start : position)
            }
            advance()
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        if opensEmpty(closedBy: UInt8(ascii: "}")) { return JSONNode(.object([]), at: start) }
        var members: [JSONNode.Member] = []
        // Repeated keys: a scan of the members while there are few (a trace line has at most
        // seven, and an empty dictionary per object would allocate), a dictionary beyond.
        var seen: [String: SourcePosition] = [:]
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of the file in the object that starts at \(start); expected a key")
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyPosition = position
            let key = try string()
            let earlier: SourcePosition?
            if members.count < _Reader.scannedMembers {
                earlier = members.first { $0.key == key }?.keyPosition
            } else {
                if seen.isEmpty { for member in members { seen[member.key] = member.keyPosition } }
                earlier = seen.updateValue(keyPosition, forKey: key)
            }
            if let earlier {
                throw error("the key \"\(key)\" is repeated (first at \(earlier))", at: keyPosition)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the file; expected ':' after \"\(key)\"") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after \"\(key)\"")
            }
            advance()
            skipWhitespace()
            let member = try value(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: member))
            if try containerEnds(startingAt: start, afterKey: key) { return JSONNode(.object(members), at: start) }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        if opensEmpty(closedBy: UInt8(ascii: "]")) { return JSONNode(.array([]), at: start) }
        var elements: [JSONNode] = []
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            if try containerEnds(startingAt: start, afterKey: nil) { return JSONNode(.array(elements), at: start) }
        }
    }

    /// Past the `{` or `[` at the reader: `true` when `closer` follows it (the container is
    /// empty; the closer is passed too).
    mutating func opensEmpty(closedBy closer: UInt8) -> Bool {
        advance()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        advance()
        return true
    }

    /// After an object's member (`key`) or an array's element (`key` is `nil`): `true` past the
    /// `}` or `]` that closes the container that starts at `start`, `false` past a `,`.
    mutating func containerEnds(startingAt start: SourcePosition, afterKey key: String?) throws(JSONSyntaxError) -> Bool {
        let (closer, container) = key == nil ? (UInt8(ascii: "]"), "array") : (UInt8(ascii: "}"), "object")
        skipWhitespace()
        guard index < bytes.count else {
            throw error("unexpected end of the file in the \(container) that starts at \(start); expected ',' or '\(UnicodeScalar(closer))'")
        }
        switch bytes[index] {
        case UInt8(ascii: ","):
            advance()
            return false
        case closer:
            advance()
            return true
        default:
            let place = key.map { "after the value of \"\($0)\"" } ?? "in the array"
            throw error("unexpected \(describeCurrent()); expected ',' or '\(UnicodeScalar(closer))' \(place)")
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let start = position
        advance()  // "
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ reader: _Reader) {
            if runStart < reader.index {
                scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<reader.index], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else {
                throw error("unexpected end of the file in the string that starts at \(start)")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                if scalars.isEmpty {
                    // No escape: the string is the bytes as written (already checked as UTF-8).
                    let string = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    advance()
                    return string
                }
                flush(self)
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self)
                let escapePosition = position
                advance()
                guard index < bytes.count else { throw error("unexpected end of the file in an escape sequence") }
                let escaped = bytes[index]
                advance()
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4(escapePosition)
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by \u and a low surrogate.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate must be followed by a low surrogate", at: escapePosition)
                        }
                        advance()
                        advance()
                        let low = try hex4(escapePosition)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a \\u escape of a high surrogate must be followed by a low surrogate", at: escapePosition)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw error("the \\u escape names no Unicode scalar (a lone surrogate)", at: escapePosition)
                    }
                    scalars.append(scalar)
                default:
                    throw error("invalid escape sequence '\\\(String(decoding: [escaped], as: UTF8.self))'", at: escapePosition)
                }
                runStart = index
            default:
                guard byte >= 0x20 else {
                    throw error("unescaped control character U+\(String(byte, radix: 16, uppercase: true)) in a string (write it as \\u00XX)")
                }
                if byte < 0x80 {
                    advance()
                } else {
                    let length = try utf8SequenceLength()
                    for _ in 0..<length { advance() }
                }
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence at the cursor (2 to 4 bytes; RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    ///
    /// - Throws: ``JSONSyntaxError`` at the sequence's first byte, naming the bytes.
    func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: length = 0
        }
        var valid = length > 0 && index + length <= bytes.count
        if valid {
            valid =
                second.contains(bytes[index + 1])
                && bytes[(index + 2)..<(index + length)].allSatisfy { (0x80...0xBF).contains($0) }
        }
        guard valid else {
            let shown = bytes[index..<Swift.min(bytes.count, index + Swift.max(length, 1))]
                .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            throw error("invalid UTF-8 (\(shown)) in a string; the file must be UTF-8 text")
        }
        return length
    }

    mutating func hex4(_ escapePosition: SourcePosition) throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of the file in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits", at: escapePosition)
            }
            code = code * 16 + digit
            advance()
        }
        return code
    }

    mutating func number() throws(JSONSyntaxError) -> String {
        let startIndex = index
        let start = position
        func isDigit(_ reader: _Reader) -> Bool {
            reader.index < reader.bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard isDigit(self) else { throw error("expected a digit in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if isDigit(self) { throw error("a number cannot start with 0 followed by digits") }
        } else {
            while isDigit(self) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard isDigit(self) else { throw error("expected a digit after the decimal point") }
            while isDigit(self) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            guard isDigit(self) else { throw error("expected a digit in the exponent") }
            while isDigit(self) { advance() }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(
                "the number \(text.count > 40 ? String(text.prefix(40)) + "..." : text) is out of range: numbers must fit a 64-bit float (about ±1.8e308)",
                at: start)
        }
        return text
    }
}
