// Batches: deferring optimization to one solve at the outermost end, and what that
// end does when the batch's changes conflict (docs/solver.md, "The exact arbiter").

extension Solver {
    /// Opens a batch: adds, removes and edits defer optimization until the
    /// matching ``endBatch()``, where one solve runs. Batches nest; only the
    /// outermost end solves. This is the role of NSISEngine's
    /// `withAutomaticOptimizationsDisabled`.
    public func beginBatch() {
        traceRecorder?.recordBeginBatch()
        if core.batchDepth == 0 { core.batchStartSequence = core.nextSequence }
        core.batchDepth += 1
    }

    /// Closes a batch; the outermost end runs one solve (primal simplex for
    /// structural and priority changes, then the deferred constant changes and the
    /// dual simplex).
    ///
    /// - Throws: ``SolverError/unsatisfiableBatch(_:)`` when deferred constant
    ///   changes of required constraints conflict (each such change is rolled back,
    ///   the others stay applied) or when verification finds required constraints the
    ///   batch added unsatisfiable (they are removed); one error names both.
    ///   ``SolverError/batchNotOpen`` without a batch.
    public func endBatch() throws(SolverError) {
        traceRecorder?.recordEndBatch()
        guard core.batchDepth > 0 else { throw .batchNotOpen }
        core.batchDepth -= 1
        guard core.batchDepth == 0 else { return }
        defer { checkInvariantsIfEnabled() }
        var rolledBack: [UnsatisfiableConstraint] = []
        do {
            try finishBatch()
        } catch .unsatisfiableBatch(let failures) {
            rolledBack = failures
        } catch {
            try settle(nil, adding: true) { _ in }
            throw error
        }
        // Whether double precision's verdicts here are asked again exactly (settling clears suspicion).
        let verified = core.needsVerification
        do {
            try settle(nil, adding: true) { _ in }
        } catch .unsatisfiableBatch(let removed) {
            // A change rolled back while an add that verification then removed was
            // installed may have conflicted with that add alone: it is asked again.
            throw .unsatisfiableBatch(reapplying(rolledBack) + removed)
        }
        guard !rolledBack.isEmpty else { return }
        // Refused in double precision; where that cannot decide, each is asked again
        // through the exact arbiter, one at a time.
        let refused = verified ? reapplying(rolledBack) : rolledBack
        if !refused.isEmpty { throw .unsatisfiableBatch(refused) }
    }

    /// Applies rolled-back constant changes again, one at a time, as ``updateConstant(of:to:)``
    /// would (not recorded in a trace: the batch's end is).
    ///
    /// - Returns: The changes that are still refused.
    private func reapplying(_ rolledBack: [UnsatisfiableConstraint]) -> [UnsatisfiableConstraint] {
        rolledBack.compactMap { failure -> UnsatisfiableConstraint? in
            guard case .updateConstant(let old, let constant) = failure.operation,
                let slot = try? installedSlot(of: failure.constraint)
            else { return failure }
            let constraint = failure.constraint
            do throws(SolverError) {
                let settled = try changeConstant(slot: slot, constraint: constraint, to: constant)
                if !settled { try settle(constraint, changing: (old, constant)) { _ in constraint.constant = old } }
                return nil
            } catch .unsatisfiable(let again) {
                return again
            } catch {
                return failure
            }
        }
    }

    /// Runs `body` in a batch. The batch ends (and solves) even when `body` throws.
    public func batch<Result>(_ body: () throws -> Result) throws -> Result {
        beginBatch()
        let result: Result
        do {
            result = try body()
        } catch {
            try? endBatch()
            throw error
        }
        try endBatch()
        return result
    }

    /// Whether a batch is open.
    public var isBatching: Bool { core.batchDepth > 0 }

    private func finishBatch() throws(SolverError) {
        let hasShifts = !core.pendingShiftSlots.isEmpty
        guard core.structuralChangePending || hasShifts else { return }
        core.counters.solves &+= 1
        if _slowPath(_injectedWorkPerCellUpdate > 0) { performInjectedWork() }
        if core.structuralChangePending {
            core.structuralChangePending = false
            core.optimizeObjective()
        }
        guard hasShifts else { return }
        let slots = core.pendingShiftSlots
        core.pendingShiftSlots.removeAll(keepingCapacity: true)
        var pending: [(slot: Int32, delta: Double)] = []
        for slot in slots where core.records[Int(slot)].pendingListed {
            pending.append((slot, core.records[Int(slot)].pendingDelta))
            core.records[Int(slot)].pendingListed = false
            core.records[Int(slot)].pendingDelta = 0
        }
        // Fast path: all changes at once, one dual simplex. Only changes to required
        // constraints can fail; record the undo log when there are any.
        let fallible = pending.contains { core.records[Int($0.slot)].priority >= 1000 }
        if fallible { core.beginUndo() }
        var dummyFailure = false
        for change in pending where change.delta != 0 {
            if core.applyShift(slot: change.slot, delta: change.delta) >= 0 { dummyFailure = true }
        }
        if !dummyFailure && core.optimizeFeasibility() < 0 {
            if fallible { core.commitUndo() }
            return
        }
        // Non-required changes cannot conflict in exact arithmetic: what the dual
        // simplex could not absorb is rounding, which verification repairs (`settle`).
        guard fallible else {
            core.numerics.suspect = true
            return
        }
        // Slow path: restore the tableau, then apply the changes one by one to find
        // which conflict; those are rolled back and reported.
        core.rollBackUndo()
        var failures: [UnsatisfiableConstraint] = []
        for change in pending where change.delta != 0 {
            guard let conflicts = core.changeConstant(slot: change.slot, by: change.delta),
                let constraint = core.records[Int(change.slot)].constraint
            else { continue }
            let attempted = constraint.constant
            constraint.constant = attempted - change.delta
            failures.append(
                UnsatisfiableConstraint(
                    constraint: constraint, conflicts: conflicts.map(constraint(inSlot:)),
                    operation: .updateConstant(from: attempted - change.delta, to: attempted)))
        }
        if !failures.isEmpty {
            throw .unsatisfiableBatch(failures)
        }
    }
}
