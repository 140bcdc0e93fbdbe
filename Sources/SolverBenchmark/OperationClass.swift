import Cassowary
import CassowaryTrace

/// The kind of solver operation a benchmark times separately.
///
/// A trace is cut into *steps*: one operation plus the `read`s that directly
/// follow it (a layout pass reads after each change), or a whole batch
/// (`beginBatch` through the matching `endBatch`, plus the reads after it), whose
/// solve happens at its end. A step's class is its first operation's. Variable
/// declarations are set-up, never timed. A `read` with no step before it is a
/// step of its own (class ``read``).
public enum OperationClass: String, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    case add
    case remove
    /// `suggest` and the reads after it.
    case suggest
    /// `updateConstant` and the reads after it.
    case updateConstant
    case updatePriority
    case addEdit
    case removeEdit
    /// A whole batch: its operations and the solve at its end.
    case batch
    /// A read that follows no other step.
    case read
    /// Variable declarations: run before the timed regions, not reported.
    case variable

    /// The name used in tables: `suggest+read` for ``suggest``.
    public var description: String {
        switch self {
        case .suggest: return "suggest+read"
        default: return rawValue
        }
    }

    /// The position in reports (the order of the cases).
    var order: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    /// The class of a step that starts with `operation`.
    public init(startingWith operation: SolverTrace.Operation) {
        switch operation {
        case .variable: self = .variable
        case .add: self = .add
        case .remove: self = .remove
        case .updateConstant: self = .updateConstant
        case .updatePriority: self = .updatePriority
        case .addEdit: self = .addEdit
        case .removeEdit: self = .removeEdit
        case .suggest: self = .suggest
        case .beginBatch, .endBatch: self = .batch
        case .read: self = .read
        }
    }
}

/// A trace cut into steps and segments: the plan every replay follows.
///
/// A *segment* is a run of consecutive steps of one class; a replay reads the
/// clock once at each end of a segment (not around every operation), so the
/// clock's own cost is spread over the segment.
public struct ReplayPlan: Sendable {
    /// One step: a range of trace operations that a benchmark counts as one operation of `operationClass`.
    public struct Step: Sendable, Equatable {
        public var operationClass: OperationClass
        /// Indices into ``SolverTrace/operations``.
        public var operations: Range<Int>
    }

    /// A run of consecutive steps of one class.
    public struct Segment: Sendable, Equatable {
        public var operationClass: OperationClass
        /// Indices into ``ReplayPlan/steps``.
        public var steps: Range<Int>
        /// Indices into ``SolverTrace/operations``.
        public var operations: Range<Int>
    }

    public private(set) var steps: [Step] = []
    public private(set) var segments: [Segment] = []

    /// Steps per class (variable declarations included).
    public private(set) var stepCounts: [OperationClass: Int] = [:]

    /// Cuts `trace` into steps and segments.
    ///
    /// A batch left open at the end of the trace extends to its end. An
    /// `endBatch` without a `beginBatch` is a batch step of its own (the solver
    /// refuses it, as recorded).
    ///
    /// - Complexity: O(operations).
    public init(_ trace: SolverTrace) {
        let operations = trace.operations
        var index = 0
        while index < operations.count {
            let start = index
            var operationClass = OperationClass(startingWith: operations[index].operation)
            switch operations[index].operation {
            case .beginBatch:
                var depth = 0
                while index < operations.count {
                    if case .beginBatch = operations[index].operation { depth += 1 }
                    if case .endBatch = operations[index].operation { depth -= 1 }
                    index += 1
                    if depth == 0 { break }
                }
            case .read:
                // A read after nothing, or after variable declarations, stands alone.
                operationClass = .read
                index += 1
            default:
                index += 1
            }
            if operationClass != .variable {
                while index < operations.count, case .read = operations[index].operation { index += 1 }
            }
            steps.append(Step(operationClass: operationClass, operations: start..<index))
            stepCounts[operationClass, default: 0] += 1
        }
        var first = 0
        while first < steps.count {
            var last = first + 1
            while last < steps.count && steps[last].operationClass == steps[first].operationClass { last += 1 }
            segments.append(
                Segment(
                    operationClass: steps[first].operationClass, steps: first..<last,
                    operations: steps[first].operations.lowerBound..<steps[last - 1].operations.upperBound))
            first = last
        }
    }

    /// The classes that have steps, in report order (without ``OperationClass/variable``).
    public var timedClasses: [OperationClass] {
        stepCounts.keys.filter { $0 != .variable }.sorted()
    }
}
