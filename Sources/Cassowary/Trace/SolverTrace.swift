/// A parsed solver trace: the operations a ``Solver`` received, in order.
///
/// The format (`docs/solver-trace.md`) is JSON Lines: a header
/// `{"trace":"layoutbench.solver","version":1}`, then one object per operation:
///
/// | op | fields |
/// | --- | --- |
/// | `variable` | `id` (0, 1, 2, ... in order), `name` |
/// | `add` | `id`, `terms` (`[[variable, coefficient], ...]`), `constant`, `relation` (`<=`, `==`, `>=`), `priority` (1...1000), `weight`, optional `label` |
/// | `remove` | `id` |
/// | `updateConstant` | `id`, `constant` |
/// | `updatePriority` | `id`, `priority` |
/// | `addEdit` | `variable`, `priority` |
/// | `removeEdit` | `variable` |
/// | `suggest` | `variable`, `value` |
/// | `beginBatch`, `endBatch`, `read` | none |
///
/// A constraint reads `sum(coefficient * variable) + constant (relation) 0`.
/// Re-adding a removed constraint repeats its `add` line with the same `id`.
public struct SolverTrace: Sendable {
    public static let formatName = "layoutbench.solver"
    public static let formatVersion = 1

    /// One recorded operation.
    public enum Operation: Sendable, Equatable {
        case variable(id: Int, name: String)
        case add(id: Int, definition: ConstraintDefinition)
        case remove(id: Int)
        case updateConstant(id: Int, constant: Double)
        case updatePriority(id: Int, priority: Priority)
        case addEdit(variable: Int, priority: Priority)
        case removeEdit(variable: Int)
        case suggest(variable: Int, value: Double)
        case beginBatch
        case endBatch
        case read
    }

    /// A constraint as a trace writes it, over trace variable indices.
    public struct ConstraintDefinition: Sendable, Equatable {
        public var terms: [(variable: Int, coefficient: Double)]
        public var constant: Double
        public var relation: Relation
        public var priority: Priority
        public var weight: Double
        public var label: String?

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.terms.elementsEqual(rhs.terms, by: { $0.variable == $1.variable && $0.coefficient == $1.coefficient })
                && lhs.constant == rhs.constant && lhs.relation == rhs.relation && lhs.priority == rhs.priority
                && lhs.weight == rhs.weight && lhs.label == rhs.label
        }
    }

    /// The operations, in order, with the 1-based line each came from.
    public var operations: [(line: Int, operation: Operation)]

    /// The number of variables the trace declares.
    public var variableCount: Int {
        operations.reduce(0) { count, item in
            if case .variable = item.operation { return count + 1 }
            return count
        }
    }

    public init(operations: [(line: Int, operation: Operation)]) {
        self.operations = operations
    }

    /// An error in a trace file, with the place it was found.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var source: String
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String {
            "\(source):\(line):\(column): \(message)"
        }
    }

    /// Parses a trace.
    ///
    /// - Parameters:
    ///   - text: The trace, one JSON object per line.
    ///   - source: The file name used in errors.
    /// - Throws: ``ParseError`` naming the line, the column and the problem:
    ///   malformed JSON, a missing header or another format version, an unknown
    ///   operation, a missing or mistyped field, a reference to an undeclared
    ///   variable or constraint, a priority outside 1...1000.
    /// The largest variable or constraint id a trace may use. A replay keeps one slot
    /// per id, so an id is a memory request: a 200-byte trace must not ask for gigabytes.
    public static let maximumID = 9_999_999

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
            let value: TraceJSON.Value
            do {
                value = try TraceJSON.parse(line)
            } catch {
                throw fail("malformed JSON: \(error.message)", column: error.column)
            }
            guard case .object = value else { throw fail("expected a JSON object") }
            if !sawHeader {
                guard case .string(let format)? = value["trace"] else {
                    throw fail("the first line must be the header {\"trace\":\"\(formatName)\",\"version\":\(formatVersion)}")
                }
                guard format == formatName else { throw fail("unknown trace format '\(format)'; expected '\(formatName)'") }
                guard case .number(let version)? = value["version"], version == Double(formatVersion) else {
                    throw fail("unsupported trace version; this build reads version \(formatVersion)")
                }
                sawHeader = true
                continue
            }
            guard case .string(let op)? = value["op"] else { throw fail("missing \"op\"") }

            func number(_ key: String) throws(ParseError) -> Double {
                guard case .number(let number)? = value[key] else { throw fail("'\(op)' needs a number \"\(key)\"") }
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
                guard case .string(let name)? = value["name"] else { throw fail("'variable' needs a string \"name\"") }
                declaredVariables += 1
                operation = .variable(id: id, name: name)
            case "add":
                let id = try index("id")
                guard case .array(let rawTerms)? = value["terms"] else { throw fail("'add' needs an array \"terms\"") }
                var terms: [(variable: Int, coefficient: Double)] = []
                for rawTerm in rawTerms {
                    guard case .array(let pair) = rawTerm, pair.count == 2,
                        case .number(let rawVariable) = pair[0], case .number(let coefficient) = pair[1],
                        rawVariable >= 0, rawVariable.rounded() == rawVariable
                    else { throw fail("each term must be [variable, coefficient]") }
                    guard rawVariable < Double(declaredVariables) else {
                        throw fail("variable \(rawVariable) is used before it is declared")
                    }
                    terms.append((Int(rawVariable), coefficient))
                }
                guard case .string(let rawRelation)? = value["relation"], let relation = Relation(rawValue: rawRelation) else {
                    throw fail("'add' needs \"relation\": \"<=\", \"==\" or \">=\"")
                }
                let weight = value["weight"] == nil ? 1 : try number("weight")
                guard weight > 0 else { throw fail("\"weight\" must be positive") }
                var label: String?
                if case .string(let text)? = value["label"] { label = text }
                declaredConstraints.insert(id)
                operation = .add(id: id, definition: ConstraintDefinition(
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
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .emptyInput:
                break decoding
            case .error:
                let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
                throw ParseError(
                    source: source, line: line, column: offset - lineStart + 1,
                    message: "byte \(byte) is not UTF-8 text: a trace is JSON Lines (docs/solver-trace.md), not a binary file")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a replay produced.
    public struct ReplayResult {
        /// The solver the trace ran on.
        public var solver: Solver
        /// The solver's variables, by trace variable id.
        public var variables: [Variable]
        /// The constraints, by trace constraint id (`nil` for ids the trace skips).
        public var constraints: [Constraint?]
        /// Operations that threw, with their line.
        public var errors: [(line: Int, error: SolverError)]
    }

    /// Runs the trace on a new solver (or the given empty one).
    ///
    /// Operations that fail fail again, with the same effect on the counters as
    /// when they were recorded.
    public func replay(on solver: Solver = Solver()) -> ReplayResult {
        var result = ReplayResult(solver: solver, variables: [], constraints: [], errors: [])
        for (line, operation) in operations {
            do {
                try Self.apply(operation, to: &result)
            } catch {
                result.errors.append((line, error))
            }
        }
        return result
    }

    /// Applies one operation; the building block of replays and benchmarks.
    public static func apply(_ operation: Operation, to state: inout ReplayResult) throws(SolverError) {
        let solver = state.solver
        switch operation {
        case .variable(_, let name):
            state.variables.append(solver.makeVariable(name))
        case .add(let id, let definition):
            while state.constraints.count <= id { state.constraints.append(nil) }
            let constraint: Constraint
            if let existing = state.constraints[id] {
                constraint = existing
            } else {
                let expression = LinearExpression(
                    terms: definition.terms.map { Term(state.variables[$0.variable], $0.coefficient) },
                    constant: definition.constant)
                constraint = Constraint(
                    expression, definition.relation, priority: definition.priority, weight: definition.weight,
                    label: definition.label)
                state.constraints[id] = constraint
            }
            try solver.add(constraint)
        case .remove(let id):
            try solver.remove(state.constraints[id]!)
        case .updateConstant(let id, let constant):
            try solver.updateConstant(of: state.constraints[id]!, to: constant)
        case .updatePriority(let id, let priority):
            try solver.updatePriority(of: state.constraints[id]!, to: priority)
        case .addEdit(let variable, let priority):
            try solver.addEditVariable(state.variables[variable], priority: priority)
        case .removeEdit(let variable):
            try solver.removeEditVariable(state.variables[variable])
        case .suggest(let variable, let value):
            try solver.suggestValue(value, for: state.variables[variable])
        case .beginBatch:
            solver.beginBatch()
        case .endBatch:
            try solver.endBatch()
        case .read:
            solver.forEachChangedVariable { _, _ in }
        }
    }
}
