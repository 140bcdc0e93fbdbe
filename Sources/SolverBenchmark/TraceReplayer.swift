import Cassowary
import CassowaryTrace
import LayoutBenchMetrics

/// Replays one trace through the public ``Cassowary/Solver`` API and measures it
/// by operation class: time (one clock reading at each end of a segment), the
/// solver's counters, allocations (in a separate counting pass) and the values
/// read.
///
/// Every replay starts from a new solver. Before a segment's clock starts, its
/// operations are compiled: constraint objects are made and variables resolved,
/// as the kiwi replay (`scripts/kiwi/replay_kiwi.py`) does, so only solver calls
/// are timed.
public final class TraceReplayer {
    public let trace: SolverTrace
    public let plan: ReplayPlan

    /// The number of constraint ids the trace uses.
    let constraintSlots: Int
    /// The longest segment, in operations (the compiled buffer's capacity).
    let longestSegment: Int

    /// Per-class counter deltas of the first timed repetition; later ones must match.
    private var referenceCounters: [OperationClass: SolverCounters]?

    /// Parses a workload's trace and plans its replay.
    ///
    /// - Throws: ``SolverBenchmarkError`` `malformed-trace` with the file, line and column.
    public convenience init(_ trace: WorkloadTrace) throws(SolverBenchmarkError) {
        self.init(trace: try trace.checkedParse())
    }

    public init(trace: SolverTrace) {
        self.trace = trace
        self.plan = ReplayPlan(trace)
        var maxID = -1
        for (_, operation) in trace.operations {
            if case .add(let id, _) = operation { maxID = max(maxID, id) }
        }
        constraintSlots = maxID + 1
        longestSegment = plan.segments.map(\.operations.count).max() ?? 0
    }

    // MARK: Compiled operations

    /// An operation with its objects resolved: what the timed loop executes.
    enum Compiled {
        case add(Constraint)
        case remove(Constraint)
        case updateConstant(Constraint, Double)
        case updatePriority(Constraint, Priority)
        case addEdit(Variable, Priority)
        case removeEdit(Variable)
        case suggest(Variable, Double)
        case beginBatch
        case endBatch
        case read
    }

    /// The state of one replay: its solver and the objects the trace's ids name.
    struct Session {
        let solver = Solver()
        var variables: [Variable] = []
        var constraints: [Constraint?]
        var compiled: ContiguousArray<Compiled> = []

        init(constraintSlots: Int, variableCount: Int, longestSegment: Int) {
            constraints = Array(repeating: nil, count: constraintSlots)
            variables.reserveCapacity(variableCount)
            compiled.reserveCapacity(longestSegment)
        }

        /// Declares the variables of `operations[index...]` up to the first other
        /// operation (or `end`); returns the index after them.
        mutating func declare(_ operations: [(line: Int, operation: SolverTrace.Operation)], from index: Int, to end: Int) -> Int {
            var index = index
            while index < end, case .variable(_, let name) = operations[index].operation {
                variables.append(solver.makeVariable(name))
                index += 1
            }
            return index
        }

        /// Compiles `operations[index...]` up to the next variable declaration (or `end`)
        /// into ``compiled``, replacing its contents; returns the index after them.
        ///
        /// A batch can declare variables (recorded traces do): the declaration must run
        /// before the operations after it are compiled, so a segment runs in chunks, with
        /// the declarations between them outside the timed regions.
        mutating func compile(_ operations: [(line: Int, operation: SolverTrace.Operation)], from index: Int, to end: Int) -> Int {
            compiled.removeAll(keepingCapacity: true)
            var index = index
            while index < end {
                if case .variable = operations[index].operation { break }
                compiled.append(compile(operations[index].operation))
                index += 1
            }
            return index
        }

        mutating func compile(_ operation: SolverTrace.Operation) -> Compiled {
            switch operation {
            case .variable:
                preconditionFailure("variable declarations are not compiled")
            case .add(let id, let definition):
                if let existing = constraints[id] { return .add(existing) }
                let expression = LinearExpression(
                    terms: definition.terms.map { Term(variables[$0.variable], $0.coefficient) },
                    constant: definition.constant)
                let constraint = Constraint(
                    expression, definition.relation, priority: definition.priority, weight: definition.weight,
                    label: definition.label)
                constraints[id] = constraint
                return .add(constraint)
            case .remove(let id): return .remove(constraints[id]!)
            case .updateConstant(let id, let constant): return .updateConstant(constraints[id]!, constant)
            case .updatePriority(let id, let priority): return .updatePriority(constraints[id]!, priority)
            case .addEdit(let variable, let priority): return .addEdit(variables[variable], priority)
            case .removeEdit(let variable): return .removeEdit(variables[variable])
            case .suggest(let variable, let value): return .suggest(variables[variable], value)
            case .beginBatch: return .beginBatch
            case .endBatch: return .endBatch
            case .read: return .read
            }
        }

        /// Executes compiled operations `range`; returns the number that threw.
        @inline(__always)
        func execute(_ range: Range<Int>) -> Int {
            var failures = 0
            let solver = self.solver
            compiled.withUnsafeBufferPointer { buffer in
                for index in range {
                    do {
                        try Self.execute(buffer[index], on: solver)
                    } catch {
                        failures += 1
                    }
                }
            }
            return failures
        }

        @inline(__always)
        static func execute(_ operation: Compiled, on solver: Solver) throws(SolverError) {
            switch operation {
            case .add(let constraint): try solver.add(constraint)
            case .remove(let constraint): try solver.remove(constraint)
            case .updateConstant(let constraint, let constant): try solver.updateConstant(of: constraint, to: constant)
            case .updatePriority(let constraint, let priority): try solver.updatePriority(of: constraint, to: priority)
            case .addEdit(let variable, let priority): try solver.addEditVariable(variable, priority: priority)
            case .removeEdit(let variable): try solver.removeEditVariable(variable)
            case .suggest(let variable, let value): try solver.suggestValue(value, for: variable)
            case .beginBatch: solver.beginBatch()
            case .endBatch: try solver.endBatch()
            case .read: solver.forEachChangedVariable { _, _ in }
            }
        }
    }

    func makeSession() -> Session {
        Session(constraintSlots: constraintSlots, variableCount: trace.variableCount, longestSegment: longestSegment)
    }

    // MARK: Timed repetitions

    /// Replays the trace once on a new solver, timing each segment.
    ///
    /// - Returns: Time, steps and counter deltas per class.
    /// - Throws: ``SolverBenchmarkError`` `counters-not-deterministic` when the
    ///   counters differ from the first repetition's: replays must be exact.
    public func runTimedRepetition() throws(SolverBenchmarkError) -> RepetitionMeasurement {
        var session = makeSession()
        var nanoseconds: [OperationClass: UInt64] = [:]
        var counters: [OperationClass: SolverCounters] = [:]
        var failures = 0
        let operations = trace.operations
        for segment in plan.segments {
            var index = segment.operations.lowerBound
            let end = segment.operations.upperBound
            while index < end {
                index = session.declare(operations, from: index, to: end)
                guard index < end else { break }
                index = session.compile(operations, from: index, to: end)
                let before = session.solver.counters
                let start = Timing.monotonicNanoseconds()
                failures += session.execute(0..<session.compiled.count)
                let stop = Timing.monotonicNanoseconds()
                let delta = session.solver.counters - before
                nanoseconds[segment.operationClass, default: 0] += stop - start
                counters[segment.operationClass] = (counters[segment.operationClass] ?? SolverCounters()) + delta
            }
        }
        if let reference = referenceCounters {
            if reference != counters {
                let differing = counters.keys.filter { reference[$0] != counters[$0] }.sorted()
                throw SolverBenchmarkError(
                    .countersNotDeterministic,
                    "the solver's counters for \(differing.map(\.description).joined(separator: ", ")) differ "
                        + "between two replays of the same trace; replays must be exact (this is a solver bug)")
            }
        } else {
            referenceCounters = counters
        }
        var classes: [OperationClass: RepetitionMeasurement.ClassTiming] = [:]
        for operationClass in plan.timedClasses {
            classes[operationClass] = .init(
                operations: plan.stepCounts[operationClass] ?? 0, nanoseconds: nanoseconds[operationClass] ?? 0)
        }
        return RepetitionMeasurement(classes: classes, counters: counters, failures: failures)
    }

    // MARK: Allocations

    /// Replays the trace once, counting the allocations of every step.
    ///
    /// Each step runs inside ``LayoutBenchMetrics/AllocationCounter/measure(_:)``,
    /// whose cache flushes would perturb timing: this pass is never timed.
    public func countAllocations(with counter: AllocationCounter) -> [OperationClass: AllocationSummary] {
        var session = makeSession()
        var perStep: [OperationClass: [AllocationSnapshot]] = [:]
        let operations = trace.operations
        for step in plan.steps {
            var index = step.operations.lowerBound
            let end = step.operations.upperBound
            var allocations = AllocationSnapshot()
            while index < end {
                index = session.declare(operations, from: index, to: end)
                guard index < end else { break }
                index = session.compile(operations, from: index, to: end)
                let count = session.compiled.count
                allocations = allocations + counter.measure { _ = session.execute(0..<count) }.allocations
            }
            if step.operationClass != .variable {
                perStep[step.operationClass, default: []].append(allocations)
            }
        }
        return perStep.mapValues(AllocationSummary.init)
    }

    // MARK: Verification

    /// Replays the trace once and reads values: at every read, at the last read,
    /// and at the end; records which operations failed and the value each edit
    /// started from.
    public func verify() -> VerificationResult {
        var session = makeSession()
        var result = VerificationResult()
        for (line, operation) in trace.operations {
            if case .variable(_, let name) = operation {
                session.variables.append(session.solver.makeVariable(name))
                continue
            }
            if case .addEdit(let variable, _) = operation {
                result.editStartValues.append(.init(line: line, value: session.solver.value(of: session.variables[variable])))
            }
            let compiled = session.compile(operation)
            do {
                try Session.execute(compiled, on: session.solver)
            } catch {
                result.failedLines.append(line)
                result.failureCodes.append(error.code)
                if case .unsatisfiableBatch(let details) = error {
                    // Adds the batch's verification found unsatisfiable are removed, and
                    // conflicting constant changes rolled back: name both.
                    func ids(removed: Bool) -> [Int] {
                        details.compactMap { detail -> Int? in
                            guard (detail.operation == .add) == removed else { return nil }
                            return session.constraints.firstIndex { $0 === detail.constraint }
                        }
                    }
                    let (removed, rolledBack) = (ids(removed: true), ids(removed: false))
                    if !removed.isEmpty { result.batchRemovals.append(.init(line: line, ids: removed)) }
                    if !rolledBack.isEmpty { result.batchRollbacks.append(.init(line: line, ids: rolledBack)) }
                }
            }
            if case .read = operation {
                let values = session.variables.map(session.solver.value(of:))
                result.readChecksums.append(ValueChecksum(values))
                result.lastReadValues = values
            }
        }
        result.finalValues = session.variables.map(session.solver.value(of:))
        result.finalCounters = session.solver.counters
        return result
    }

    /// Replays the trace once, timing every operation on its own, and returns the slowest:
    /// its line and nanoseconds (line 0 when the trace has no operation). A single
    /// operation's time includes whatever verification or exact arbitration it triggered,
    /// which is what the oracle's soak bounds (docs/oracle.md).
    public func slowestOperation() -> (line: Int, nanoseconds: UInt64) {
        var session = makeSession()
        var slowest: (line: Int, nanoseconds: UInt64) = (0, 0)
        for (line, operation) in trace.operations {
            if case .variable(_, let name) = operation {
                session.variables.append(session.solver.makeVariable(name))
                continue
            }
            let compiled = session.compile(operation)
            let start = Timing.monotonicNanoseconds()
            _ = try? Session.execute(compiled, on: session.solver)
            let elapsed = Timing.monotonicNanoseconds() - start
            if elapsed > slowest.nanoseconds { slowest = (line, elapsed) }
        }
        return slowest
    }

    // MARK: Whole runs

    /// Verifies, warms up, times `repetitions` replays and (optionally) counts allocations.
    ///
    /// - Parameters:
    ///   - name: The name reports use.
    ///   - size: The workload size reports use.
    ///   - configuration: Repetitions, warm-up replays and whether to count allocations.
    ///   - allocationCounter: Required when `configuration.countAllocations` is set.
    /// - Throws: ``SolverBenchmarkError`` when the counters are not deterministic.
    public func run(
        name: String, size: Int, configuration: BenchmarkConfiguration, allocationCounter: AllocationCounter?
    ) throws(SolverBenchmarkError) -> TraceBenchmarkResult {
        precondition(!configuration.countAllocations || allocationCounter != nil, "counting allocations needs a counter")
        let verification = verify()
        for _ in 0..<configuration.warmup { _ = try runTimedRepetition() }
        var repetitions: [RepetitionMeasurement] = []
        for _ in 0..<configuration.repetitions { repetitions.append(try runTimedRepetition()) }
        let allocations = configuration.countAllocations ? allocationCounter.map(countAllocations(with:)) : nil
        return TraceBenchmarkResult(
            name: name, size: size, plan: plan, repetitions: repetitions, allocations: allocations,
            verification: verification)
    }
}
