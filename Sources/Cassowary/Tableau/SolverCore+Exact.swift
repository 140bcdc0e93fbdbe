// When the exact arbiter (Exact/ExactTableau.swift) decides, and how its answer
// becomes the floating-point tableau.
//
// The arbiter runs where double precision is known not to decide reliably: on the
// systems the solver already verifies after every operation (coefficients spanning
// more than `wideCoefficientRange`, an ill-conditioned pivot, or an operation that met
// something impossible in exact arithmetic), and only while the installed constraints
// are at most `exactConstraintLimit`. There it replaces verification: the installed
// constraints are solved from scratch in rational arithmetic, and the result, rounded
// once per entry, becomes the tableau. A required add or constant change that the
// floating-point path refused is asked again, exactly, before it is refused. Layouts
// with well-scaled coefficients never reach it: their counters are the
// floating-point path's alone.

extension SolverCore {
    /// The most installed constraints the arbiter solves. Past it, a wide system is
    /// verified in double precision only (docs/solver.md, "The exact arbiter").
    static let exactConstraintLimit = 96

    /// The installed constraints (and `adding`) solved exactly, or `nil` when the
    /// arbiter does not run (too many constraints, or it gave up). Inside a batch, the
    /// constants are the tableau's: a change the batch deferred is not in them yet.
    ///
    /// - Parameters:
    ///   - last: Installed after every other required constraint, so that it is the
    ///     one refused when the required constraints contradict: the constraint being
    ///     added or changed.
    ///   - adding: A constraint that has no record yet.
    ///   - holdingBelow: Constraints added before this sequence number (and not `last`)
    ///     hold whatever their least violation: their verdicts were reached when they
    ///     were added. Every installed one by default; the batch's start at its end.
    mutating func solveExactly(last: Constraint?, adding: Constraint? = nil, holdingBelow: Int = .max) -> ExactSolution? {
        var order: [(constraint: Constraint, edited: Int32, sequence: Int, constant: Double)] = []
        for slot in 0..<records.count {
            guard let constraint = records[slot].constraint else { continue }
            let record = records[slot]
            let constant = record.pendingListed ? constraint.constant - record.pendingDelta : constraint.constant
            order.append((constraint, record.editedVariable, record.sequence, constant))
        }
        if let adding { order.append((adding, -1, Int.max, adding.constant)) }
        guard order.count <= Self.exactConstraintLimit else { return nil }
        // Required first, in the order added (the last one last), then the rest by
        // descending priority: the same order as a rebuild.
        order.sort { lhs, rhs in
            let left = (lhs.constraint.priority.isRequired, lhs.constraint === last, lhs.sequence)
            let right = (rhs.constraint.priority.isRequired, rhs.constraint === last, rhs.sequence)
            if left.0 != right.0 { return left.0 }
            if left.0 {
                return left.1 != right.1 ? !left.1 : left.2 < right.2
            }
            let (leftPriority, rightPriority) = (lhs.constraint.priority.value, rhs.constraint.priority.value)
            return leftPriority != rightPriority ? leftPriority > rightPriority : left.2 < right.2
        }
        do {
            let items = order.map { item in
                (
                    constraint: item.constraint, edited: item.edited, constant: item.constant,
                    held: item.sequence < holdingBelow && item.constraint !== last
                )
            }
            var solution = try Self.solveExactly(items, externalCount: symbols.count)
            // A required set that holds only at values beyond `exactValueLimit` is held to
            // be unsatisfiable: those constraints are refused, and the rest solved again.
            if let bounded = try Self.refusedWithinBounds(items, solution, externalCount: symbols.count),
                !bounded.isEmpty
            {
                let kept = items.filter { item in !bounded.contains { $0.constraint === item.constraint } }
                solution = try Self.solveExactly(kept, externalCount: symbols.count)
                solution.refused = bounded + solution.refused
            }
            return solution
        } catch {
            numerics.repairs.exactAbandoned &+= 1
            return nil
        }
    }

    /// Values beyond this magnitude are not a layout: a double has no unit precision past
    /// 2^53 ≈ 9e15, so a required set that holds only out there cannot be shown holding.
    static let exactValueLimit = 1e15

    /// Installs `order` in an exact tableau, required constraints first as given.
    private static func solveExactly(
        _ order: [ExactItem], externalCount: Int,
        bounds: [(column: Int32, limit: Double)] = []
    ) throws(ExactTableau.Abandoned) -> ExactSolution {
        var tableau = ExactTableau(externalCount: externalCount, constraintCount: order.count + 2 * bounds.count)
        var conflicts: [Int32] = []
        for bound in bounds {
            // −limit ≤ x ≤ limit, before everything else.
            for sign in [1.0, -1.0] {
                let constraint = ExactConstraint(
                    terms: [(bound.column, Rational(sign))], constant: -bound.limit, relation: .lessThanOrEqual, required: true,
                    priority: 1000, weight: 1)
                _ = try tableau.add(constraint, index: -1, conflicts: &conflicts)
            }
        }
        var constraints: [ExactConstraint] = []
        constraints.reserveCapacity(order.count)
        for item in order {
            guard var exact = exactConstraint(item.constraint, constant: item.constant) else { throw .unrepresentable }
            exact.held = item.held
            constraints.append(exact)
        }
        ExactConstraint.oneLinePerCopy(&constraints)
        var entries: [ExactSolution.Entry] = []
        var refused: [RebuildRefusal] = []
        for (index, item) in order.enumerated() {
            let markers = try tableau.add(constraints[index], index: Int32(index), conflicts: &conflicts)
            entries.append(.init(constraint: item.constraint, edited: item.edited, markers: markers))
            if markers == nil {
                refused.append((item.constraint, conflicts.filter { $0 >= 0 }.map { order[Int($0)].constraint }))
            }
        }
        try tableau.optimize()
        return ExactSolution(tableau: tableau, entries: entries, refused: refused)
    }

    /// When `solution` puts an external beyond `exactValueLimit`: the constraints that a
    /// tableau with every such external bounded by the limit refuses (`nil` when none is beyond).
    private static func refusedWithinBounds(
        _ order: [ExactItem], _ solution: ExactSolution, externalCount: Int
    ) throws(ExactTableau.Abandoned) -> [RebuildRefusal]? {
        var bounds: [(column: Int32, limit: Double)] = []
        for (column, row) in solution.tableau.rows where column < externalCount {
            if abs(row.value.doubleValue) > exactValueLimit { bounds.append((column, exactValueLimit)) }
        }
        guard !bounds.isEmpty else { return nil }
        bounds.sort { $0.column < $1.column }
        let required = order.filter { $0.constraint.priority.isRequired }
        return try solveExactly(required, externalCount: externalCount, bounds: bounds).refused
    }

    /// A constraint as the arbiter reads it, with `constant`, or `nil` when a number is not finite.
    private static func exactConstraint(_ constraint: Constraint, constant: Double) -> ExactConstraint? {
        guard constant.isFinite, constraint.weight.isFinite else { return nil }
        // One exact coefficient per variable, in the order of the variables' ids.
        var summed: [Int32: Rational] = [:]
        for term in constraint.terms {
            guard term.coefficient.isFinite else { return nil }
            summed[term.variable.id] = (summed[term.variable.id] ?? .zero) + Rational(term.coefficient)
        }
        let terms = summed.filter { !$0.value.isZero }.sorted { $0.key < $1.key }.map { (column: $0.key, coefficient: $0.value) }
        let relation: ExactConstraint.Relation =
            switch constraint.relation {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return ExactConstraint(
            terms: terms, constant: constant, relation: relation,
            required: constraint.priority.isRequired, priority: constraint.priority.value, weight: constraint.weight)
    }

    /// Replaces the tableau by the arbiter's, each number rounded once. Refused
    /// constraints lose their records, as in a rebuild. The work counters are left as
    /// they were: this is repair, not the caller's work. Each constraint keeps its
    /// sequence number (the order it was added in, which decides what a batch's end
    /// judges) and, inside a batch, its deferred constant change.
    mutating func installExact(_ solution: ExactSolution) {
        numerics.repairs.exactSolutions &+= 1
        let saved = counters
        let externalCount = symbols.count
        var kept: [ObjectIdentifier: (sequence: Int, pendingDelta: Double, pendingListed: Bool)] = [:]
        for record in records {
            guard let constraint = record.constraint else { continue }
            kept[ObjectIdentifier(constraint)] = (record.sequence, record.pendingDelta, record.pendingListed)
        }
        pendingShiftSlots.removeAll(keepingCapacity: true)
        _ = forgetTableau()
        let tableau = solution.tableau
        var symbolOf = [Int32](repeating: -1, count: tableau.kinds.count)
        for symbol in 0..<Int32(externalCount) where symbols[symbol].kind == .external {
            symbolOf[Int(symbol)] = symbol
        }
        for entry in solution.entries {
            guard let markers = entry.markers else { continue }
            let constraint = entry.constraint
            let slot = allocateSlot(for: constraint)
            if let old = kept[ObjectIdentifier(constraint)] {
                records[Int(slot)].sequence = old.sequence
                records[Int(slot)].pendingDelta = old.pendingDelta
                records[Int(slot)].pendingListed = old.pendingListed
                if old.pendingListed { pendingShiftSlots.append(slot) }
            }
            noteCoefficients(of: constraint)
            for column in [markers.marker, markers.other] where column >= 0 {
                let kind: SymbolKind =
                    switch tableau.kinds[Int(column)] {
                    case .slack: .slack
                    case .error: .error
                    default: .dummy
                    }
                symbolOf[Int(column)] = makeSymbol(kind, owner: slot)
            }
            records[Int(slot)].marker = symbolOf[Int(markers.marker)]
            records[Int(slot)].other = markers.other >= 0 ? symbolOf[Int(markers.other)] : -1
            records[Int(slot)].markerCoefficient = markers.markerCoefficient
            if !constraint.priority.isRequired { retainLevel(constraint.priority.value) }
            constraint.slot = slot
            installedCount += 1
            if entry.edited >= 0 {
                records[Int(slot)].editedVariable = entry.edited
                symbols[entry.edited].edit = slot
                editCount += 1
            }
        }
        for basic in tableau.rows.keys.sorted() {
            guard let exact = tableau.rows[basic] else { continue }
            let row = makeRow(kind: .constraint, basic: symbolOf[Int(basic)])
            rows[row].constant = exact.value.doubleValue
            for column in exact.cells.keys.sorted() {
                let value = exact.doubleValue(of: column)
                guard value != 0 else { continue }
                appendEntry(row: row, symbol: symbolOf[Int(column)], coefficient: value)
            }
            markDirty(symbolOf[Int(basic)])
            noteRowChanged(row)
        }
        for level in tableau.objectives {
            let row = objectiveRow(for: level.priority)
            rows[row].constant = level.row.value.doubleValue
            var magnitude = 0.0
            for column in level.row.cells.keys.sorted() {
                let value = level.row.doubleValue(of: column)
                guard value != 0 else { continue }
                appendEntry(row: row, symbol: symbolOf[Int(column)], coefficient: value)
                touch(symbolOf[Int(column)])
                magnitude += abs(value)
            }
            for slot in 0..<records.count where records[slot].constraint != nil && records[slot].priority == level.priority {
                magnitude += 2 * records[slot].weight
            }
            rowMagnitude[row] = magnitude
            levels[levelIndex(of: level.priority)].magnitudeAtRefresh = max(magnitude, Double.leastNormalMagnitude)
        }
        keepConstraintCounts(saved)
        counters.rowsCreated = saved.rowsCreated
        counters.rowsRemoved = saved.rowsRemoved
        numerics.suspect = false
    }

    /// Asks the arbiter about a required add or constant change that the
    /// floating-point path refused.
    ///
    /// - Returns: `nil` when the arbiter does not run; `true` when the change holds
    ///   exactly (its solution is then the tableau); `false` when it is refused
    ///   exactly too, with `conflicts` naming the required constraints it contradicts
    ///   (the tableau is then untouched).
    mutating func arbitrate(_ constraint: Constraint, adding: Bool, conflicts: inout [Constraint]) -> Bool? {
        guard needsVerification, let solution = solveExactly(last: constraint, adding: adding ? constraint : nil)
        else { return nil }
        if let refusal = solution.refused.first(where: { $0.constraint === constraint }) {
            conflicts = refusal.conflicts
            return false
        }
        // An older constraint that no longer holds is the verification's to report.
        guard solution.refused.isEmpty else { return nil }
        installExact(solution)
        // The floating-point refusal this overturns was counted as a detection.
        counters.unsatisfiableDetections &-= 1
        return true
    }

    /// Forgets every row, internal symbol and record, keeping external symbols and
    /// their ids.
    ///
    /// - Returns: The installed constraints with their edited variables, required
    ///   first, then by descending priority, each group in the order added.
    mutating func forgetTableau() -> [(constraint: Constraint, edited: Int32)] {
        var installed: [(constraint: Constraint, edited: Int32)] = []
        for record in records.sorted(by: { ($0.priority, -$0.sequence) > ($1.priority, -$1.sequence) }) {
            guard let constraint = record.constraint else { continue }
            installed.append((constraint, record.editedVariable))
        }
        for row in 0..<Int32(rows.count) where rows[row].kind != .free {
            rows[row].count = 0
            rows[row].kind = .free
            rows[row].basic = -1
            rows[row].listedInfeasible = false
            freeRows.append(row)
        }
        for symbol in 0..<Int32(symbols.count) {
            symbols[symbol].columnCount = 0
            symbols[symbol].row = -1
            symbols[symbol].improving = false
            switch symbols[symbol].kind {
            case .external:
                symbols[symbol].edit = -1
                markDirty(symbol)
            case .unused:
                break
            default:
                symbols[symbol].kind = .unused
                symbols[symbol].owner = -1
                freeSymbols.append(symbol)
            }
        }
        levels.removeAll()
        infeasible.removeAll()
        improving.removeAll()
        touched.removeAll()
        touchEpoch &+= 1
        for slot in 0..<records.count where records[slot].constraint != nil {
            records[slot].constraint?.slot = -1
            freeSlot(Int32(slot))
        }
        counters.rowsLive = 0
        counters.columnsLive = 0
        counters.objectiveLevelsLive = 0
        installedCount = 0
        editCount = 0
        return installed
    }
}

/// A constraint as the arbiter installs it: its edited variable, the constant the
/// tableau holds for it, and whether it holds whatever its least violation.
typealias ExactItem = (constraint: Constraint, edited: Int32, constant: Double, held: Bool)

/// The arbiter's answer for the installed constraints.
struct ExactSolution {
    struct Entry {
        var constraint: Constraint
        var edited: Int32
        /// `nil` when the constraint was refused.
        var markers: ExactMarkers?
    }

    var tableau: ExactTableau
    /// Every constraint in the order the arbiter added it.
    var entries: [Entry]
    var refused: [RebuildRefusal]
}
