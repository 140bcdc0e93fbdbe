import Cassowary

// Breaking constraints: what the engine does when the solver refuses a required constraint
// (docs/break-rule.md).

extension LayoutEngine {
    // MARK: - Breaking constraints

    /// Resolves a conflict the way UIKit does: one of the mutually exclusive constraints is
    /// broken (made non-required, at ``LayoutPriority/broken``), chosen by
    /// ``constraintToBreak(among:)`` (docs/break-rule.md) from a minimal conflicting set that
    /// does not depend on the order of activation (``mutuallyExclusiveConstraints(refusing:explanation:)``);
    /// the layout goes on, and a report is logged and sent to the break observers.
    ///
    /// `constraint` is the required constraint the solver refused (not installed). When the
    /// rule picks another one, that one is broken and `constraint` is added again as required;
    /// if it still conflicts, the next conflict is resolved the same way, as seed 004 describes
    /// UIKit: "It breaks one of the conflicting constraints and checks the layout. The system
    /// continues to break constraints until it finds a valid layout."
    ///
    /// A constant change the solver refused breaks the changed constraint itself
    /// (`choosing == false`): the app's newest request gives way, the rest of the layout stays.
    func breakConstraint(_ constraint: LayoutConstraint, conflicts: [Constraint], choosing requested: Bool = true) {
        // ``BreakRule/refusedConstraint``: whether it conflicts is all the caller asks.
        let choosing = requested && _breakRule != .refusedConstraint
        // The rule chooses among the mutually exclusive constraints, found whatever the order
        // the constraints were added in (LayoutEngine+ConflictSet.swift).
        let exclusive =
            choosing
            ? constraint.solverConstraint.map { mutuallyExclusiveConstraints(refusing: $0, explanation: conflicts) }
                ?? conflicts
            : conflicts
        let conflicting = exclusive.compactMap(layoutConstraint(for:))
        let candidates = conflicting + [constraint]
        let victim: LayoutConstraint
        if choosing {
            let eligible = candidates.filter { $0 === constraint || ($0.engine === self && !$0.isBroken) }
            // Rule 2 asks the solver what the rest would make of a pinned fixed size.
            let stretched = _breakRule == .uikit ? stretchedSizes(among: eligible, refusing: constraint) : []
            victim = Self.constraintToBreak(among: eligible, rule: _breakRule, stretched: stretched)
        } else {
            victim = constraint
        }
        let report = UnsatisfiableConstraintsReport(
            constraints: candidates, brokenConstraint: victim, pass: passCount, frame: frameCount)
        if victim !== constraint, let installed = victim.solverConstraint, solver.contains(installed) {
            try? solver.remove(installed)
            installBroken(victim)
            announce(report)
            installResolvingConflicts(constraint)
            return
        }
        installBroken(constraint)
        announce(report)
    }

    /// Marks `constraint` broken and installs a new solver constraint for it at
    /// ``LayoutPriority/broken`` (non-required: the add cannot fail).
    private func installBroken(_ constraint: LayoutConstraint) {
        constraint.isBroken = true
        let broken = constraint.makeSolverConstraint(priority: .broken)
        constraint.solverConstraint = broken
        try? solver.add(broken)
    }

    /// Installs a new solver constraint for `constraint` at its own priority; a conflict is
    /// resolved by breaking one (``breakConstraint(_:conflicts:choosing:)``).
    private func installResolvingConflicts(_ constraint: LayoutConstraint) {
        let solverConstraint = constraint.makeSolverConstraint(priority: constraint.priority)
        constraint.solverConstraint = solverConstraint
        do {
            try solver.add(solverConstraint)
        } catch {
            if case .unsatisfiable(let detail) = error {
                breakConstraint(constraint, conflicts: detail.conflicts)
            }
        }
    }

    /// Adds again, in the order they were made, the required constraints the solver refused
    /// inside the batch that is ending, and resolves each conflict that remains
    /// (``breakConstraint(_:conflicts:choosing:)``).
    ///
    /// Which constraint of an `activate([...])` array the solver refuses, and what was
    /// installed when it did, depend on the array's order: the constraints after it were not
    /// there yet, so the conflict found could be a partial one (a guide's definitions against
    /// its view's imposed size, before the app's constraints that UIKit's log names). Added
    /// again at the end, each meets the whole batch, so the mutually exclusive set and the
    /// constraint broken do not depend on the order.
    func resolveRefusedInBatch() {
        // A break observer that activates constraints adds to the list while it is resolved.
        while !refusedInBatch.isEmpty {
            // Taken out whole, so that the list's accesses span no call (EngineList.swift).
            var refused: [LayoutConstraint] = []
            swap(&refused, &refusedInBatch)
            refused.sort { $0.serial < $1.serial }
            for constraint in refused where constraint.engine === self && !constraint.isBroken {
                // Deactivated and activated again inside the batch: already installed.
                if let installed = constraint.solverConstraint, solver.contains(installed) { continue }
                installResolvingConflicts(constraint)
            }
        }
    }

    func announce(_ report: UnsatisfiableConstraintsReport) {
        _brokenConstraintCount += 1
        _logHandler?(report.message)
        record(issue: .unsatisfiable(report))
        for observer in breakObservers { observer.handler(report) }
        announceToProcess(report)
        if eventSink != nil {
            emit(.constraintBroken, constraint: report.brokenConstraint, cost: SolverCounters(), report: report)
        }
    }

    /// A constant change that a required constraint cannot take: the solver rolled it
    /// back; the constraint is broken and re-added with the new constant.
    func breakAfterConstantConflict(_ detail: UnsatisfiableConstraint) {
        guard let constraint = layoutConstraint(for: detail.constraint) else { return }
        try? solver.remove(detail.constraint)
        let changedConstant = if case .updateConstant = detail.operation { true } else { false }
        breakConstraint(constraint, conflicts: detail.conflicts, choosing: !changedConstant)
    }
}
