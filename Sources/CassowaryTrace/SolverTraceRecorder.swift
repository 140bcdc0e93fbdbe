@_spi(TraceRecording) import Cassowary
import Synchronization

/// Records the operations a ``Solver`` receives as a line-oriented JSON trace
/// (format `layoutbench.solver`, version 1; see `docs/solver-trace.md`).
///
/// Set it as ``Solver/traceRecorder``. Operations are recorded before they run,
/// failed ones included, so replaying a trace (`SolverTrace.replay(on:)`, in `CassowaryTrace`)
/// reproduces the same counters, errors and values. Variables made before the
/// recorder was attached are declared when first used. Operations with a
/// non-finite number are refused by the solver and are not recorded.
///
/// Recording is for sharing and comparing workloads, not for measured runs: it
/// formats one line per operation.
public final class SolverTraceRecorder: SolverRecorder {
    /// The trace format's name, in every header.
    public static let formatName = "layoutbench.solver"
    /// The trace format's version, in every header.
    public static let formatVersion = 1

    private var output = ""
    private var variableIndex: [Int32: Int] = [:]
    private var nextConstraintID: Int32 = 0
    private unowned(unsafe) var solver: Solver?
    let tag: UInt32
    private static let nextTag = Atomic<UInt32>(1)

    /// The number of lines recorded, including the header.
    public private(set) var lineCount = 0

    public init() {
        tag = Self.nextTag.wrappingAdd(1, ordering: .relaxed).oldValue
        output.append("{\"trace\":\"\(Self.formatName)\",\"version\":\(Self.formatVersion)}\n")
        lineCount = 1
    }

    /// The trace so far, one JSON object per line.
    public var text: String { output }

    public func attach(to solver: Solver) {
        self.solver = solver
    }

    private func append(_ line: String) {
        output.append(line)
        output.append("\n")
        lineCount += 1
    }

    private func reference(_ variable: Variable) -> Int {
        if let index = variableIndex[variable.id] { return index }
        return declare(variable, name: solver?.name(of: variable) ?? "v\(variable.id)")
    }

    @discardableResult
    private func declare(_ variable: Variable, name: String) -> Int {
        let index = variableIndex.count
        variableIndex[variable.id] = index
        var line = "{\"op\":\"variable\",\"id\":\(index),\"name\":"
        TraceLineWriter.appendString(name, to: &line)
        line.append("}")
        append(line)
        return index
    }

    private func constraintID(_ constraint: Constraint) -> Int32? {
        constraint.traceRecorderTag == tag ? constraint.traceID : nil
    }

    public func recordVariable(_ variable: Variable, name: String) {
        declare(variable, name: name)
    }

    public func recordAdd(_ constraint: Constraint) {
        guard constraint.constant.isFinite, constraint.terms.allSatisfy({ $0.coefficient.isFinite }) else { return }
        let references = constraint.terms.map { reference($0.variable) }
        let id: Int32
        if let existing = constraintID(constraint) {
            id = existing
        } else {
            id = nextConstraintID
            nextConstraintID += 1
            constraint.traceID = id
            constraint.traceRecorderTag = tag
        }
        var line = "{\"op\":\"add\",\"id\":\(id),\"terms\":["
        for (index, term) in constraint.terms.enumerated() {
            if index > 0 { line.append(",") }
            line.append("[\(references[index]),\(TraceLineWriter.number(term.coefficient))]")
        }
        line.append("],\"constant\":\(TraceLineWriter.number(constraint.constant))")
        line.append(",\"relation\":\"\(constraint.relation.rawValue)\"")
        line.append(",\"priority\":\(TraceLineWriter.number(Double(constraint.priority.value)))")
        line.append(",\"weight\":\(TraceLineWriter.number(constraint.weight))")
        if let label = constraint.label {
            line.append(",\"label\":")
            TraceLineWriter.appendString(label, to: &line)
        }
        line.append("}")
        append(line)
    }

    public func recordRemove(_ constraint: Constraint) {
        guard let id = constraintID(constraint) else { return }
        append("{\"op\":\"remove\",\"id\":\(id)}")
    }

    public func recordUpdateConstant(_ constraint: Constraint, constant: Double) {
        guard let id = constraintID(constraint), constant.isFinite else { return }
        append("{\"op\":\"updateConstant\",\"id\":\(id),\"constant\":\(TraceLineWriter.number(constant))}")
    }

    public func recordUpdatePriority(_ constraint: Constraint, priority: Priority) {
        guard let id = constraintID(constraint) else { return }
        append("{\"op\":\"updatePriority\",\"id\":\(id),\"priority\":\(TraceLineWriter.number(Double(priority.value)))}")
    }

    public func recordAddEdit(_ variable: Variable, priority: Priority) {
        append("{\"op\":\"addEdit\",\"variable\":\(reference(variable)),\"priority\":\(TraceLineWriter.number(Double(priority.value)))}")
    }

    public func recordRemoveEdit(_ variable: Variable) {
        append("{\"op\":\"removeEdit\",\"variable\":\(reference(variable))}")
    }

    public func recordSuggest(_ variable: Variable, value: Double) {
        guard value.isFinite else { return }
        append("{\"op\":\"suggest\",\"variable\":\(reference(variable)),\"value\":\(TraceLineWriter.number(value))}")
    }

    public func recordBeginBatch() { append("{\"op\":\"beginBatch\"}") }
    public func recordEndBatch() { append("{\"op\":\"endBatch\"}") }
    public func recordRead() { append("{\"op\":\"read\"}") }
}
