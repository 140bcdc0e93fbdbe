// In-place updates of an installed constraint: its constant (a shift of its row's
// constant through its marker's column, then a dual optimization) and its priority.

extension SolverCore {
    // MARK: Constants

    /// Shifts the tableau for a change of `delta` in a constraint's constant.
    ///
    /// With marker m entering the original row with coefficient mu, changing the
    /// constant by delta is the substitution m -> m' + delta/mu: every row holding
    /// the parametric marker moves its constant by coefficient * delta/mu, or the
    /// marker's own row moves by -delta/mu when it is basic. Only the rows in the
    /// marker's column are visited.
    ///
    /// - Returns: -1, or a row whose basic dummy symbol became nonzero (a required
    ///   equality that can no longer hold; the shift is still complete).
    mutating func applyShift(slot: Int32, delta: Double) -> Int32 {
        // The two fields, not the record: a copy of it retains and releases its constraint.
        let marker = records[Int(slot)].marker
        let shift = delta / records[Int(slot)].markerCoefficient
        var failing: Int32 = -1
        let basicRow = symbols[marker].row
        if basicRow >= 0 {
            willModify(basicRow)
            let constant = Self.sum(rows[basicRow].constant, -shift)
            rows[basicRow].constant = constant
            counters.rowConstantUpdates &+= 1
            noteRowChanged(basicRow)
            if symbols[marker].kind == .dummy
                && abs(constant) > Self.feasibilityTolerance * max(ownerMagnitude(marker), abs(shift))
            {
                failing = basicRow
            }
            return failing
        }
        let info = symbols[marker]
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            let row = element.row
            let coefficient = rows[row].entries[Int(element.entry)].coefficient
            willModify(row)
            if _slowPath(recordingUndo) && rows[row].kind == .objective {
                logObjective(.constant, row: row, value: rows[row].constant)
            }
            let constant = Self.sum(rows[row].constant, coefficient * shift)
            rows[row].constant = constant
            counters.rowConstantUpdates &+= 1
            guard rows[row].kind == .constraint else { continue }
            noteRowChanged(row)
            if symbols[rows[row].basic].kind == .dummy
                && abs(constant) > Self.feasibilityTolerance * max(ownerMagnitude(rows[row].basic), abs(coefficient * shift))
            {
                failing = row
            }
        }
        return failing
    }

    /// Changes an installed constraint's constant in place and restores feasibility.
    ///
    /// A non-required constraint's change always succeeds (its error absorbs any
    /// conflict), so only required ones record the undo log.
    ///
    /// - Returns: `nil`, or the conflicting required slots (the tableau is then
    ///   restored exactly).
    ///
    /// A non-required change that the dual simplex cannot absorb is impossible in exact
    /// arithmetic: the solver is marked suspect (verification then refreshes or
    /// rebuilds the tableau) and the change is kept.
    mutating func changeConstant(slot: Int32, by delta: Double) -> [Int32]? {
        let fallible = records[Int(slot)].priority >= 1000
        if fallible { beginUndo() }
        let dummyRow = applyShift(slot: slot, delta: delta)
        let failing = dummyRow >= 0 ? dummyRow : optimizeFeasibility()
        guard failing >= 0 else {
            if fallible { commitUndo() }
            return nil
        }
        guard fallible else {
            numerics.suspect = true
            return nil
        }
        let conflicts = requiredOwners(ofRow: failing, includingBasic: true, excluding: slot)
        rollBackUndo()
        counters.unsatisfiableDetections &+= 1
        return conflicts
    }

    // MARK: Priorities

    /// Moves a non-required constraint's error terms to another priority level.
    mutating func changePriority(slot: Int32, to priority: Float) {
        let (oldPriority, weight) = (records[Int(slot)].priority, records[Int(slot)].weight)
        let oldObjective = objectiveRow(for: oldPriority)
        retainLevel(priority)
        let newObjective = objectiveRow(for: priority)
        let (first, second) = errorSymbols(of: slot)
        addObjectiveTerm(objective: oldObjective, symbol: first, weight: -weight)
        addObjectiveTerm(objective: newObjective, symbol: first, weight: weight)
        if second >= 0 {
            addObjectiveTerm(objective: oldObjective, symbol: second, weight: -weight)
            addObjectiveTerm(objective: newObjective, symbol: second, weight: weight)
        }
        releaseLevel(oldPriority)
        records[Int(slot)].priority = priority
    }
}
