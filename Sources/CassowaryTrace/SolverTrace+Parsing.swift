import Cassowary
import LayoutBenchJSON

extension SolverTrace {
    /// The largest variable or constraint id a trace may use. A replay keeps one slot
    /// per id, so an id is a memory request: a 200-byte trace must not ask for gigabytes.
    public static let maximumID = 9_999_999

    /// Parses a trace. Each line is read by `LayoutBenchJSON`'s reader (`JSONDocument`), so a
    /// malformed line is reported with the reader's message and column.
    ///
    /// - Parameters:
    ///   - text: The trace, one JSON object per line.
    ///   - source: The file name used in errors.
    /// - Throws: ``ParseError`` naming the line, the column and the problem:
    ///   malformed JSON, a missing header or another format version, an unknown
    ///   operation, a missing or mistyped field, a reference to an undeclared
    ///   variable or constraint, a priority outside 1...1000.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func parse(_ text: String, source: String = "<trace>") throws(ParseError) -> SolverTrace {
        var operations: [(line: Int, operation: Operation)] = []
        var sawHeader = false
        var declaredVariables = 0
        var declaredConstraints = Set<Int>()
        var lineNumber = 0
        // Split on the byte: "\r\n" is one Character, so a Character split would keep a CRLF
        // file on one line.
        for rawBytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let rawLine = Substring(rawBytes)
            let line = rawLine.utf8.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            func fail(_ message: String, column: Int = 1) -> ParseError {
                ParseError(source: source, line: lineNumber, column: column, message: message)
            }
            let value: JSONNode
            do {
                value = try JSONDocument.parse(Array(line.utf8))
            } catch {
                throw fail("malformed JSON: \(error.message)", column: error.position.column)
            }
            guard case .object = value.value else { throw fail("expected a JSON object") }
            if !sawHeader {
                guard let format = value["trace"]?.stringValue else {
                    throw fail("the first line must be the header {\"trace\":\"\(formatName)\",\"version\":\(formatVersion)}")
                }
                guard format == formatName else { throw fail("unknown trace format '\(format)'; expected '\(formatName)'") }
                guard value["version"]?.doubleValue == Double(formatVersion) else {
                    throw fail("unsupported trace version; this build reads version \(formatVersion)")
                }
                sawHeader = true
                continue
            }
            guard let op = value["op"]?.stringValue else { throw fail("missing \"op\"") }

            func number(_ key: String) throws(ParseError) -> Double {
                guard let number = value[key]?.doubleValue else { throw fail("'\(op)' needs a number \"\(key)\"") }
                return number
            }
            func index(_ key: String) throws(ParseError) -> Int {
                let raw = try number(key)
                guard raw >= 0, raw.rounded() == raw else { throw fail("\"\(key)\" must be a nonnegative integer") }
                guard raw <= Double(maximumID) else {
                    throw fail("\"\(key)\" \(raw) is above \(maximumID): a replay keeps one slot per id; number ids densely from 0")
                }
                return Int(raw)
            }
            func variable(_ key: String) throws(ParseError) -> Int {
                let id = try index(key)
                guard id < declaredVariables else { throw fail("variable \(id) is used before it is declared") }
                return id
            }
            func priority(_ key: String) throws(ParseError) -> Priority {
                let raw = try number(key)
                guard let priority = Priority(validating: raw) else {
                    throw fail(
                        raw > 999.99994 && raw < 1000
                            ? "priority \(raw) would round to 1000 (required) as a Float; use 999.99994 at most below 1000"
                            : "priority \(raw) is outside 1...1000")
                }
                return priority
            }
            func knownConstraint() throws(ParseError) -> Int {
                let id = try index("id")
                guard declaredConstraints.contains(id) else { throw fail("constraint \(id) is used before it is added") }
                return id
            }

            let operation: Operation
            switch op {
            case "variable":
                let id = try index("id")
                guard id == declaredVariables else { throw fail("variables must be declared in order; expected id \(declaredVariables), got \(id)") }
                guard let name = value["name"]?.stringValue else { throw fail("'variable' needs a string \"name\"") }
                declaredVariables += 1
                operation = .variable(id: id, name: name)
            case "add":
                let id = try index("id")
                guard case .array(let rawTerms)? = value["terms"]?.value else { throw fail("'add' needs an array \"terms\"") }
                var terms: [(variable: Int, coefficient: Double)] = []
                for rawTerm in rawTerms {
                    guard case .array(let pair) = rawTerm.value, pair.count == 2,
                        let rawVariable = pair[0].doubleValue, let coefficient = pair[1].doubleValue,
                        rawVariable >= 0, rawVariable.rounded() == rawVariable
                    else { throw fail("each term must be [variable, coefficient]") }
                    guard rawVariable < Double(declaredVariables) else {
                        throw fail("variable \(rawVariable) is used before it is declared")
                    }
                    terms.append((Int(rawVariable), coefficient))
                }
                guard let rawRelation = value["relation"]?.stringValue, let relation = Relation(rawValue: rawRelation) else {
                    throw fail("'add' needs \"relation\": \"<=\", \"==\" or \">=\"")
                }
                let weight = value["weight"] == nil ? 1 : try number("weight")
                guard weight > 0 else { throw fail("\"weight\" must be positive") }
                var label: String?
                if let text = value["label"]?.stringValue { label = text }
                declaredConstraints.insert(id)
                operation = .add(
                    id: id,
                    definition: ConstraintDefinition(
                        terms: terms, constant: try number("constant"), relation: relation,
                        priority: try priority("priority"), weight: weight, label: label))
            case "remove":
                operation = .remove(id: try knownConstraint())
            case "updateConstant":
                operation = .updateConstant(id: try knownConstraint(), constant: try number("constant"))
            case "updatePriority":
                operation = .updatePriority(id: try knownConstraint(), priority: try priority("priority"))
            case "addEdit":
                operation = .addEdit(variable: try variable("variable"), priority: try priority("priority"))
            case "removeEdit":
                operation = .removeEdit(variable: try variable("variable"))
            case "suggest":
                operation = .suggest(variable: try variable("variable"), value: try number("value"))
            case "beginBatch":
                operation = .beginBatch
            case "endBatch":
                operation = .endBatch
            case "read":
                operation = .read
            default:
                throw fail("unknown operation '\(op)'")
            }
            operations.append((lineNumber, operation))
        }
        guard sawHeader else {
            throw ParseError(source: source, line: 1, column: 1, message: "empty trace: the header line is missing")
        }
        return SolverTrace(operations: operations)
    }

    /// Decodes a trace file's bytes as UTF-8.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - source: The file name used in errors.
    /// - Returns: The text, for ``parse(_:source:)``.
    /// - Throws: ``ParseError`` at the line and column (1-based, in bytes) of the first byte
    ///   that is not well-formed UTF-8, such as in a binary file.
    public static func text(fromUTF8 bytes: [UInt8], source: String = "<trace>") throws(ParseError) -> String {
        if let invalid = UTF8Position.firstInvalidByte(in: bytes) {
            let byte = "0x" + String(invalid.byte, radix: 16, uppercase: true)
            throw ParseError(
                source: source, line: invalid.line, column: invalid.column,
                message: "byte \(byte) is not UTF-8 text: a trace is JSON Lines (docs/solver-trace.md), not a binary file")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
