// Floating-point hygiene: scale-aware tolerances, the repair of numerical
// inconsistencies, and the independent verification that triggers it.
//
// The tableau is updated in double precision by row operations, so every entry
// carries rounding error proportional to the magnitudes that were combined to make
// it. A fixed absolute threshold cannot tell that error from a real value once the
// coefficients span several orders of magnitude (a 1e-9 entry is noise next to
// 1e4 and real next to 1e-6), so every decision here is relative:
//
// - **Cancellation** (`cancels`): a sum is zero when it is at most
//   `cancellationTolerance` times its larger operand. This is the only place
//   entries leave a row; it is invariant under any scaling of rows and columns.
// - **Pivots** (`pivotTolerance`): a pivot element must be at least this fraction of
//   the largest entry of its column (primal) or row (dual); smaller ones are the
//   rounding left over from a cancellation that did not quite cancel, and dividing
//   by them multiplies the error in every row they touch.
// - **Reduced costs** (`reducedCostTolerance`): a component of a symbol's
//   reduced-cost vector counts only when it exceeds this fraction of its level's
//   largest weight times the symbol's column scale. A rounding leftover at a high
//   level is therefore not taken as the deciding component, and the next level
//   decides, as the exact priority vector would.
// - **Feasibility** (`feasibilityTolerance`): a required constraint holds when its
//   residual is within this fraction of its own scale, |constant| + Σ|a·x|, at the
//   current values.
//
// These follow the practice of production LP codes (HiGHS: primal and dual
// feasibility tolerances 1e-7, small matrix values 1e-9, relative pivot thresholds)
// adapted to an incremental tableau, and the observation of Badros, Borning &
// Stuckey (2001, section 6) that Cassowary's incremental pivots accumulate error
// that a real implementation must bound.
//
// **Repair.** When a decision meets something that cannot happen in exact
// arithmetic (an improving direction that nothing bounds, a non-required change the
// dual simplex cannot absorb, a pivot that is only rounding), or an operation runs
// past its pivot budget, the solver marks itself *suspect*. At the end of the public
// operation a suspect solver (and, always, one whose coefficients span more than
// `wideCoefficientRange`) is verified independently of the rules above: the
// objective rows are rebuilt from the constraints' error symbols and re-optimized,
// and every installed required constraint is evaluated on its original
// coefficients at the solution. If that fails, the whole tableau is rebuilt from the
// installed constraints (`NumericalRepairs.tableauRebuilds`). If even the rebuilt
// tableau fails, the operation is refused with `SolverError.numericalInstability`
// and the installed constraints are as they were before it.

/// How often the solver noticed and repaired numerical trouble. Not part of
/// ``SolverCounters`` (whose values reports gate exactly): these stay 0 on
/// well-scaled systems and describe the solver's health, not the work of a layout.
public struct NumericalRepairs: Sendable, Equatable, CustomStringConvertible {
    /// Pivots skipped or taken below the relative pivot tolerance (the only candidates).
    public var smallPivots = 0
    /// Reduced-cost components found to be rounding noise and cleared (an improving
    /// direction that no row bounded).
    public var clearedReducedCosts = 0
    /// Negative constants of restricted rows found to be rounding noise and set to 0.
    public var clampedConstants = 0
    /// Operations that hit their pivot budget (a guard against cycling and stalling).
    public var pivotBudgetsExceeded = 0
    /// Independent verifications run (after suspect operations, and after every
    /// operation on a system with a wide coefficient range).
    public var verifications = 0
    /// Objective rows rebuilt from scratch that differed from the kept ones (verification).
    public var objectiveRefreshes = 0
    /// Objective rows rebuilt because their accumulated rounding grew (drift detection).
    public var driftRefreshes = 0
    /// Steps of iterative refinement: one in every verification, up to three more when the
    /// solution still does not verify.
    public var refinements = 0
    /// Whole tableaux rebuilt from the installed constraints.
    public var tableauRebuilds = 0
    /// Operations refused with ``SolverError/numericalInstability(_:)``.
    public var refusals = 0
    /// Tableaux replaced by the exact arbiter's solution (docs/solver.md, "The exact arbiter").
    public var exactSolutions = 0
    /// Times the exact arbiter gave up (numbers or pivots past its limits), leaving the
    /// decision to double precision.
    public var exactAbandoned = 0

    public init() {}

    public var description: String {
        "smallPivots \(smallPivots), clearedReducedCosts \(clearedReducedCosts), clampedConstants \(clampedConstants), "
            + "pivotBudgetsExceeded \(pivotBudgetsExceeded), verifications \(verifications), "
            + "objectiveRefreshes \(objectiveRefreshes), driftRefreshes \(driftRefreshes), refinements \(refinements), tableauRebuilds \(tableauRebuilds), refusals \(refusals), "
            + "exactSolutions \(exactSolutions), exactAbandoned \(exactAbandoned)"
    }
}

extension SolverCore {
    static let cancellationTolerance = 1e-11
    /// Constants keep more digits: a constant is a value, not a structural entry, and
    /// dropping a real small difference of large values loses a constraint's offset.
    static let constantCancellationTolerance = 1e-14
    static let pivotTolerance = 1e-11
    /// A new row's subject below this fraction of its row is also measured against the
    /// operands the row was summed from (`chooseSubject`).
    static let suspectPivot = 1e-6
    static let reducedCostTolerance = 1e-12
    /// An objective row is rebuilt when its accumulated magnitude grows by this factor.
    static let driftFactor = 1e4
    static let feasibilityTolerance = 1e-9
    /// The relative rounding of a value next to the largest value of the system
    /// (`roundingFloor`): about 5,000 units of rounding.
    static let valueNoise = 1e-12
    /// Verification, independent of the solver's own rules, accepts residuals up to this fraction of scale.
    static let verificationTolerance = 1e-8
    /// Systems whose installed coefficient magnitudes span more than this ratio are
    /// verified after every operation.
    static let wideCoefficientRange = 1e3

    /// Whether `sum == a + b` is a cancellation: rounding left over from a true zero.
    @inline(__always)
    static func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
        abs(sum) <= cancellationTolerance * larger(abs(a), abs(b))
    }

    /// The larger of two magnitudes: `max(a, b)` for values that are not NaN and not −0,
    /// written as one comparison so that it compiles to a single `maxsd`. (`Swift.max` keeps
    /// its own rule for NaN, which compiles to a blend of four instructions in the row
    /// operations' inner loops: 1.4% of cells/stack-hide's measured instructions.)
    @inline(__always)
    static func larger(_ a: Double, _ b: Double) -> Double {
        b > a ? b : a
    }

    /// The pivot budget of one optimization: far more than any well-conditioned
    /// solve needs (each pivot strictly improves the objective or, degenerate,
    /// follows Bland's rule), so only cycling through rounding or stalling reaches it.
    @inline(__always)
    var pivotBudget: Int { 1000 &+ 50 &* Int(counters.rowsLive) }

    // MARK: Scales

    /// The largest |coefficient| of `symbol` in constraint rows (0 when it is in none):
    /// the reference of the pivot rule.
    @inline(__always)
    mutating func columnLargest(_ symbol: Int32) -> Double {
        let info = symbols[symbol]
        var largest = 0.0
        for index in 0..<Int(info.columnCount) {
            let element = info.column[index]
            if rows[element.row].kind == .constraint {
                largest = Self.larger(largest, abs(rows[element.row].entries[Int(element.entry)].coefficient))
            }
        }
        return largest
    }

    /// The largest |coefficient| in a row.
    @inline(__always)
    mutating func rowScale(_ row: Int32) -> Double {
        let header = rows[row]
        var scale = 0.0
        for index in 0..<Int(header.count) { scale = Self.larger(scale, abs(header.entries[index].coefficient)) }
        return scale
    }

    /// |constant| + Σ|coefficient × value| of a constraint at the tableau's current values:
    /// the magnitude its residual is measured against.
    mutating func magnitude(of constraint: Constraint, constant: Double? = nil) -> Double {
        var scale = abs(constant ?? constraint.constant)
        for term in constraint.terms {
            scale += abs(term.coefficient * currentValue(term.variable.id))
        }
        return scale
    }

    /// The largest |value| of a basic symbol: the scale of the numbers every value in
    /// the tableau was computed from.
    ///
    /// - Complexity: O(rows).
    mutating func largestBasicValue() -> Double {
        var largest = 0.0
        for row in 0..<Int32(rows.count) where rows[row].kind == .constraint {
            largest = max(largest, abs(rows[row].constant))
        }
        return largest
    }

    /// The rounding a constraint's residual carries at the current values, whatever
    /// its own magnitude: a value computed from numbers as large as `valueScale` is
    /// known only to `valueNoise` of it, so a constraint over values that are exactly
    /// zero in exact arithmetic (x ≥ 0 and x ≤ 0 together) still sees
    /// `Σ|a| · valueNoise · valueScale` of rounding.
    @inline(__always)
    mutating func roundingFloor(of constraint: Constraint, valueScale: Double) -> Double {
        Self.valueNoise * valueScale * Self.coefficientSum(of: constraint)
    }

    /// Σ|coefficient| of a constraint: its magnitude were every value one unit.
    @inline(__always)
    static func coefficientSum(of constraint: Constraint) -> Double {
        var size = 0.0
        for term in constraint.terms { size += abs(term.coefficient) }
        return size
    }

    /// The magnitude of the constraint that owns a restricted symbol, or 1.
    mutating func ownerMagnitude(_ symbol: Int32) -> Double {
        let owner = symbols[symbol].owner
        guard owner >= 0, let constraint = records[Int(owner)].constraint else { return 1 }
        return max(magnitude(of: constraint), Double.leastNormalMagnitude)
    }

    /// The scale verification measures a constraint's residual against: its
    /// `magnitude` at the current values, but at least Σ|coefficient|, its magnitude
    /// were every value one unit. Values far below a unit (a point) are mostly zeros
    /// of exact arithmetic, known only to the rounding of the much larger numbers they
    /// were computed from; the audit's own rule has the same floor.
    mutating func verificationScale(of constraint: Constraint) -> Double {
        max(magnitude(of: constraint), Self.coefficientSum(of: constraint), Double.leastNormalMagnitude)
    }

    /// Widens the range of installed coefficient magnitudes with a new constraint's.
    mutating func noteCoefficients(of constraint: Constraint) {
        for term in constraint.terms where term.coefficient != 0 {
            let size = abs(term.coefficient)
            numerics.smallestCoefficient = min(numerics.smallestCoefficient, size)
            numerics.largestCoefficient = max(numerics.largestCoefficient, size)
        }
        if numerics.largestCoefficient > Self.wideCoefficientRange * numerics.smallestCoefficient {
            numerics.wide = true
        }
    }

    /// Whether the operation just finished must be verified.
    var needsVerification: Bool { numerics.suspect || numerics.wide || numerics.illConditioned }

    // MARK: Verification

    /// Rebuilds every objective row from the error symbols of the installed
    /// non-required constraints, replacing the kept row where they differ.
    ///
    /// - Returns: Whether any row differed by more than rounding.
    ///
    /// Verification keeps the fresh row even where the two agree within rounding: a
    /// kept row can hold a leftover of 1e-9 on a symbol that is not in the objective at
    /// all (after a near-parallel constraint came and went), which the lexicographic
    /// test reads as a real positive component and so never looks at the levels below.
    mutating func refreshObjectiveRows() -> Bool {
        var changed = false
        for levelIndex in 0..<levels.count where refreshObjectiveRow(levelIndex, keepingFresh: true) {
            changed = true
        }
        return changed
    }

    /// Rebuilds one level's objective row from scratch and resets its accumulated
    /// magnitude. The work is not the caller's: the work counters are left as they were.
    ///
    /// - Parameter keepingFresh: Replace the kept row whenever it is not the fresh one
    ///   exactly, not only when they differ by more than rounding.
    /// - Returns: Whether the kept row was replaced.
    @inline(never)
    mutating func refreshObjectiveRow(_ levelIndex: Int, keepingFresh: Bool = false) -> Bool {
        let work = (counters.rowAdditions, counters.cellUpdates, counters.substitutions)
        defer { (counters.rowAdditions, counters.cellUpdates, counters.substitutions) = work }
        let level = levels[levelIndex]
        let fresh = freshObjectiveRow(level.priority)
        let tolerance = keepingFresh ? 0 : 1e-10 * max(rowMagnitude[level.row], rowMagnitude[fresh])
        let differs = !rowsAgree(level.row, fresh, tolerance: tolerance)
        if differs {
            while rows[level.row].count > 0 { removeEntry(row: level.row, at: rows[level.row].count - 1) }
            rows[level.row].constant = rows[fresh].constant
            for index in 0..<Int(rows[fresh].count) {
                let entry = rows[fresh].entries[index]
                appendEntry(row: level.row, symbol: entry.symbol, coefficient: entry.coefficient)
                touch(entry.symbol)
            }
        }
        rowMagnitude[level.row] = rowMagnitude[fresh]
        levels[levelIndex].magnitudeAtRefresh = max(rowMagnitude[fresh], Double.leastNormalMagnitude)
        releaseRow(fresh)
        return differs
    }

    /// Drift detection: an objective row whose accumulated magnitude has grown by
    /// `driftFactor` since it was last built is rebuilt from scratch, so that its
    /// rounding stays small next to its real reduced costs.
    @inline(__always)
    mutating func refreshDriftedObjectiveRows() {
        for levelIndex in 0..<levels.count {
            let level = levels[levelIndex]
            if _slowPath(level.magnitudeAtRefresh == 0) {
                levels[levelIndex].magnitudeAtRefresh = max(rowMagnitude[level.row], Double.leastNormalMagnitude)
            } else if _slowPath(rowMagnitude[level.row] > Self.driftFactor * level.magnitudeAtRefresh) {
                numerics.repairs.driftRefreshes &+= 1
                _ = refreshObjectiveRow(levelIndex)
            }
        }
    }

    /// A scratch row (to be released by the caller) holding the objective of
    /// `priority` built from scratch: the weighted error symbols of its constraints,
    /// with basic ones replaced by their rows.
    mutating func freshObjectiveRow(_ priority: Float) -> Int32 {
        let fresh = makeRow(kind: .artificialObjective, basic: -1)
        for slot in 0..<records.count {
            let record = records[slot]
            guard record.constraint != nil, record.priority == priority else { continue }
            let (first, second) = errorSymbols(of: Int32(slot))
            if first >= 0 { addObjectiveTerm(objective: fresh, symbol: first, weight: record.weight) }
            if second >= 0 { addObjectiveTerm(objective: fresh, symbol: second, weight: record.weight) }
        }
        return fresh
    }

    /// Whether two rows hold the same entries within `tolerance`.
    mutating func rowsAgree(_ kept: Int32, _ fresh: Int32, tolerance: Double) -> Bool {
        let keptHeader = rows[kept]
        let freshHeader = rows[fresh]
        for index in 0..<Int(keptHeader.count) {
            let entry = keptHeader.entries[index]
            if abs(entry.coefficient - coefficient(row: fresh, symbol: entry.symbol)) > tolerance { return false }
        }
        for index in 0..<Int(freshHeader.count) {
            let entry = freshHeader.entries[index]
            if findEntry(row: kept, symbol: entry.symbol) < 0 && abs(entry.coefficient) > tolerance { return false }
        }
        return true
    }

    /// Whether the solution satisfies every installed required constraint (on its
    /// original coefficients) and every restricted row is feasible, within
    /// `verificationTolerance` of each constraint's `verificationScale`.
    mutating func solutionHolds() -> Bool {
        for slot in 0..<records.count {
            guard let constraint = records[slot].constraint, records[slot].priority >= 1000 else { continue }
            var value = constraint.constant
            for term in constraint.terms { value += term.coefficient * currentValue(term.variable.id) }
            let tolerance = Self.verificationTolerance * verificationScale(of: constraint)
            let holds: Bool
            switch constraint.relation {
            case .equal: holds = abs(value) <= tolerance
            case .lessThanOrEqual: holds = value <= tolerance
            case .greaterThanOrEqual: holds = value >= -tolerance
            }
            if !holds || !value.isFinite {
                return false
            }
        }
        for row in 0..<Int32(rows.count) where rows[row].kind == .constraint {
            let header = rows[row]
            if !header.constant.isFinite { return false }
            let kind = symbols[header.basic].kind
            guard kind != .external else { continue }
            let owner = symbols[header.basic].owner
            let scale = owner >= 0 ? records[Int(owner)].constraint.map { verificationScale(of: $0) } ?? 1 : 1
            let tolerance = Self.verificationTolerance * scale
            if header.constant < -tolerance || (kind == .dummy && abs(header.constant) > tolerance) {
                return false
            }
        }
        return true
    }

    /// Verifies the state after an operation, refreshing objective rows and
    /// rebuilding the tableau when needed.
    ///
    /// - Returns: Whether the state is sound (possibly after repair).
    /// - Parameter refused: Receives the constraints a rebuild could not reinstall.
    mutating func verifyAndRepair(refused: inout [RebuildRefusal], last: Constraint? = nil) -> Bool {
        numerics.repairs.verifications &+= 1
        numerics.suspect = false
        // At the end of a batch, the batch's own adds are judged; the rest hold.
        if let solution = solveExactly(last: last, holdingBelow: last == nil ? batchStartSequence : .max) {
            refused = solution.refused
            // The operation on `last` is what the required constraints exclude: the
            // caller undoes it and rebuilds; the tableau is left for that.
            if let last, refused.count == 1, refused[0].constraint === last { return false }
            installExact(solution)
            return refused.isEmpty
        }
        if refreshObjectiveRows() {
            numerics.repairs.objectiveRefreshes &+= 1
            optimizeObjective()
        }
        // Suspicion only decides that verification runs; the verdict is the solution's.
        // One refinement step always runs first: on a wide system the values carry the
        // rounding of every substitution, and a step costs one pass over the markers.
        numerics.suspect = false
        if (refineSolution() && solutionHolds()) || refineUntilHolds() { return true }
        return rebuildTableau(refused: &refused)
    }

    // MARK: Iterative refinement

    /// One step of iterative refinement in tableau form.
    ///
    /// Each installed constraint reads `expression + μ·marker − μ·other = 0` in the
    /// tableau. Rounding leaves a residual r when that relation is evaluated on the
    /// constraint's original coefficients at the current values: the tableau behaves
    /// as if the constant were off by r. Shifting the tableau by r for every
    /// constraint (the same substitution as an in-place constant change, through the
    /// marker's column) applies the correction −B⁻¹r to the basic values without
    /// any new factorization: the marker columns of the tableau are B⁻¹'s columns.
    /// The dual simplex then restores any feasibility the correction disturbed.
    ///
    /// - Returns: Whether the dual simplex succeeded.
    mutating func refineSolution() -> Bool {
        numerics.repairs.refinements &+= 1
        var residuals: [(slot: Int32, residual: Double)] = []
        for slot in 0..<records.count {
            guard let constraint = records[slot].constraint else { continue }
            let record = records[slot]
            var residual = constraint.constant
            for term in constraint.terms { residual += term.coefficient * currentValue(term.variable.id) }
            residual += record.markerCoefficient * currentValue(record.marker)
            if record.other >= 0 { residual -= record.markerCoefficient * currentValue(record.other) }
            if residual != 0 && residual.isFinite { residuals.append((Int32(slot), residual)) }
        }
        for (slot, residual) in residuals { _ = applyShift(slot: slot, delta: residual) }
        return optimizeFeasibility() < 0
    }

    /// Refines up to three times, until the solution verifies.
    mutating func refineUntilHolds() -> Bool {
        for _ in 0..<3 {
            guard refineSolution() else { return false }
            if solutionHolds() { return true }
        }
        return false
    }

    // MARK: Rebuilding

    /// Rebuilds the tableau from scratch from the installed constraints, in the
    /// order they were added, with their current constants, priorities and edits,
    /// and optimizes it. External variables keep their ids.
    ///
    /// Constraints that a rebuild could not reinstall lose their records and are
    /// listed in `refused` with what they conflict with: installed in a
    /// better-conditioned order, a required constraint accepted within rounding can
    /// turn out to be unsatisfiable.
    ///
    /// - Returns: Whether the rebuilt tableau installed every constraint and verifies.
    mutating func rebuildTableau(refused: inout [RebuildRefusal], last: Constraint? = nil) -> Bool {
        numerics.repairs.tableauRebuilds &+= 1
        numerics.suspect = false
        if let solution = solveExactly(last: last) {
            installExact(solution)
            refused = solution.refused
            return refused.isEmpty
        }
        let saved = counters
        // Required constraints first, then by descending priority: a required equality
        // that ties two variables together installed before the soft rows on them keeps
        // a near-parallel soft pair from being solved on its own, where it amplifies
        // rounding by its condition number into every row it touches.
        let installed = forgetTableau()
        var complete = true
        refused.removeAll()
        for (constraint, edited) in installed {
            if let conflicts = install(constraint) {
                complete = false
                refused.append((constraint, conflicts.compactMap { records[Int($0)].constraint }))
                continue
            }
            if edited >= 0 {
                records[Int(constraint.slot)].editedVariable = edited
                symbols[edited].edit = constraint.slot
                editCount += 1
            }
        }
        optimizeObjective()
        // The rebuild is repair, not the caller's work: keep the work counters it
        // caused, but not the constraint counts a reinstall would add.
        keepConstraintCounts(saved)
        numerics.suspect = false
        return complete && (solutionHolds() || refineUntilHolds())
    }
}

extension SolverCore {
    /// Puts back the counts of constraints, conflicts, artificial phases and levels that
    /// a reinstall of the installed constraints (a repair) would add.
    mutating func keepConstraintCounts(_ saved: SolverCounters) {
        counters.constraintsAdded = saved.constraintsAdded
        counters.unsatisfiableDetections = saved.unsatisfiableDetections
        counters.artificialPhases = saved.artificialPhases
        counters.objectiveLevelsCreated = saved.objectiveLevelsCreated
    }
}

/// A constraint a rebuild of the tableau could not reinstall, with the installed
/// required constraints it conflicts with.
typealias RebuildRefusal = (constraint: Constraint, conflicts: [Constraint])

/// The numerical state of a solver: the range of its coefficients, whether the
/// last operation met trouble, and the repair counts.
struct NumericalState {
    var smallestCoefficient = Double.infinity
    var largestCoefficient = 0.0
    /// The installed coefficients span more than `wideCoefficientRange`.
    var wide = false
    /// A pivot element was below 1/`wideCoefficientRange` of its row's largest entry.
    var illConditioned = false
    /// Something that cannot happen in exact arithmetic happened during the current operation.
    var suspect = false
    var repairs = NumericalRepairs()
}

extension SolverCore {
    /// Drops a constraint's record without touching the tableau, which the caller
    /// rebuilds next (the refusal path of a numerically unstable operation).
    mutating func forget(_ constraint: Constraint) {
        let slot = constraint.slot
        guard slot >= 0, records[Int(slot)].constraint === constraint else { return }
        let edited = records[Int(slot)].editedVariable
        if edited >= 0 { symbols[edited].edit = -1 }
        freeSlot(slot)
        constraint.slot = -1
        constraint.ownerTag = 0
    }
}
