import Synchronization

/// An incremental, instrumented Cassowary constraint solver with lexicographic
/// priorities.
///
/// The algorithm is Cassowary (Badros, Borning & Stuckey, "The Cassowary linear
/// arithmetic constraint solving algorithm", ACM TOCHI 8(4), 2001): the tableau is
/// kept in augmented simplex form; marker variables make removal incremental;
/// error variables measure the violation of non-required constraints; the primal
/// simplex optimizes after structural changes and the dual simplex restores
/// feasibility after constant changes and edit suggestions.
///
/// Priorities follow Auto Layout: 1...1000, 1000 required, and strictly
/// lexicographic (see ``Priority``). Every operation updates ``counters``.
///
/// ```swift
/// let solver = Solver()
/// let left = solver.makeVariable("left"), right = solver.makeVariable("right")
/// try solver.add(right - left >= 100)
/// try solver.add((left == 0).prioritized(750))
/// try solver.add((right == 80).prioritized(250))
/// solver.value(of: right) // 100: the 750 constraint holds, the 250 one gives way
/// ```
///
/// A solver is not thread-safe; use it from one thread at a time.
public final class Solver {
    /// The tableau. Exclusivity is not checked at run time: a solver is used from one
    /// thread, and no solver method lets client code run while it accesses `core`
    /// (the checks cost a runtime call per access on every operation).
    @exclusivity(unchecked) var core = SolverCore()

    /// The identity of this solver, carried by its variables (a new one after
    /// ``discardAll()``). Read on every validation, never written while an operation runs.
    @exclusivity(unchecked) public private(set) var tag: UInt32

    private static let nextTag = Atomic<UInt32>(1)

    /// Receives every operation, before it runs, while set (trace recording:
    /// `SolverTraceRecorder` in `CassowaryTrace`). See ``SolverRecorder``.
    @exclusivity(unchecked) public var traceRecorder: (any SolverRecorder)? {
        didSet { traceRecorder?.attach(to: self) }
    }

    public init() {
        tag = Self.nextTag.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    // MARK: - Variables

    /// Makes a new unrestricted variable.
    ///
    /// - Parameter name: A name for dumps, traces and conflict reports.
    /// - Complexity: O(1) amortized.
    public func makeVariable(_ name: String = "") -> Variable {
        let symbol = core.makeSymbol(.external, owner: -1)
        core.names[Int(symbol)] = name
        let variable = Variable(id: symbol, solverTag: tag)
        traceRecorder?.recordVariable(variable, name: name)
        return variable
    }

    /// The name given to a variable (or `v<id>` when it has none).
    public func name(of variable: Variable) -> String {
        let name = core.names[Int(variable.id)]
        return name.isEmpty ? "v\(variable.id)" : name
    }

    // MARK: - Constraints

    /// Adds a constraint and, outside a batch, solves.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:)`` when a required constraint
    ///   conflicts with installed required constraints (the error names them), and
    ///   the errors for a duplicate, foreign or non-finite constraint. A failed add
    ///   leaves the solver as it was: same constraints, same basis, same values.
    /// - Complexity: Substitution visits only the rows holding the substituted
    ///   symbols; an unrelated block of constraints costs nothing.
    public func add(_ constraint: Constraint) throws(SolverError) {
        if let traceRecorder, constraint.terms.allSatisfy({ owns($0.variable) }) { traceRecorder.recordAdd(constraint) }
        try validateForAdd(constraint)
        if let conflicts = core.install(constraint) {
            // Refused in double precision; where that cannot decide, the exact arbiter does.
            var exactConflicts: [Constraint] = []
            switch core.arbitrate(constraint, adding: true, conflicts: &exactConflicts) {
            case true?:
                // Installed with the arbiter's exact solution: nothing is left to verify.
                core.counters.constraintsAdded &+= 1
                constraint.ownerTag = tag
                core.counters.solves &+= 1
                checkInvariantsIfEnabled()
                return
            case false?:
                throw .unsatisfiable(
                    UnsatisfiableConstraint(constraint: constraint, conflicts: exactConflicts, operation: .add))
            case nil:
                throw .unsatisfiable(
                    UnsatisfiableConstraint(
                        constraint: constraint, conflicts: conflicts.map(constraint(inSlot:)), operation: .add))
            }
        }
        constraint.ownerTag = tag
        solveAfterStructuralChange()
        try settle(constraint, adding: true) {
            $0.core.forget(constraint)
        }
        checkInvariantsIfEnabled()
    }

    /// Adds constraints in one batch: one solve at the end.
    ///
    /// - Throws: The first error; constraints before the failing one stay added,
    ///   those after it are not attempted.
    public func add(_ constraints: [Constraint]) throws(SolverError) {
        try inOneBatch(constraints, add)
    }

    /// Removes an installed constraint and, outside a batch, solves.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not installed here.
    /// - Complexity: One pivot at most, touching the rows that hold the constraint's marker.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        traceRecorder?.recordRemove(constraint)
        let slot = try installedSlot(of: constraint)
        if core.records[Int(slot)].editedVariable >= 0 {
            // Edit constraints are removed through removeEditVariable.
            throw .unknownConstraint(constraint)
        }
        core.uninstall(slot: slot)
        constraint.ownerTag = 0
        solveAfterStructuralChange()
        try settle(constraint) {
            _ = $0.core.allocateSlot(for: constraint)
            constraint.ownerTag = $0.tag
        }
        checkInvariantsIfEnabled()
    }

    /// Removes constraints in one batch: one solve at the end.
    public func remove(_ constraints: [Constraint]) throws(SolverError) {
        try inOneBatch(constraints, remove)
    }

    /// Applies `operation` to each constraint inside one batch, stopping at the first error
    /// (the batch still ends, solving what was done, before the error is thrown).
    private func inOneBatch(
        _ constraints: [Constraint], _ operation: (Constraint) throws(SolverError) -> Void
    ) throws(SolverError) {
        beginBatch()
        do {
            for constraint in constraints { try operation(constraint) }
        } catch {
            try? endBatch()
            throw error
        }
        try endBatch()
    }

    /// Whether the constraint is installed in this solver.
    ///
    /// - Complexity: O(1).
    public func contains(_ constraint: Constraint) -> Bool {
        constraint.slot >= 0 && constraint.ownerTag == tag
    }

    /// The number of installed constraints, including those behind edit variables.
    public var constraintCount: Int { core.installedCount }

    /// The installed constraints (not those behind edit variables), in the order they were added.
    public var constraints: [Constraint] {
        core.records
            .filter { $0.constraint != nil && $0.editedVariable < 0 }
            .sorted { $0.sequence < $1.sequence }
            .compactMap(\.constraint)
    }

    /// Changes an installed constraint's constant in place: the `.constant` path
    /// of Auto Layout, with no remove and re-add.
    ///
    /// Outside a batch the dual simplex restores feasibility at once; inside a
    /// batch the change is applied when the batch ends.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:)`` when a required constraint
    ///   cannot take the new constant (the change is rolled back);
    ///   ``SolverError/unknownConstraint(_:)``.
    /// - Complexity: O(rows holding the constraint's marker) plus the dual pivots
    ///   the change causes; independent of the size of the system.
    public func updateConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
        traceRecorder?.recordUpdateConstant(constraint, constant: constant)
        let slot = try installedSlot(of: constraint)
        guard constant.isFinite else { throw .nonFiniteValue(what: "constant", value: constant) }
        core.counters.constantUpdates &+= 1
        let old = constraint.constant
        let settled = try changeConstant(slot: slot, constraint: constraint, to: constant)
        if !settled { try settle(constraint, changing: (old, constant)) { _ in constraint.constant = old } }
        checkInvariantsIfEnabled()
    }

    /// Changes the priority of an installed non-required constraint in place: its
    /// error terms move to the new priority level and the objective is re-optimized.
    ///
    /// - Throws: ``SolverError/requiredPriorityMutation(_:from:to:)`` when the
    ///   change crosses between required and non-required (the Auto Layout rule);
    ///   ``SolverError/unknownConstraint(_:)``.
    /// - Complexity: O(length of the constraint's error rows) plus the pivots of the re-optimization.
    public func updatePriority(of constraint: Constraint, to priority: Priority) throws(SolverError) {
        traceRecorder?.recordUpdatePriority(constraint, priority: priority)
        let slot = try installedSlot(of: constraint)
        let current = constraint.priority
        guard current.isRequired == priority.isRequired else {
            throw .requiredPriorityMutation(constraint, from: current, to: priority)
        }
        core.counters.priorityUpdates &+= 1
        guard current != priority else { return }
        core.changePriority(slot: slot, to: priority.value)
        constraint.priority = priority
        solveAfterStructuralChange()
        try settle(constraint) { _ in constraint.priority = current }
        checkInvariantsIfEnabled()
    }

    // MARK: - Edit variables

    /// Makes `variable` editable at a non-required priority: an equality pulling
    /// it toward suggested values. It starts at the variable's current value.
    ///
    /// - Throws: ``SolverError/requiredEditVariable(_:name:)`` for priority 1000,
    ///   ``SolverError/duplicateEditVariable(_:name:)``.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try validate(variable)
        traceRecorder?.recordAddEdit(variable, priority: priority)
        guard !priority.isRequired else { throw .requiredEditVariable(variable, name: name(of: variable)) }
        guard core.symbols[variable.id].edit < 0 else {
            throw .duplicateEditVariable(variable, name: name(of: variable))
        }
        let start = core.currentValue(variable.id)
        let constraint = Constraint(
            LinearExpression(terms: [Term(variable)], constant: -start), .equal,
            priority: priority, label: "edit(\(name(of: variable)))")
        _ = core.install(constraint)  // non-required: cannot fail
        constraint.ownerTag = tag
        core.records[Int(constraint.slot)].editedVariable = variable.id
        core.symbols[variable.id].edit = constraint.slot
        core.editCount += 1
        core.counters.editVariablesAdded &+= 1
        solveAfterStructuralChange()
        try settle(constraint) {
            $0.core.forget(constraint)
        }
        checkInvariantsIfEnabled()
    }

    /// Removes the edit of `variable`.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:name:)``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try validate(variable)
        traceRecorder?.recordRemoveEdit(variable)
        let slot = core.symbols[variable.id].edit
        guard slot >= 0 else { throw .unknownEditVariable(variable, name: name(of: variable)) }
        let constraint = core.records[Int(slot)].constraint
        core.symbols[variable.id].edit = -1
        core.uninstall(slot: slot)
        constraint?.ownerTag = 0
        core.editCount -= 1
        core.counters.editVariablesRemoved &+= 1
        solveAfterStructuralChange()
        if let constraint {
            try settle(constraint) {
                let slot = $0.core.allocateSlot(for: constraint)
                $0.core.records[Int(slot)].editedVariable = variable.id
                constraint.ownerTag = $0.tag
            }
        }
        checkInvariantsIfEnabled()
    }

    /// Whether `variable` has an edit.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        variable.solverTag == tag && core.symbols[variable.id].edit >= 0
    }

    /// Suggests a value for an edit variable; outside a batch, re-solves with the
    /// dual simplex.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:name:)``.
    /// - Complexity: O(rows holding the edit's marker) plus the dual pivots; an
    ///   edit in one independent block does not visit the others.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try validate(variable)
        traceRecorder?.recordSuggest(variable, value: value)
        guard value.isFinite else { throw .nonFiniteValue(what: "suggested value", value: value) }
        let slot = core.symbols[variable.id].edit
        guard slot >= 0, let constraint = core.records[Int(slot)].constraint else {
            throw .unknownEditVariable(variable, name: name(of: variable))
        }
        core.counters.editSuggestions &+= 1
        // The edit reads  variable - value = 0.
        let old = constraint.constant
        try changeConstant(slot: slot, constraint: constraint, to: -value)
        try settle(constraint) { _ in constraint.constant = old }
        checkInvariantsIfEnabled()
    }

    // MARK: - Values

    /// The value of a variable in the current solution.
    ///
    /// A read that refreshes values is recorded in a trace as a `read`, so that a
    /// replay counts the same ``SolverCounters/variablesChanged``.
    ///
    /// - Complexity: Amortized O(variables changed since the last read): reading
    ///   refreshes only the variables whose rows changed.
    public func value(of variable: Variable) -> Double {
        precondition(variable.solverTag == tag, "value(of:): variable made by another solver")
        if let traceRecorder, !core.dirty.isEmpty { traceRecorder.recordRead() }
        core.refreshValues()
        return core.symbols[variable.id].value
    }

    /// Calls `body` with every variable whose value changed since the last call
    /// (or since the solver was made), and its new value; then forgets them.
    ///
    /// - Complexity: O(variables changed).
    public func forEachChangedVariable(_ body: (Variable, Double) -> Void) {
        traceRecorder?.recordRead()
        core.refreshValues()
        for index in 0..<core.changed.count {
            let symbol = core.changed[index]
            core.symbols[symbol].inChangedList = false
            body(Variable(id: symbol, solverTag: tag), core.symbols[symbol].value)
        }
        core.changed.removeAll()
    }

    /// The variables whose value changed since the last call, and forgets them.
    public func takeChangedVariables() -> [Variable] {
        var result: [Variable] = []
        forEachChangedVariable { variable, _ in result.append(variable) }
        return result
    }

    /// A copy of the counters.
    public var counters: SolverCounters { core.counters }

    /// Forgets every constraint and variable at once and returns the tableau's memory, as
    /// releasing the solver would, but keeps ``counters`` and ``numericalRepairs``: no work
    /// is done or counted, and the gauges (``SolverCounters/rowsLive`` and the other two)
    /// read 0. Each constraint is no longer installed (it may be added to
    /// another solver); each variable made so far belongs to no solver (using one is
    /// ``SolverError/foreignVariable(_:)``). For an owner that drops its solver whole and
    /// still reports the work it did, as a layout engine that UIKit releases does.
    ///
    /// - Precondition: No batch is open.
    /// - Complexity: O(*c*) for *c* installed constraints.
    public func discardAll() {
        precondition(core.batchDepth == 0, "discardAll() inside a batch")
        for index in 0..<core.records.count {
            guard let constraint = core.records[index].constraint else { continue }
            constraint.slot = -1
            constraint.ownerTag = 0
        }
        var counters = core.counters
        counters.rowsLive = 0
        counters.columnsLive = 0
        counters.objectiveLevelsLive = 0
        let repairs = core.numerics.repairs
        let checksEnabled = core.checksEnabled
        core = SolverCore()
        core.counters = counters
        core.numerics.repairs = repairs
        core.checksEnabled = checksEnabled
        tag = Self.nextTag.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// How often this solver met and repaired numerical trouble (docs/solver.md).
    /// All zero on well-scaled systems.
    public var numericalRepairs: NumericalRepairs { core.numerics.repairs }

    // MARK: - Injected work (testing performance gates)

    /// Deliberate extra work per solve, for testing performance gates (`--inject-work N`,
    /// docs/ci.md): when above 0, every solve first runs `N` steps of a xorshift generator
    /// per cell update the solver made since the previous solve (and `N` more), so the extra
    /// work follows the tableau work. Values, counters and allocations are unchanged; only
    /// instructions and time grow. Not API (the `Testing` SPI): 0 (off) everywhere but in gate tests.
    /// Read once per solve, so its exclusivity is not checked at run time, like `core`'s.
    @_spi(Testing) @exclusivity(unchecked) public var _injectedWorkPerCellUpdate = 0
    /// The cell updates counted at the previous injection.
    @exclusivity(unchecked) private var injectedWorkMark = 0
    /// The generator's state, kept so that the work cannot be optimized away.
    @_spi(Testing) @exclusivity(unchecked) public private(set) var _injectedWorkState: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(never)
    func performInjectedWork() {
        let cellUpdates = core.counters.cellUpdates
        let steps = (max(0, cellUpdates - injectedWorkMark) + 1).multipliedReportingOverflow(by: _injectedWorkPerCellUpdate)
        injectedWorkMark = cellUpdates
        var state = _injectedWorkState
        for _ in 0..<(steps.overflow ? Int.max : steps.partialValue) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        _injectedWorkState = state
    }

    // MARK: - Internals

    @inline(__always)
    func checkInvariantsIfEnabled() {
        #if CASSOWARY_INTERNAL_CHECKS
            if core.checksEnabled { core.checkInvariants() }
        #endif
    }

    private func solveAfterStructuralChange() {
        if core.batchDepth == 0 {
            core.counters.solves &+= 1
            if _slowPath(_injectedWorkPerCellUpdate > 0) { performInjectedWork() }
            core.optimizeObjective()
        } else {
            core.structuralChangePending = true
        }
    }

    /// - Returns: Whether the exact arbiter settled the change (the caller then has nothing to verify).
    @discardableResult
    func changeConstant(slot: Int32, constraint: Constraint, to constant: Double) throws(SolverError) -> Bool {
        let old = constraint.constant
        let delta = constant - old
        guard delta != 0 else { return false }
        constraint.constant = constant
        if core.batchDepth > 0 {
            core.records[Int(slot)].pendingDelta += delta
            if !core.records[Int(slot)].pendingListed {
                core.records[Int(slot)].pendingListed = true
                core.pendingShiftSlots.append(slot)
            }
            return false
        }
        core.counters.solves &+= 1
        if _slowPath(_injectedWorkPerCellUpdate > 0) { performInjectedWork() }
        if let conflicts = core.changeConstant(slot: slot, by: delta) {
            // Refused in double precision; where that cannot decide, the exact arbiter does.
            var exactConflicts: [Constraint] = []
            let verdict = core.arbitrate(constraint, adding: false, conflicts: &exactConflicts)
            if verdict == true { return true }
            constraint.constant = old
            throw .unsatisfiable(
                UnsatisfiableConstraint(
                    constraint: constraint,
                    conflicts: verdict == false ? exactConflicts : conflicts.map(constraint(inSlot:)),
                    operation: .updateConstant(from: old, to: constant)))
        }
        return false
    }

    func constraint(inSlot slot: Int32) -> Constraint {
        core.records[Int(slot)].constraint!
    }

    func installedSlot(of constraint: Constraint) throws(SolverError) -> Int32 {
        guard constraint.slot >= 0 else { throw .unknownConstraint(constraint) }
        guard constraint.ownerTag == tag else { throw .constraintInAnotherSolver(constraint) }
        return constraint.slot
    }

    /// Whether `variable` is one of this solver's. A trace records no operation on another
    /// solver's variables (a replay could not name them); the operation still fails.
    private func owns(_ variable: Variable) -> Bool {
        variable.solverTag == tag && variable.id >= 0 && Int(variable.id) < core.symbols.count
            && core.symbols[variable.id].kind == .external
    }

    private func validate(_ variable: Variable) throws(SolverError) {
        guard owns(variable) else { throw .foreignVariable(variable) }
    }

    private func validateForAdd(_ constraint: Constraint) throws(SolverError) {
        if constraint.slot >= 0 {
            throw constraint.ownerTag == tag ? .duplicateConstraint(constraint) : .constraintInAnotherSolver(constraint)
        }
        guard constraint.constant.isFinite else {
            throw .nonFiniteValue(what: "constant of \(constraint)", value: constraint.constant)
        }
        for term in constraint.terms {
            try validate(term.variable)
            guard term.coefficient.isFinite else {
                throw .nonFiniteValue(what: "coefficient in \(constraint)", value: term.coefficient)
            }
        }
    }
}
