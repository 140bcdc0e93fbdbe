import Cassowary

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
    /// The format's name, in the header (the recorder's, which writes it).
    public static let formatName = SolverTraceRecorder.formatName
    /// The format's version, in the header.
    public static let formatVersion = SolverTraceRecorder.formatVersion

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
}
