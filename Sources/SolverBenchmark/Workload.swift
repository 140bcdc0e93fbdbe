import Cassowary
import CassowaryTrace

/// A generated solver workload: a family of traces, one per size.
///
/// Each workload is a script run on a real ``Cassowary/Solver`` with a
/// ``Cassowary/SolverTraceRecorder`` attached, so its trace is valid by
/// construction and replays exactly. `docs/performance.md` describes the
/// shapes; ``WorkloadTrace`` holds one generated trace.
///
/// Non-required priorities use three levels, ``strong``, ``medium`` and
/// ``weak`` (750, 500, 250), so that kiwi (three strengths) reaches the same
/// optimum when `scripts/compare-kiwi` replays the trace.
public enum Workload: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A chain of required equalities `x[i+1] == x[i] + 10`, an edit at the head.
    case chainEquality = "chain-eq"
    /// A chain of required inequalities `x[i+1] >= x[i] + 10` with weak
    /// preferred equalities `x[i+1] == x[i] + 20`, an edit at the head.
    case chainInequality = "chain-ineq"
    /// `size` independent views (four variables, eight constraints and a width
    /// edit each), edited one view at a time.
    case blocks = "blocks"
    /// An enaml-like form: 37 variables, 111 constraints, two strong edits
    /// (width and height), resized through six sizes.
    case form = "form"
    /// The blocks system, then repeated in-place constant updates of one
    /// required constraint in its middle view.
    case constantUpdate = "constant-update"

    /// The strongest of the three non-required levels (kiwi's `strong`).
    public static let strong: Priority = 750
    /// The middle non-required level (kiwi's `medium`).
    public static let medium: Priority = 500
    /// The weakest non-required level (kiwi's `weak`).
    public static let weak: Priority = 250

    public var description: String { rawValue }

    /// What the workload does, in one line.
    public var summary: String {
        switch self {
        case .chainEquality:
            return "required chain x[i+1] == x[i] + 10; strong edit on x[0]; teardown in reverse"
        case .chainInequality:
            return "required x[i+1] >= x[i] + 10 plus weak x[i+1] == x[i] + 20; strong edit on x[0]; teardown in reverse"
        case .blocks:
            return "independent views (4 variables, 8 constraints, 1 width edit each); 4 suggestions per visited view"
        case .form:
            return "enaml-like form (37 variables, 111 constraints); strong width/height edits through 6 sizes"
        case .constantUpdate:
            return "blocks system; in-place constant updates of one required constraint (kiwi: remove + re-add)"
        }
    }

    /// Sizes used when none are given.
    public var defaultSizes: [Int] {
        switch self {
        case .form: return [FormWorkload.variableCount]
        case .blocks: return [100, 1000, 5000, 10_000]
        default: return [100, 1000, 5000]
        }
    }

    /// The largest size the workload accepts unless `LAYOUTBENCH_MAX_SIZE` says otherwise:
    /// `chain-eq` at 9223372036854775807 asked for 4 GB before it failed. Measured with the
    /// release build's `--write-traces`: the chains' traces grow with the square of the size
    /// (`chain-eq` 5,000: 0.4 GB, 10,000: 1.3 GB, 20,000: 5.1 GB; `chain-ineq` 5,000: 1.1 GB,
    /// 10,000: 4.2 GB), so their limit is their largest default size; `blocks` (100,000:
    /// 0.9 GB) and `constant-update` (50,000: 0.4 GB) grow linearly.
    public var maximumSize: Int {
        switch self {
        case .chainEquality, .chainInequality: return 5_000
        case .blocks, .constantUpdate: return 50_000
        case .form: return FormWorkload.variableCount
        }
    }

    /// Whether the workload has a single, fixed size (``form``), so `size` is ignored.
    public var hasFixedSize: Bool { self == .form }

    /// The smallest size the workload accepts.
    public var minimumSize: Int {
        switch self {
        case .chainEquality, .chainInequality: return 2
        default: return 1
        }
    }

    /// The workload's name and size as a file stem, such as `chain-eq-1000`.
    public func traceName(size: Int) -> String {
        "\(rawValue)-\(hasFixedSize ? FormWorkload.variableCount : size)"
    }

    /// Generates the trace of the workload at `size`.
    ///
    /// - Parameter size: Variables in a chain, views in the blocks systems;
    ///   ignored by ``form``.
    /// - Returns: The recorded trace.
    /// - Complexity: One run of the workload on the solver.
    public func trace(size: Int) -> WorkloadTrace {
        precondition(hasFixedSize || size >= minimumSize, "\(rawValue) needs a size of at least \(minimumSize); got \(size)")
        let script = TraceScript()
        switch self {
        case .chainEquality: ChainWorkload.run(script, size: size, inequalities: false)
        case .chainInequality: ChainWorkload.run(script, size: size, inequalities: true)
        case .blocks: BlocksWorkload.runEdits(script, blocks: size)
        case .form: FormWorkload.run(script)
        case .constantUpdate: BlocksWorkload.runConstantUpdates(script, blocks: size)
        }
        return WorkloadTrace(
            name: traceName(size: size), workload: self, size: hasFixedSize ? FormWorkload.variableCount : size,
            text: script.recorder.text)
    }
}

/// One generated or loaded trace, ready to benchmark.
public struct WorkloadTrace: Sendable {
    /// A name for reports: `chain-eq-1000`, or the file name of a loaded trace.
    public var name: String
    /// The workload that generated it, or `nil` for a trace read from a file.
    public var workload: Workload?
    /// The workload's size (variables in a chain, views in the blocks systems,
    /// variables in the form), or the number of variables of a loaded trace.
    public var size: Int
    /// The trace as JSON Lines (`docs/solver-trace.md`).
    public var text: String
    /// The file it came from, or its name, for error messages.
    public var source: String

    public init(name: String, workload: Workload?, size: Int, text: String, source: String? = nil) {
        self.name = name
        self.workload = workload
        self.size = size
        self.text = text
        self.source = source ?? name
    }

    /// Parses ``text``.
    ///
    /// - Throws: ``CassowaryTrace/SolverTrace/ParseError`` naming the line and column.
    public func parsed() throws(SolverTrace.ParseError) -> SolverTrace {
        try SolverTrace.parse(text, source: source)
    }

    /// Parses ``text``, reporting a problem as ``SolverBenchmarkError`` `malformed-trace`.
    func checkedParse() throws(SolverBenchmarkError) -> SolverTrace {
        do {
            return try parsed()
        } catch {
            throw SolverBenchmarkError(.malformedTrace, "\(error)")
        }
    }
}

/// Runs a workload script on a solver that records it. Generators are
/// programs, so an operation that throws is a bug in the generator.
final class TraceScript {
    let solver = Solver()
    let recorder = SolverTraceRecorder()

    init() {
        solver.traceRecorder = recorder
    }

    func variable(_ name: String) -> Variable {
        solver.makeVariable(name)
    }

    func add(_ constraint: Constraint) {
        do { try solver.add(constraint) } catch { preconditionFailure("workload generator: \(error)") }
    }

    func remove(_ constraint: Constraint) {
        do { try solver.remove(constraint) } catch { preconditionFailure("workload generator: \(error)") }
    }

    func addEdit(_ variable: Variable, _ priority: Priority) {
        do { try solver.addEditVariable(variable, priority: priority) } catch {
            preconditionFailure("workload generator: \(error)")
        }
    }

    func removeEdit(_ variable: Variable) {
        do { try solver.removeEditVariable(variable) } catch { preconditionFailure("workload generator: \(error)") }
    }

    func suggest(_ value: Double, for variable: Variable) {
        do { try solver.suggestValue(value, for: variable) } catch {
            preconditionFailure("workload generator: \(error)")
        }
    }

    func updateConstant(of constraint: Constraint, to constant: Double) {
        do { try solver.updateConstant(of: constraint, to: constant) } catch {
            preconditionFailure("workload generator: \(error)")
        }
    }

    /// Reads the changed values, as a layout pass does after a change.
    func read() {
        solver.forEachChangedVariable { _, _ in }
    }
}
