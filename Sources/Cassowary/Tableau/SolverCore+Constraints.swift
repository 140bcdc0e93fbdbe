// Adding, removing and editing constraints: the incremental operations of
// Cassowary (Badros, Borning & Stuckey 2001, sections 4 and 5) on the tableau.

extension SolverCore {
    // MARK: Slots

    mutating func allocateSlot(for constraint: Constraint) -> Int32 {
        let record = ConstraintRecord(
            constraint: constraint, marker: -1, other: -1, markerCoefficient: 1,
            priority: constraint.priority.value, weight: constraint.weight, pendingDelta: 0,
            pendingListed: false, sequence: nextSequence, editedVariable: -1)
        nextSequence += 1
        if let slot = freeSlots.popLast() {
            records[Int(slot)] = record
            return slot
        }
        records.append(record)
        return Int32(records.count - 1)
    }

    mutating func freeSlot(_ slot: Int32) {
        records[Int(slot)].constraint = nil
        records[Int(slot)].marker = -1
        records[Int(slot)].other = -1
        records[Int(slot)].pendingListed = false
        records[Int(slot)].pendingDelta = 0
        records[Int(slot)].editedVariable = -1
        freeSlots.append(slot)
    }

    /// The error symbols of a non-required constraint (those in the objective).
    mutating func errorSymbols(of slot: Int32) -> (Int32, Int32) {
        let (priority, marker, other) = (records[Int(slot)].priority, records[Int(slot)].marker, records[Int(slot)].other)
        if priority >= 1000 { return (-1, -1) }
        if symbols[marker].kind == .error {
            return (marker, other)
        }
        return (other, -1)
    }

    // MARK: Adding

    /// Adds a constraint to the tableau (without optimizing).
    ///
    /// - Returns: `nil` on success, or the slots of the installed required
    ///   constraints that conflict with it; the tableau is then exactly as before.
    mutating func install(_ constraint: Constraint) -> [Int32]? {
        let slot = allocateSlot(for: constraint)
        let required = constraint.priority.isRequired
        noteCoefficients(of: constraint)
        let row = makeRow(kind: .constraint, basic: -1)

        // The expression, with basic variables replaced by their rows.
        rows[row].constant = constraint.constant
        for term in constraint.terms {
            let symbol = term.variable.id
            let basicRow = symbols[symbol].row
            if basicRow >= 0 {
                addRow(into: row, from: basicRow, times: term.coefficient)
                counters.substitutions &+= 1
            } else {
                addToEntry(row: row, symbol: symbol, delta: term.coefficient)
            }
        }

        // Marker and error symbols (all fresh: they appear in no other row).
        var marker: Int32
        var other: Int32 = -1
        var markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expr <= 0  <=>  expr + s = 0;   expr >= 0  <=>  expr - s = 0   (s >= 0)
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack, owner: slot)
            appendEntry(row: row, symbol: marker, coefficient: markerCoefficient)
            if !required {
                other = makeSymbol(.error, owner: slot)
                appendEntry(row: row, symbol: other, coefficient: -markerCoefficient)
            }
        case .equal:
            if required {
                // expr = 0  <=>  expr + d = 0 with the dummy d held at zero
                markerCoefficient = 1
                marker = makeSymbol(.dummy, owner: slot)
                appendEntry(row: row, symbol: marker, coefficient: 1)
            } else {
                // expr = e+ - e-
                markerCoefficient = -1
                marker = makeSymbol(.error, owner: slot)
                other = makeSymbol(.error, owner: slot)
                appendEntry(row: row, symbol: marker, coefficient: -1)
                appendEntry(row: row, symbol: other, coefficient: 1)
            }
        }
        records[Int(slot)].marker = marker
        records[Int(slot)].other = other
        records[Int(slot)].markerCoefficient = markerCoefficient

        if !required {
            retainLevel(constraint.priority.value)
            let objective = objectiveRow(for: constraint.priority.value)
            let (first, second) = errorSymbols(of: slot)
            addObjectiveTerm(objective: objective, symbol: first, weight: constraint.weight)
            if second >= 0 {
                addObjectiveTerm(objective: objective, symbol: second, weight: constraint.weight)
            }
        }

        if rows[row].constant < 0 {
            scaleRow(row, by: -1)
        }

        let subject = chooseSubject(row: row, marker: marker, other: other, constraint: constraint)
        if subject >= 0 {
            makeBasic(row: row, subject: subject)
        } else if containsOnlyDummies(row) {
            let residual = abs(rows[row].constant)
            if residual > Self.feasibilityTolerance * magnitude(of: constraint)
                && residual > roundingFloor(of: constraint, valueScale: largestBasicValue())
            {
                // 0 = c + sum(dummies) with c != 0: the required equalities contradict.
                let conflicts = requiredOwners(ofRow: row, includingBasic: false, excluding: slot)
                releaseRow(row)
                releaseSymbol(marker)
                freeSlot(slot)
                counters.unsatisfiableDetections &+= 1
                return conflicts
            }
            // Redundant: the dummy marker becomes basic, so removal still finds it.
            makeBasic(row: row, subject: marker)
        } else if let conflicts = addWithArtificialVariable(row: row, slot: slot, constraint: constraint) {
            releaseSymbol(marker)
            freeSlot(slot)
            counters.unsatisfiableDetections &+= 1
            return conflicts
        }

        constraint.slot = slot
        installedCount += 1
        counters.constraintsAdded &+= 1
        return nil
    }

    /// The subject a new row is solved for: an external symbol when there is one,
    /// else a marker or error symbol with a negative coefficient (its value is then
    /// nonnegative), else -1.
    ///
    /// The first external symbol whose coefficient is more than rounding next to the
    /// row's largest is chosen (dividing by a coefficient that is only rounding would
    /// spread its error through every row that holds the subject). When every external
    /// coefficient is rounding, they are removed: in exact arithmetic the row has none.
    ///
    /// Entries that survived the cancellation of much larger operands are measured
    /// against those operands too, and removed below `pivotTolerance` of them: a copy of
    /// an installed required equality, substituted through rows with entries near 1e3,
    /// left slack and external entries about 1e-11 of what remained of the row, and
    /// pivoting on one wrote 5e10 into the tableau where the row is simply redundant.
    /// The operands are only summed (`operandMagnitude`) when every entry but the markers
    /// (the constraint's own, and dummies) is below `suspectPivot` of the row's largest,
    /// so well-scaled rows never pay for it.
    mutating func chooseSubject(row: Int32, marker: Int32, other: Int32, constraint: Constraint) -> Int32 {
        let header = rows[row]
        var largest = 0.0
        var largestOther = 0.0
        var hasExternal = false
        for index in 0..<Int(header.count) {
            let entry = header.entries[index]
            largest = Self.larger(largest, abs(entry.coefficient))
            if entry.symbol != marker && entry.symbol != other && symbols[entry.symbol].kind != .dummy {
                largestOther = Self.larger(largestOther, abs(entry.coefficient))
            }
            if symbols[entry.symbol].kind == .external { hasExternal = true }
        }
        if _slowPath(largestOther > 0 && largestOther < Self.suspectPivot * largest) {
            // Everything but the markers of the constraint and of required equalities
            // nearly cancelled: what is left from the cancellation of much larger
            // operands is rounding. In exact arithmetic it is zero, and a row left with
            // markers only is redundant (or contradicts), not a row to pivot on.
            let floor = Self.pivotTolerance * operandMagnitude(of: constraint)
            var index = Int32(0)
            while index < rows[row].count {
                let entry = rows[row].entries[Int(index)]
                if entry.symbol != marker && entry.symbol != other && symbols[entry.symbol].kind != .dummy
                    && abs(entry.coefficient) < floor
                {
                    if summedAboveRounding(entry, constraint: constraint) { numerics.illConditioned = true }
                    removeEntry(row: row, at: index)
                } else {
                    index += 1
                }
            }
            hasExternal = false
            largest = 0
            for index in 0..<Int(rows[row].count) {
                largest = Self.larger(largest, abs(rows[row].entries[index].coefficient))
                if symbols[rows[row].entries[index].symbol].kind == .external { hasExternal = true }
            }
        }
        if hasExternal {
            let header = rows[row]
            let threshold = Self.pivotTolerance * largest
            for index in 0..<Int(header.count)
            where symbols[header.entries[index].symbol].kind == .external
                && abs(header.entries[index].coefficient) >= threshold
            {
                return header.entries[index].symbol
            }
            for index in 0..<Int(header.count) where symbols[header.entries[index].symbol].kind == .external {
                if summedAboveRounding(header.entries[index], constraint: constraint) { numerics.illConditioned = true }
            }
            removeExternalEntries(row)
        }
        if isPivotable(marker) && coefficient(row: row, symbol: marker) < 0 { return marker }
        if other >= 0 && isPivotable(other) && coefficient(row: row, symbol: other) < 0 { return other }
        return -1
    }

    /// Σ |coefficient| × the largest entry of the row it was substituted through (1 for
    /// a parametric variable): the size of the numbers a new row's entries were summed
    /// from, before any cancellation. Call it before the new row is made basic.
    mutating func operandMagnitude(of constraint: Constraint) -> Double {
        var size = 0.0
        for term in constraint.terms {
            let row = symbols[term.variable.id].row
            size += abs(term.coefficient) * (row >= 0 ? max(rowScale(row), 1) : 1)
        }
        return size
    }

    /// Whether an entry of a new row that is about to be dropped as rounding, next to the
    /// row's largest entry or to the row's operands taken together, is still far above the
    /// rounding of the operands it was itself summed from (the constraint's own
    /// coefficient, and each term times the entry in its basic variable's row). Then the row
    /// is nearly dependent on installed ones, not a copy, and double precision cannot tell
    /// which: the caller makes the solver ill-conditioned, so that it verifies (exactly,
    /// within `exactConstraintLimit`) after every operation from then on, as after a small
    /// pivot. Entries of 3.1e-5 and 1.6e-3 × 0.019 left 5.6e-12 of x0 beside a unit slack
    /// entry, and a constant change that holds with x3 near 4e8 was refused (wide6 sequence
    /// 2865 of the soak of seed 20261126); equalities 2e-8 apart in one coefficient left
    /// slack entries of 3.9e-10, 1e-8 of their operands, and an add that holds with x0 near
    /// −7.7e10 was refused (wide3 sequence 4118). Rare: it runs only on entries being dropped.
    func summedAboveRounding(_ entry: RowEntry, constraint: Constraint) -> Bool {
        var operands = 0.0
        for term in constraint.terms {
            let variable = term.variable.id
            if variable == entry.symbol {
                operands += abs(term.coefficient)
            } else if symbols[variable].row >= 0 {
                let basicRow = symbols[variable].row
                let position = findEntry(row: basicRow, symbol: entry.symbol)
                if position >= 0 { operands += abs(term.coefficient * rows[basicRow].entries[Int(position)].coefficient) }
            }
        }
        return abs(entry.coefficient) >= Self.pivotTolerance * operands
    }

    mutating func containsOnlyDummies(_ row: Int32) -> Bool {
        let header = rows[row]
        for index in 0..<Int(header.count) where symbols[header.entries[index].symbol].kind != .dummy {
            return false
        }
        return true
    }

    /// Solves a row reading `0 = c + sum(...)` for `subject`, makes it the row's
    /// basic symbol and substitutes it out of every other row.
    mutating func makeBasic(row: Int32, subject: Int32) {
        let index = findEntry(row: row, symbol: subject)
        let coefficient = rows[row].entries[Int(index)].coefficient
        removeEntry(row: row, at: index)
        notePivotRatio(scaleRow(row, by: -1 / coefficient))
        rows[row].basic = subject
        symbols[subject].row = row
        substituteOut(symbol: subject, definingRow: row)
        markDirty(subject)
        noteRowChanged(row)
    }

    /// Adds a row that has no valid subject through an artificial variable
    /// (Cassowary section 4.4): minimize the artificial; zero means feasible.
    ///
    /// - Returns: `nil` on success, or the conflicting required slots after rolling
    ///   every pivot back and removing the row.
    ///
    /// The artificial's minimum is the least violation of the new constraint with the
    /// others held; it counts as zero within `feasibilityTolerance` of the
    /// constraint's magnitude at the point reached, or within its `roundingFloor`.
    mutating func addWithArtificialVariable(row: Int32, slot: Int32, constraint: Constraint) -> [Int32]? {
        counters.artificialPhases &+= 1
        let artificial = makeSymbol(.artificial, owner: -1)
        rows[row].basic = artificial
        symbols[artificial].row = row
        let objective = makeRow(kind: .artificialObjective, basic: -1)
        addRow(into: objective, from: row, times: 1)

        // The rounding in the minimum is relative to the values it was computed from: the
        // constraint's magnitude where the minimization ends, or the violation it started from.
        let startingViolation = abs(rows[objective].constant)
        beginUndo()
        _ = minimize(row: objective, onlyFaceSymbols: false, scale: max(rowScale(objective), 1e-300))
        var least = abs(rows[objective].constant)
        var feasible =
            least <= Self.feasibilityTolerance * max(magnitude(of: constraint), startingViolation)
            || least <= roundingFloor(of: constraint, valueScale: largestBasicValue())
        // The row's rounding bound still holds the magnitudes that cancelled on the way
        // down (a violation of 1e11 minimized to 1e3 leaves a bound near 0.1 that hides
        // real reduced costs of 1e-4). Restart the bound from what the row holds now and
        // go on while the minimum keeps falling; a wrong step here is caught by the
        // verification that wide and ill-conditioned systems get.
        var restarts = 0
        while !feasible && restarts < 3 && least < startingViolation {
            restarts += 1
            let restarted = max(least, rowScale(objective))
            guard hasImprovingEntry(objective, below: -Self.reducedCostTolerance * restarted) else { break }
            rowMagnitude[objective] = restarted
            _ = minimize(row: objective, onlyFaceSymbols: false, scale: max(rowScale(objective), 1e-300))
            let next = abs(rows[objective].constant)
            if next >= least { break }
            least = next
            feasible =
                least <= Self.feasibilityTolerance * max(magnitude(of: constraint), startingViolation)
                || least <= roundingFloor(of: constraint, valueScale: largestBasicValue())
        }

        if !feasible {
            // The artificial objective row now proves infeasibility: the required
            // markers in it identify the constraints the proof combines.
            let conflicts = requiredOwners(ofRow: objective, includingBasic: false, excluding: slot)
            rollBackUndo()
            releaseRow(objective)
            releaseRow(row)
            releaseSymbol(artificial)
            return conflicts
        }
        commitUndo()
        releaseRow(objective)

        let artificialRow = symbols[artificial].row
        if artificialRow >= 0 {
            if rows[artificialRow].count == 0 {
                releaseRow(artificialRow)
            } else {
                // The artificial is basic at zero (its constant is rounding, by the
                // decision above): pivot it out on the largest coefficient, preferring
                // a slack or error symbol. A zero constant leaves every other row's
                // constant as it is, and the largest pivot adds the least error.
                willModify(artificialRow)
                rows[artificialRow].constant = 0
                let header = rows[artificialRow]
                var entering: Int32 = -1
                var enteringSize = 0.0
                var enteringPivotable = false
                for index in 0..<Int(header.count) {
                    let symbol = header.entries[index].symbol
                    guard symbols[symbol].kind != .artificial else { continue }
                    let size = abs(header.entries[index].coefficient)
                    let pivotable = isPivotable(symbol)
                    if entering < 0 || (pivotable && !enteringPivotable)
                        || (pivotable == enteringPivotable && size > enteringSize)
                    {
                        entering = symbol
                        enteringSize = size
                        enteringPivotable = pivotable
                    }
                }
                if entering >= 0 {
                    pivot(row: artificialRow, entering: entering)
                    counters.artificialPivots &+= 1
                } else {
                    // Only other artificials: cannot happen with one artificial at a time.
                    numerics.suspect = true
                    releaseRow(artificialRow)
                }
            }
        }
        // The artificial is parametric (zero): drop it from every row.
        while symbols[artificial].columnCount > 0 {
            let element = symbols[artificial].column[Int(symbols[artificial].columnCount - 1)]
            removeEntry(row: element.row, at: element.entry)
        }
        releaseSymbol(artificial)
        return nil
    }

    /// Whether a pivotable symbol has a coefficient below `threshold` (negative) in the row.
    mutating func hasImprovingEntry(_ row: Int32, below threshold: Double) -> Bool {
        let header = rows[row]
        for index in 0..<Int(header.count)
        where header.entries[index].coefficient < threshold && isPivotable(header.entries[index].symbol) {
            return true
        }
        return false
    }

    /// The slots of required constraints whose marker appears in the row (and, when
    /// asked, whose marker is the row's basic symbol), in the order they were added.
    mutating func requiredOwners(ofRow row: Int32, includingBasic: Bool, excluding excluded: Int32) -> [Int32] {
        var owners: [Int32] = []
        func consider(_ symbol: Int32) {
            let owner = symbols[symbol].owner
            guard owner >= 0, owner != excluded else { return }
            let record = records[Int(owner)]
            guard record.priority >= 1000, record.marker == symbol, !owners.contains(owner) else { return }
            owners.append(owner)
        }
        let header = rows[row]
        for index in 0..<Int(header.count) {
            consider(header.entries[index].symbol)
        }
        if includingBasic && header.basic >= 0 {
            consider(header.basic)
        }
        return owners.sorted { records[Int($0)].sequence < records[Int($1)].sequence }
    }

    // MARK: Removing

    /// Removes an installed constraint from the tableau (without optimizing).
    mutating func uninstall(slot: Int32) {
        // The fields, not the record: a copy of it retains and releases its constraint.
        let (priority, weight) = (records[Int(slot)].priority, records[Int(slot)].weight)
        let (marker, other) = (records[Int(slot)].marker, records[Int(slot)].other)
        if priority < 1000 {
            let objective = objectiveRow(for: priority)
            let (first, second) = errorSymbols(of: slot)
            addObjectiveTerm(objective: objective, symbol: first, weight: -weight)
            if second >= 0 {
                addObjectiveTerm(objective: objective, symbol: second, weight: -weight)
            }
        }

        if symbols[marker].row < 0 {
            let leaving = markerLeavingRow(marker)
            if leaving >= 0 {
                pivot(row: leaving, entering: marker)
                counters.removalPivots &+= 1
            }
        }
        if symbols[marker].row >= 0 {
            releaseRow(symbols[marker].row)
        }
        // In exact arithmetic the constraint's symbols are now gone from every row
        // (its marker's row held the only combination using it). Rounding can leave
        // coefficients near the epsilon; clear them.
        // (Two calls, not a loop over an array literal, which would allocate.)
        dropSymbol(marker)
        if other >= 0 { dropSymbol(other) }
        if priority < 1000 {
            releaseLevel(priority)
        }
        records[Int(slot)].constraint?.slot = -1
        installedCount -= 1
        counters.constraintsRemoved &+= 1
        freeSlot(slot)
    }

    /// Removes a removed constraint's marker or error symbol from every row and recycles it.
    mutating func dropSymbol(_ symbol: Int32) {
        if symbols[symbol].row >= 0 {
            releaseRow(symbols[symbol].row)
        }
        while symbols[symbol].columnCount > 0 {
            let element = symbols[symbol].column[Int(symbols[symbol].columnCount - 1)]
            removeEntry(row: element.row, at: element.entry)
        }
        releaseSymbol(symbol)
    }

    /// The row to pivot a parametric marker into before dropping it (Cassowary
    /// section 4.3): a row whose basic symbol is a dummy, else a restricted row with
    /// a negative coefficient and the least ratio, else a restricted row with a
    /// positive coefficient and the least ratio, else an unrestricted row. Ties go
    /// to the lowest basic id.
    ///
    /// The dummy rows come first to keep an invariant the simplex relies on: a
    /// dummy-basic row (a redundant required equality, `d = sum of dummies`) holds
    /// only dummies. Such a row holds a marker only when the marker is itself a
    /// dummy; pivoting it into a slack's row instead would put the slack into the
    /// dummy's row, where the ratio tests (which read a dummy row as a restricted
    /// one) would let the slack move and the redundant equality stop holding.
    ///
    /// Entries below `pivotTolerance` of their column's or row's largest are rounding
    /// and are passed over; when only those remain, -1 is returned and the marker is
    /// dropped where it stands.
    mutating func markerLeavingRow(_ marker: Int32) -> Int32 {
        var negativeRow: Int32 = -1
        var negativeRatio = Double.infinity
        var negativeBasic = Int32.max
        var positiveRow: Int32 = -1
        var positiveRatio = Double.infinity
        var positiveBasic = Int32.max
        var freeRow: Int32 = -1
        var freeBasic = Int32.max
        var dummyRow: Int32 = -1
        var dummyBasic = Int32.max
        let info = symbols[marker]
        let largest = columnLargest(marker)
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            let header = rows[element.row]
            guard header.kind == .constraint else { continue }
            // An entry that is rounding next to its column or its row is not a pivot: the
            // marker is, in exact arithmetic, absent from that row.
            let size = abs(header.entries[Int(element.entry)].coefficient)
            // (Next to its row: checked only for a would-be winner, as a row scan costs its length.)
            if size < Self.pivotTolerance * largest { continue }
            let basic = header.basic
            let basicKind = symbols[basic].kind
            if basicKind == .dummy {
                if basic < dummyBasic && size >= Self.pivotTolerance * rowScale(element.row) {
                    dummyBasic = basic
                    dummyRow = element.row
                }
                continue
            }
            if basicKind == .external {
                if basic < freeBasic && size >= Self.pivotTolerance * rowScale(element.row) {
                    freeBasic = basic
                    freeRow = element.row
                }
                continue
            }
            let coefficient = header.entries[Int(element.entry)].coefficient
            if coefficient < 0 {
                let ratio = -header.constant / coefficient
                if (ratio < negativeRatio || (ratio == negativeRatio && basic < negativeBasic))
                    && size >= Self.pivotTolerance * rowScale(element.row)
                {
                    negativeRatio = ratio
                    negativeRow = element.row
                    negativeBasic = basic
                }
            } else {
                let ratio = header.constant / coefficient
                if (ratio < positiveRatio || (ratio == positiveRatio && basic < positiveBasic))
                    && size >= Self.pivotTolerance * rowScale(element.row)
                {
                    positiveRatio = ratio
                    positiveRow = element.row
                    positiveBasic = basic
                }
            }
        }
        if dummyRow >= 0 { return dummyRow }
        if negativeRow >= 0 { return negativeRow }
        if positiveRow >= 0 { return positiveRow }
        return freeRow
    }
}
