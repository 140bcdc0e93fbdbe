// Optimization over the priority-vector objective.
//
// Each priority level p in use has an objective row  obj_p = c_p + sum(d_p,j * s_j).
// The reduced cost of a parametric symbol s_j is the vector (d_p,j) ordered by
// descending p; s_j improves the objective when its first nonzero component (its
// "leading" reduced cost) is negative. The primal simplex enters the lowest-id
// improving symbol and leaves the lowest-id basic symbol among the minimum ratios:
// Bland's rule on the lexicographic objective, which cannot cycle. The dual
// simplex leaves the lowest-id infeasible row and enters the symbol with the
// lexicographically smallest ratio of reduced cost to row coefficient.
//
// Improving candidates are tracked incrementally: every change to an objective
// coefficient "touches" its symbol, and only touched symbols are re-evaluated. A
// solve after a local change therefore costs work proportional to that change, not
// to the length of the objective rows (which span every independent block).

extension SolverCore {
    // MARK: Objective levels

    /// The objective row of `priority`, creating the level if needed.
    mutating func objectiveRow(for priority: Float) -> Int32 {
        var low = 0
        var high = levels.count
        while low < high {
            let middle = (low + high) / 2
            if levels[middle].priority > priority { low = middle + 1 } else { high = middle }
        }
        if low < levels.count && levels[low].priority == priority {
            return levels[low].row
        }
        let row = makeRow(kind: .objective, basic: -1, priority: priority)
        levels.append(ObjectiveLevel(priority: priority, row: row, users: 0))
        var index = levels.count - 1
        while index > low {
            levels[index] = levels[index - 1]
            index -= 1
        }
        levels[low] = ObjectiveLevel(priority: priority, row: row, users: 0)
        counters.objectiveLevelsLive &+= 1
        counters.objectiveLevelsCreated &+= 1
        return row
    }

    mutating func levelIndex(of priority: Float) -> Int {
        for index in 0..<levels.count where levels[index].priority == priority {
            return index
        }
        return -1
    }

    mutating func retainLevel(_ priority: Float) {
        _ = objectiveRow(for: priority)
        levels[levelIndex(of: priority)].users &+= 1
    }

    /// Drops a use of the level; the last use releases its objective row.
    mutating func releaseLevel(_ priority: Float) {
        let index = levelIndex(of: priority)
        assert(index >= 0, "releasing a level that does not exist")
        levels[index].users &-= 1
        guard levels[index].users == 0 else { return }
        let row = levels[index].row
        // Rounding may leave coefficients of the order of the epsilon behind.
        releaseRow(row)
        for moved in index..<(levels.count - 1) {
            levels[moved] = levels[moved + 1]
        }
        _ = levels.removeLast()
        counters.objectiveLevelsLive &-= 1
    }

    /// Adds `weight * symbol` to an objective row, substituting the symbol's row when it is basic.
    mutating func addObjectiveTerm(objective: Int32, symbol: Int32, weight: Double) {
        let basicRow = symbols[symbol].row
        if basicRow >= 0 {
            addRow(into: objective, from: basicRow, times: weight)
        } else {
            addToEntry(row: objective, symbol: symbol, delta: weight)
            rowMagnitude[objective] += abs(weight)
            touch(symbol)
        }
    }

    // MARK: Reduced costs

    /// The leading component of a symbol's reduced-cost vector: the highest-priority
    /// one that is more than rounding (see `reducedCostTolerance`), or 0 when there
    /// is none.
    ///
    /// - Complexity: O(length of the symbol's column).
    @inline(__always)
    mutating func leadingReducedCost(_ symbol: Int32) -> Double {
        let (value, _) = leadingComponent(symbol)
        return value
    }

    /// The leading component of a symbol's reduced-cost vector and the objective row holding it (or -1).
    @inline(__always)
    mutating func leadingComponent(_ symbol: Int32) -> (value: Double, row: Int32) {
        let info = symbols[symbol]
        var bestPriority: Float = -1
        var value = 0.0
        var bestRow: Int32 = -1
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            let header = rows[element.row]
            guard header.kind == .objective && header.priority > bestPriority else { continue }
            let coefficient = header.entries[Int(element.entry)].coefficient
            guard abs(coefficient) > Self.reducedCostTolerance * rowMagnitude[element.row] else { continue }
            bestPriority = header.priority
            value = coefficient
            bestRow = element.row
        }
        return (value, bestRow)
    }

    /// Whether a symbol appears in any objective row.
    @inline(__always)
    mutating func hasObjectiveEntry(_ symbol: Int32) -> Bool {
        let info = symbols[symbol]
        for index in 0..<Int(info.columnCount) where rows[info.column[index].row].kind == .objective {
            return true
        }
        return false
    }

    /// Re-evaluates the touched symbols and updates the improving list.
    mutating func refreshImproving() {
        for index in 0..<touched.count {
            let symbol = touched[index]
            let eligible = isPivotable(symbol) && symbols[symbol].row < 0
            let isImproving = eligible && leadingReducedCost(symbol) < 0
            if isImproving && !symbols[symbol].improving {
                improving.append(symbol)
            }
            symbols[symbol].improving = isImproving
        }
        touched.removeAll()
        touchEpoch &+= 1
        if touchEpoch == 0 {
            for index in 0..<symbols.count { symbols[index].touchStamp = 0 }
            touchEpoch = 1
        }
    }

    /// The lowest-id improving symbol, or -1; drops stale list entries.
    mutating func lowestImprovingSymbol() -> Int32 {
        var best: Int32 = -1
        var index = 0
        while index < improving.count {
            let symbol = improving[index]
            if symbols[symbol].improving && symbols[symbol].row < 0 && isPivotable(symbol) {
                if best < 0 || symbol < best { best = symbol }
                index += 1
            } else {
                symbols[symbol].improving = false
                improving.swapRemove(at: index)
            }
        }
        return best
    }

    // MARK: Primal simplex

    /// The row that leaves when `entering` increases from zero: the minimum ratio
    /// among restricted basic rows where the symbol has a negative coefficient; ties
    /// go to the lowest basic id. Returns -1 when nothing bounds the symbol.
    ///
    /// Coefficients smaller than `pivotTolerance` times the column's largest (or,
    /// for the would-be winner, its row's largest) are rounding leftovers and are
    /// passed over. When only such rows bound the symbol, -1 is returned as for an
    /// unbounded one (and counted as a small pivot): in exact arithmetic the
    /// symbol's column is zero there, so its improving reduced cost is rounding too.
    mutating func primalLeavingRow(for entering: Int32) -> Int32 {
        let info = symbols[entering]
        let threshold = Self.pivotTolerance * columnLargest(entering)
        var bestRow: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        var smallRow: Int32 = -1
        var smallRatio = Double.infinity
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            let header = rows[element.row]
            guard header.kind == .constraint, symbols[header.basic].kind != .external else { continue }
            let coefficient = header.entries[Int(element.entry)].coefficient
            guard coefficient < 0 else { continue }
            let ratio = max(0, header.constant) / -coefficient
            let wouldWin = ratio < bestRatio || (ratio == bestRatio && header.basic < bestBasic)
            // Small next to its column, or (checked only for a would-be winner) next to its own row.
            if -coefficient < threshold || (wouldWin && -coefficient < Self.pivotTolerance * rowScale(element.row)) {
                if ratio < smallRatio {
                    smallRatio = ratio
                    smallRow = element.row
                }
                continue
            }
            if wouldWin {
                bestRatio = ratio
                bestRow = element.row
                bestBasic = header.basic
            }
        }
        if _slowPath(bestRow < 0 && smallRow >= 0) {
            numerics.repairs.smallPivots &+= 1
            numerics.suspect = true
        }
        return bestRow
    }

    /// Minimizes the priority-vector objective from a primal-feasible tableau.
    ///
    /// An improving symbol that no row bounds cannot exist in exact arithmetic (every
    /// objective row is a nonnegative combination of nonnegative errors): its deciding
    /// reduced cost is rounding, so that component is cleared and the search goes on.
    /// Past the pivot budget the optimization stops and marks the solver suspect, so
    /// that verification (and, if needed, a rebuild) follows.
    mutating func optimizeObjective() {
        counters.primalOptimizations &+= 1
        refreshDriftedObjectiveRows()
        var budget = pivotBudget
        while true {
            refreshImproving()
            let entering = lowestImprovingSymbol()
            if entering < 0 { return }
            let leaving = primalLeavingRow(for: entering)
            if _slowPath(leaving < 0) {
                clearLeadingComponent(of: entering)
                continue
            }
            if _slowPath(budget == 0) {
                numerics.repairs.pivotBudgetsExceeded &+= 1
                numerics.suspect = true
                return
            }
            budget &-= 1
            pivot(row: leaving, entering: entering)
            counters.primalPivots &+= 1
        }
    }

    /// Removes the leading component of a symbol's reduced-cost vector, found to be
    /// rounding noise, and re-evaluates the symbol.
    @inline(never)
    mutating func clearLeadingComponent(of symbol: Int32) {
        numerics.repairs.clearedReducedCosts &+= 1
        numerics.suspect = true
        let (_, row) = leadingComponent(symbol)
        if row >= 0 {
            let index = findEntry(row: row, symbol: symbol)
            if index >= 0 { removeEntry(row: row, at: index) }
        }
        symbols[symbol].improving = false
        touch(symbol)
    }

    /// Minimizes a single objective row (an artificial objective or a probe) by
    /// Bland's rule. With `onlyFaceSymbols`, only symbols absent from every
    /// objective row may enter, so the priority-vector objective does not change.
    ///
    /// - Returns: Whether the minimum is bounded.
    ///
    /// - Parameter scale: The magnitude of the row's coefficients when minimization
    ///   started; coefficients below `reducedCostTolerance` of it are rounding.
    mutating func minimize(row objective: Int32, onlyFaceSymbols: Bool, scale: Double) -> Bool {
        var budget = pivotBudget
        while true {
            var entering: Int32 = -1
            let header = rows[objective]
            let threshold = Self.reducedCostTolerance * max(scale, rowMagnitude[objective])
            for index in 0..<Int(header.count) {
                let entry = header.entries[index]
                guard entry.coefficient < -threshold, isPivotable(entry.symbol) else { continue }
                if onlyFaceSymbols && hasObjectiveEntry(entry.symbol) { continue }
                if entering < 0 || entry.symbol < entering { entering = entry.symbol }
            }
            if entering < 0 { return true }
            let leaving = primalLeavingRow(for: entering)
            if leaving < 0 {
                // A probe's objective (the optimal face) may be truly unbounded.
                if onlyFaceSymbols { return false }
                // Unbounded, or bounded only by rounding: the entry is rounding (a true
                // improving direction of a phase-one objective is always bounded).
                numerics.repairs.clearedReducedCosts &+= 1
                let index = findEntry(row: objective, symbol: entering)
                if index >= 0 { removeEntry(row: objective, at: index) }
                continue
            }
            if _slowPath(budget == 0) {
                numerics.repairs.pivotBudgetsExceeded &+= 1
                numerics.suspect = true
                return true
            }
            budget &-= 1
            pivot(row: leaving, entering: entering)
            if !onlyFaceSymbols {
                counters.artificialPivots &+= 1
            }
        }
    }

    // MARK: Dual simplex

    /// Restores feasibility after constant changes, keeping the objective optimal.
    ///
    /// - Returns: -1 on success, or a restricted row that no pivot can make
    ///   feasible (the required constraints are contradictory).
    ///
    /// A row with no entering symbol proves infeasibility in exact arithmetic; when
    /// its constant is within `feasibilityTolerance` of its owner's magnitude it is
    /// rounding instead, and is set to 0.
    mutating func optimizeFeasibility() -> Int32 {
        counters.dualOptimizations &+= 1
        var budget = pivotBudget
        while true {
            var leaving: Int32 = -1
            var leavingBasic = Int32.max
            var index = 0
            while index < infeasible.count {
                let row = infeasible[index]
                let header = rows[row]
                if header.kind == .constraint && header.constant < 0 && isRestricted(header.basic) {
                    if header.basic < leavingBasic {
                        leavingBasic = header.basic
                        leaving = row
                    }
                    index += 1
                } else {
                    rows[row].listedInfeasible = false
                    infeasible.swapRemove(at: index)
                }
            }
            if leaving < 0 { return -1 }
            let entering = dualEnteringSymbol(row: leaving)
            if entering < 0 {
                let tolerance = Self.feasibilityTolerance * ownerMagnitude(rows[leaving].basic)
                if rows[leaving].constant >= -tolerance {
                    numerics.repairs.clampedConstants &+= 1
                    willModify(leaving)
                    rows[leaving].constant = 0
                    continue
                }
                return leaving
            }
            if _slowPath(budget == 0) {
                numerics.repairs.pivotBudgetsExceeded &+= 1
                numerics.suspect = true
                return -1
            }
            budget &-= 1
            pivot(row: leaving, entering: entering)
            counters.dualPivots &+= 1
        }
    }

    /// The entering symbol of the dual simplex for an infeasible row: among
    /// pivotable symbols with a positive coefficient, the lexicographically smallest
    /// ratio of reduced-cost vector to coefficient; ties go to the lowest id.
    ///
    /// Coefficients below `pivotTolerance` times the row's largest are rounding and
    /// cannot enter.
    mutating func dualEnteringSymbol(row: Int32) -> Int32 {
        let header = rows[row]
        var best: Int32 = -1
        var bestIsZero = false
        let threshold = Self.pivotTolerance * rowScale(row)
        for index in 0..<Int(header.count) {
            let entry = header.entries[index]
            guard entry.coefficient > threshold, isPivotable(entry.symbol) else { continue }
            // A zero vector is the smallest possible ratio (reduced costs are lexicographically nonnegative).
            if best >= 0 && bestIsZero {
                if entry.symbol < best && !hasObjectiveEntry(entry.symbol) { best = entry.symbol }
                continue
            }
            gatherReducedCosts(of: entry.symbol, scale: 1 / entry.coefficient)
            let isZero = scratchLevelsA.isEmpty
            let order = best < 0 || isZero ? -1 : Self.compareLevels(scratchLevelsA, scratchLevelsB)
            if order < 0 || (order == 0 && entry.symbol < best) {
                best = entry.symbol
                bestIsZero = isZero
                keepCandidateLevels()
            }
        }
        return best
    }

    /// Writes the symbol's reduced-cost vector times `scale` into `scratchLevelsA`,
    /// by descending priority.
    /// Components that are rounding (see `leadingComponent`) are left out.
    mutating func gatherReducedCosts(of symbol: Int32, scale: Double) {
        scratchLevelsA.removeAll()
        let info = symbols[symbol]
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            let header = rows[element.row]
            guard header.kind == .objective else { continue }
            let coefficient = header.entries[Int(element.entry)].coefficient
            guard abs(coefficient) > Self.reducedCostTolerance * rowMagnitude[element.row] else { continue }
            let value = ObjectiveLevelValue(priority: header.priority, value: coefficient * scale)
            scratchLevelsA.append(value)
            var position = scratchLevelsA.count - 1
            while position > 0 && scratchLevelsA[position - 1].priority < value.priority {
                scratchLevelsA[position] = scratchLevelsA[position - 1]
                position -= 1
            }
            scratchLevelsA[position] = value
        }
    }

    /// Copies the candidate vector (`scratchLevelsA`) to the best one (`scratchLevelsB`).
    mutating func keepCandidateLevels() {
        scratchLevelsB.removeAll()
        for index in 0..<scratchLevelsA.count { scratchLevelsB.append(scratchLevelsA[index]) }
    }

    /// Lexicographic comparison of two sparse vectors sorted by descending priority.
    static func compareLevels(_ lhs: borrowing PodArray<ObjectiveLevelValue>, _ rhs: borrowing PodArray<ObjectiveLevelValue>) -> Int {
        var left = 0
        var right = 0
        while left < lhs.count || right < rhs.count {
            let leftPriority = left < lhs.count ? lhs[left].priority : -1
            let rightPriority = right < rhs.count ? rhs[right].priority : -1
            let priority = max(leftPriority, rightPriority)
            var leftValue = 0.0
            var rightValue = 0.0
            if leftPriority == priority {
                leftValue = lhs[left].value
                left += 1
            }
            if rightPriority == priority {
                rightValue = rhs[right].value
                right += 1
            }
            let tolerance = 1e-9 * max(abs(leftValue), abs(rightValue))
            if leftValue < rightValue - tolerance { return -1 }
            if leftValue > rightValue + tolerance { return 1 }
        }
        return 0
    }

    // MARK: Values

    /// Brings the cached values of external symbols up to date, visiting only the
    /// symbols marked dirty since the last refresh.
    mutating func refreshValues() {
        for index in 0..<dirty.count {
            let symbol = dirty[index]
            let row = symbols[symbol].row
            let value = row >= 0 ? rows[row].constant : 0
            if value != symbols[symbol].value {
                symbols[symbol].value = value
                counters.variablesChanged &+= 1
                if !symbols[symbol].inChangedList {
                    symbols[symbol].inChangedList = true
                    changed.append(symbol)
                }
            }
        }
        dirty.removeAll()
        dirtyEpoch &+= 1
        if dirtyEpoch == 0 {
            for index in 0..<symbols.count { symbols[index].dirtyStamp = 0 }
            dirtyEpoch = 1
        }
    }

    /// The current tableau value of a symbol (not the cached one).
    @inline(__always)
    func currentValue(_ symbol: Int32) -> Double {
        let row = symbols[symbol].row
        return row >= 0 ? rows[row].constant : 0
    }

    // MARK: The optimal face

    /// The range of values `symbol` can take over all optimal solutions: the
    /// solutions that violate no priority level more than the current one does.
    ///
    /// Moves only along parametric symbols with a zero reduced-cost vector (the
    /// optimal face), minimizing and maximizing the symbol's row with Bland's rule,
    /// then restores the tableau from the undo log. Counters, the basis and the
    /// values are left exactly as they were.
    ///
    /// - Parameter observing: Symbols whose values are reported at the two extremes.
    mutating func probeRange(
        of symbol: Int32, observing: [Int32]
    ) -> (lower: Double, upper: Double, atLower: [Double], atUpper: [Double]) {
        let savedCounters = counters
        let savedDirty = dirty.count
        let current = currentValue(symbol)
        var now: [Double] = []
        for observed in observing { now.append(currentValue(observed)) }
        var result = (lower: current, upper: current, atLower: now, atUpper: now)

        // A free parametric variable, or a free parametric in the symbol's row, is unbounded.
        let basicRow = symbols[symbol].row
        if basicRow < 0 {
            result.lower = -.infinity
            result.upper = .infinity
            return result
        }
        let header = rows[basicRow]
        for index in 0..<Int(header.count) where symbols[header.entries[index].symbol].kind == .external {
            result.lower = -.infinity
            result.upper = .infinity
            return result
        }
        for direction in [1.0, -1.0] {
            let objective = makeRow(kind: .artificialObjective, basic: -1)
            addRow(into: objective, from: symbols[symbol].row, times: direction)
            let scale = rowScale(objective)
            beginUndo()
            let bounded = minimize(row: objective, onlyFaceSymbols: true, scale: scale)
            let extreme = bounded ? direction * rows[objective].constant : direction * -Double.infinity
            var values: [Double] = []
            for observed in observing { values.append(currentValue(observed)) }
            rollBackUndo()
            releaseRow(objective)
            if direction > 0 {
                result.lower = extreme
                result.atLower = values
            } else {
                result.upper = extreme
                result.atUpper = values
            }
        }
        // Diagnostics leave no trace in the counters or the dirty list.
        counters = savedCounters
        while dirty.count > savedDirty {
            let symbol = dirty.removeLast()
            symbols[symbol].dirtyStamp = 0
        }
        return result
    }
}
