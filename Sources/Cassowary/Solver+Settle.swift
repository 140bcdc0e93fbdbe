// Settling a public operation: verification, repair, and the verdict when repair
// finds the operation itself at fault (docs/solver.md, "Verification and repair" and
// "The exact arbiter").

extension Solver {
    /// Verifies the state after a public operation when the solver is suspect or its
    /// coefficients span a wide range, repairing it (objective refresh, then a rebuild
    /// of the tableau). When even the rebuilt tableau does not verify, `restore` puts
    /// the installed constraints back as they were before the operation, the tableau
    /// is rebuilt from them, and the operation is refused. An add whose constraint the
    /// rebuild cannot reinstall is refused as unsatisfiable instead; at the end of a
    /// batch, every constraint the rebuild could not reinstall is removed and named.
    ///
    /// - Throws: ``SolverError/numericalInstability(_:)``, ``SolverError/unsatisfiable(_:)``
    ///   or ``SolverError/unsatisfiableBatch(_:)``.
    func settle(
        _ constraint: Constraint?, adding: Bool = false, changing: (from: Double, to: Double)? = nil,
        restore: (Solver) -> Void
    ) throws(SolverError) {
        guard core.batchDepth == 0, core.needsVerification else { return }
        var refusals: [RebuildRefusal] = []
        if core.verifyAndRepair(refused: &refusals, last: constraint) { return }
        // Reinstalled from scratch, required first, the tableau found the constraint
        // being added unsatisfiable, or, at the end of a batch, constraints it could
        // not reinstall: that is the verdict, not numerical trouble. A batch's changes
        // stay, so whatever the rebuild dropped is named in the error, never lost.
        let details = refusals.map {
            UnsatisfiableConstraint(constraint: $0.constraint, conflicts: $0.conflicts, operation: .add)
        }
        var again: [RebuildRefusal] = []
        if adding, constraint == nil, !refusals.isEmpty {
            for refusal in refusals { refusal.constraint.ownerTag = 0 }
            if !core.rebuildTableau(refused: &again) { core.numerics.repairs.refusals &+= 1 }
            throw .unsatisfiableBatch(details)
        }
        if let constraint, refusals.count == 1, refusals[0].constraint === constraint, adding || changing != nil {
            // The add or the constant change is what the required constraints exclude:
            // undone, the others reinstalled, it is refused as unsatisfiable.
            if adding { constraint.ownerTag = 0 }
            restore(self)
            if core.rebuildTableau(refused: &again) {
                if let changing {
                    throw .unsatisfiable(
                        UnsatisfiableConstraint(
                            constraint: constraint, conflicts: refusals[0].conflicts,
                            operation: .updateConstant(from: changing.from, to: changing.to)))
                }
                throw .unsatisfiable(details[0])
            }
            core.numerics.repairs.refusals &+= 1
            throw .numericalInstability(NumericalInstability(constraint: constraint))
        }
        restore(self)
        _ = core.rebuildTableau(refused: &again)
        core.numerics.repairs.refusals &+= 1
        throw .numericalInstability(NumericalInstability(constraint: constraint))
    }
}
