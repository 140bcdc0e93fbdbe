// The exact arbiter: Cassowary's tableau algorithm in rational arithmetic.
//
// Double precision cannot decide every system the solver accepts. When coefficients
// span several orders of magnitude, a required add can leave a feasible sliver
// thinner than the rounding of the values around it, and a reduced cost can be a
// real 1e-9 next to entries of 1e8. No tolerance separates the two cases, because in
// double precision they are the same numbers. Production LP codes meet this the
// same way: they certify the floating-point answer in exact arithmetic, or
// re-solve from the last basis in exact arithmetic when they cannot (QSopt_ex,
// Applegate, Cook, Dash & Espinoza 2007; SoPlex's iterative refinement with a
// rational fallback, Gleixner, Steffy & Wolter 2016).
//
// This type is the same algorithm as `SolverCore` (Badros, Borning & Stuckey 2001:
// augmented simplex form, markers and errors per constraint, an artificial phase
// for a required row without a subject, a lexicographic objective with one row per
// priority level, as NSISEngine's priority vectors), on `Rational`s, from scratch.
// Every comparison with zero is exact, so it has no tolerance to choose. The entering
// column is Dantzig's choice (the most negative reduced cost), Bland's (the lowest id)
// after a run of degenerate pivots (`PivotRule`); the lowest basic id leaves among
// ties. `SolverCore+Exact.swift` decides when it runs and writes its result back into
// the floating-point tableau.

import BigInt

/// What a column of the exact tableau stands for (the same kinds as `SymbolKind`).
enum ExactKind: UInt8 {
    case external, slack, error, dummy, artificial
}

/// A row `basic = (constant + Σ cells) / denominator`, or an objective row, kept
/// fraction-free: integer numerators over one positive common denominator, divided by
/// their greatest common divisor after each operation. Arithmetic on a row's rationals
/// one by one spent 88% of its time in the greatest common divisors of every entry
/// (perf, wide3 sequence 243 of seed 1); one per row is enough.
struct ExactRow {
    private(set) var constant: BigInt = 0
    /// The numerators of the row's entries (never zero).
    private(set) var cells: [Int32: BigInt] = [:]
    private(set) var denominator: BigInt = 1

    init() {}

    init(constant: Rational) {
        self.constant = constant.numerator
        denominator = constant.denominator
    }

    /// The row's constant as a rational (not reduced).
    var value: Rational { Rational(unreduced: constant, denominator: denominator) }
    var constantIsZero: Bool { constant.isZero }
    var constantIsNegative: Bool { constant.isNegative }

    /// The sign of a column's entry (0 when the row does not hold it).
    func sign(of column: Int32) -> Int { cells[column].map { $0.isNegative ? -1 : 1 } ?? 0 }

    /// A column's entry as a rational (not reduced).
    func coefficient(of column: Int32) -> Rational? {
        cells[column].map { Rational(unreduced: $0, denominator: denominator) }
    }

    func doubleValue(of column: Int32) -> Double {
        coefficient(of: column)?.doubleValue ?? 0
    }

    /// The largest bit width of the row's numbers.
    var bitWidth: Int {
        cells.values.reduce(max(constant.magnitude.bitWidth, denominator.magnitude.bitWidth)) {
            max($0, $1.magnitude.bitWidth)
        }
    }

    mutating func add(_ value: Rational, to column: Int32) {
        // N/D + (p/q)·column = (N·q + D·p·column) / (D·q)
        let numerator = denominator * value.numerator
        scale(by: value.denominator)
        addNumerator(numerator, to: column)
        normalize()
    }

    /// Adds `factor` times `row`.
    mutating func add(_ row: ExactRow, times factor: Rational) {
        guard !factor.isZero else { return }
        // N/D + (p/q)·M/E = (N·q·E + p·D·M) / (D·q·E)
        combine(with: row, multiplier: factor.numerator * denominator, scale: factor.denominator)
    }

    /// Replaces `column` by the expression of its defining row.
    mutating func substitute(_ column: Int32, with row: ExactRow) {
        guard let numerator = cells.removeValue(forKey: column) else { return }
        // (N' + n·(M/E)) / D = (N'·E + n·M) / (D·E)
        combine(with: row, multiplier: numerator, scale: 1)
    }

    /// `(N·s·E + m·M) / (D·s·E)`: this row (N/D) over `scale` s, plus `multiplier` m times
    /// the numerators of `row` (M/E).
    private mutating func combine(with row: ExactRow, multiplier: BigInt, scale: BigInt) {
        self.scale(by: scale * row.denominator)
        constant += multiplier * row.constant
        for (column, value) in row.cells { addNumerator(multiplier * value, to: column) }
        normalize()
    }

    /// Replaces `column` by a fixed value.
    mutating func fix(_ column: Int32, at value: Rational) {
        guard let numerator = cells.removeValue(forKey: column) else { return }
        scale(by: value.denominator)
        constant += numerator * value.numerator
        normalize()
    }

    /// Rewrites `0 = constant + Σ cells` as `column = …`.
    mutating func solve(for column: Int32) {
        guard var divisor = cells.removeValue(forKey: column) else { return }
        // column = −(N_rest / D) / (n / D) = −N_rest / n
        var negate = true
        if divisor.isNegative {
            divisor.negate()
            negate = false
        }
        if negate {
            constant.negate()
            for key in cells.keys { cells[key]?.negate() }
        }
        denominator = divisor
        normalize()
    }

    /// Rewrites `basic = constant + Σ cells` (with `entering` among the cells) as `entering = …`.
    mutating func solve(for entering: Int32, replacing basic: Int32) {
        cells[basic] = -denominator
        solve(for: entering)
    }

    mutating func negate() {
        constant.negate()
        for key in cells.keys { cells[key]?.negate() }
    }

    mutating func clearConstant() { constant = 0 }

    mutating func remove(_ column: Int32) { cells[column] = nil }

    private mutating func scale(by factor: BigInt) {
        guard factor != 1 else { return }
        constant *= factor
        denominator *= factor
        for key in cells.keys { cells[key]? *= factor }
    }

    private mutating func addNumerator(_ value: BigInt, to column: Int32) {
        guard !value.isZero else { return }
        let sum = (cells[column] ?? 0) + value
        cells[column] = sum.isZero ? nil : sum
    }

    /// Divides every number by their greatest common divisor (stopping at 1).
    ///
    /// The divisor starts from the shortest number, so that it is short from the first
    /// step. `perf` showed 33% of a wide3 sequence's time in BigUInt's binary GCD
    /// when it started from the denominator (wide3 sequence 84 of seed 20261126: 10.0 s
    /// before, 3.2 s starting from the shortest number).
    private mutating func normalize() {
        if constant.isZero && cells.isEmpty {
            denominator = 1
            return
        }
        var shortest = denominator.magnitude
        if !constant.isZero, constant.magnitude.bitWidth < shortest.bitWidth { shortest = constant.magnitude }
        for value in cells.values where value.magnitude.bitWidth < shortest.bitWidth { shortest = value.magnitude }
        var divisor = shortest
        // One division first: the binary algorithm then runs on numbers of the
        // divisor's length, not on the longer operand's.
        func reduce(with value: BigUInt) {
            guard divisor != 1, !value.isZero else { return }
            let remainder = value % divisor
            divisor = remainder.isZero ? divisor : divisor.lehmerGCD(with: remainder)
        }
        reduce(with: denominator.magnitude)
        reduce(with: constant.magnitude)
        for value in cells.values where divisor != 1 { reduce(with: value.magnitude) }
        guard divisor != 1 else { return }
        let common = BigInt(divisor)
        constant /= common
        denominator /= common
        for key in cells.keys { cells[key]? /= common }
    }
}

/// One constraint as the arbiter reads it: `constant + Σ coefficient·column (relation) 0`.
struct ExactConstraint {
    enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// Exact coefficients, one per column, none zero (a copy's are its original's times
    /// the ratio: `ExactConstraint.oneLinePerCopy`).
    var terms: [(column: Int32, coefficient: Rational)]
    var constant: Double
    var relation: Relation
    var required: Bool
    var priority: Float
    var weight: Double
    /// Installed before the operation being decided: it was judged when it was added,
    /// and holds whatever its least violation now (a verdict is not taken back because
    /// the order or the values around it changed).
    var held = false
}

/// Where a constraint's marker and error columns are, as `SolverCore.install` makes them.
struct ExactMarkers {
    var marker: Int32
    var other: Int32
    var markerCoefficient: Double
}

/// Cassowary on rationals, built from scratch one constraint at a time.
struct ExactTableau {
    /// Why the arbiter stopped without an answer: the floating-point path then decides.
    enum Abandoned: Error {
        /// The numbers grew past `bitLimit` or the pivots past their budget.
        case tooCostly
        /// An improving direction that no row bounds: impossible in exact arithmetic
        /// (the objective is a sum of nonnegative errors), so the input is not what it seems.
        case unbounded
        /// A number of the input is not finite.
        case unrepresentable
    }

    /// Past this many bits in one number the arbiter gives up (a few kilobytes per number).
    static let bitLimit = 16_384

    private(set) var kinds: [ExactKind]
    /// The constraint (its index in the order added) that made each column, or -1.
    private(set) var owners: [Int32]
    /// Basic column → its row.
    private(set) var rows: [Int32: ExactRow] = [:]
    /// Objective rows, by descending priority.
    private(set) var objectives: [(priority: Float, row: ExactRow)] = []
    private(set) var pivots = 0
    private let pivotBudget: Int

    /// A tableau over `externalCount` external columns (ids 0..<externalCount).
    init(externalCount: Int, constraintCount: Int) {
        kinds = Array(repeating: .external, count: externalCount)
        owners = Array(repeating: -1, count: externalCount)
        pivotBudget = 1_000 + 100 * constraintCount
    }

    private mutating func makeColumn(_ kind: ExactKind, owner: Int32) -> Int32 {
        kinds.append(kind)
        owners.append(owner)
        return Int32(kinds.count - 1)
    }

    // MARK: Adding

    /// Adds a constraint, as `SolverCore.install` does.
    ///
    /// - Returns: Its marker columns, or `nil` when it is required and the installed
    ///   required constraints exclude it; the tableau is then as before and
    ///   `conflicts` holds the indices of the required constraints it contradicts.
    mutating func add(
        _ constraint: ExactConstraint, index: Int32, conflicts: inout [Int32]
    ) throws(Abandoned)
        -> ExactMarkers?
    {
        var row = ExactRow(constant: Rational(constraint.constant))
        for term in constraint.terms {
            if let basic = rows[term.column] {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(term.coefficient, to: term.column)
            }
        }
        let markers: ExactMarkers
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeColumn(.slack, owner: index)
            row.add(Rational(sign), to: slack)
            var error: Int32 = -1
            if !constraint.required {
                error = makeColumn(.error, owner: index)
                row.add(Rational(-sign), to: error)
            }
            markers = ExactMarkers(marker: slack, other: error, markerCoefficient: sign)
        case .equal:
            if constraint.required {
                let dummy = makeColumn(.dummy, owner: index)
                row.add(.one, to: dummy)
                markers = ExactMarkers(marker: dummy, other: -1, markerCoefficient: 1)
            } else {
                let plus = makeColumn(.error, owner: index)
                let minus = makeColumn(.error, owner: index)
                row.add(Rational(integer: -1), to: plus)
                row.add(.one, to: minus)
                markers = ExactMarkers(marker: plus, other: minus, markerCoefficient: -1)
            }
        }
        if !constraint.required {
            let weight = Rational(constraint.weight)
            let errors = [markers.marker, markers.other].filter { $0 >= 0 && kinds[Int($0)] == .error }
            addToObjective(errors.map { ($0, weight) }, priority: constraint.priority)
        }
        if row.constantIsNegative { row.negate() }

        if let subject = chooseSubject(row, markers) {
            row.solve(for: subject)
            substituteEverywhere(subject, with: row)
            rows[subject] = row
        } else if row.cells.keys.allSatisfy({ kinds[Int($0)] == .dummy }) {
            // 0 = c + Σ dummies: redundant when c is 0, a contradiction otherwise, unless
            // c is within what "holds" means (`holdTolerance`): then c is the violation.
            guard row.constantIsZero || constraint.held || holds(constraint, violation: row.value) else {
                conflicts = requiredOwners(of: row, excluding: index)
                return nil
            }
            // Redundant: the dummy becomes basic, at zero.
            row.clearConstant()
            row.solve(for: markers.marker)
            substituteEverywhere(markers.marker, with: row)
            rows[markers.marker] = row
        } else {
            let saved = self
            guard try addWithArtificialVariable(row, constraint, index: index, conflicts: &conflicts) else {
                self = saved
                return nil
            }
        }
        return markers
    }

    /// Adds `weight · column` terms to the objective of `priority`, substituting basic columns.
    private mutating func addToObjective(_ terms: [(column: Int32, weight: Rational)], priority: Float) {
        var expanded = ExactRow()
        for (column, weight) in terms {
            if let basic = rows[column] { expanded.add(basic, times: weight) } else { expanded.add(weight, to: column) }
        }
        if let index = objectives.firstIndex(where: { $0.priority == priority }) {
            objectives[index].row.add(expanded, times: .one)
        } else {
            let index = objectives.firstIndex(where: { $0.priority < priority }) ?? objectives.count
            objectives.insert((priority, expanded), at: index)
        }
    }

    /// An external column (the lowest id), else the constraint's own marker or error
    /// with a negative coefficient, as `SolverCore.chooseSubject` in exact arithmetic.
    private func chooseSubject(_ row: ExactRow, _ markers: ExactMarkers) -> Int32? {
        if let external = row.cells.keys.filter({ kinds[Int($0)] == .external }).min() { return external }
        for column in [markers.marker, markers.other] where column >= 0 {
            let kind = kinds[Int(column)]
            if kind == .slack || kind == .error, row.sign(of: column) < 0 { return column }
        }
        return nil
    }

    /// Cassowary section 4.4: an artificial variable for the row, minimized; zero
    /// means the row can hold. A least violation within `holdTolerance` of the
    /// constraint's magnitude also holds: the artificial is then fixed at that
    /// violation, which the constraint keeps.
    private mutating func addWithArtificialVariable(
        _ row: ExactRow, _ constraint: ExactConstraint, index: Int32, conflicts: inout [Int32]
    ) throws(Abandoned) -> Bool {
        let artificial = makeColumn(.artificial, owner: -1)
        rows[artificial] = row
        var objective = row
        try minimize(&objective)
        let violation = objective.value
        guard violation.isZero || constraint.held || holds(constraint, violation: violation) else {
            conflicts = requiredOwners(of: objective, excluding: index)
            return false
        }
        if var basic = rows.removeValue(forKey: artificial) {
            // Still basic (at its least violation): pivot it out on any slack or error of
            // its row, else on a dummy (the row is then redundant and the dummy basic at zero).
            let candidates = basic.cells.keys.sorted()
            if let entering = candidates.first(where: { kinds[Int($0)] == .slack || kinds[Int($0)] == .error })
                ?? candidates.first(where: { kinds[Int($0)] == .dummy })
            {
                basic.solve(for: entering, replacing: artificial)
                substituteEverywhere(entering, with: basic)
                rows[entering] = basic
            }
        }
        // The artificial, now parametric, is fixed at the violation: same point, no column.
        for key in Array(rows.keys) { rows[key]?.fix(artificial, at: violation) }
        for level in objectives.indices { objectives[level].row.fix(artificial, at: violation) }
        return true
    }

    /// A required constraint's least violation that still counts as holding: this
    /// fraction of its magnitude, |constant| + Σ|a·x| at the current point, and at least
    /// of one unit (the solver's `feasibilityTolerance`; docs/solver.md). Below it, the
    /// difference is far under what a layout can show, and double precision could not
    /// hold the constraint more exactly than that anyway.
    static let holdTolerance = 1e-9
    /// … but never more than this fraction of the constraint's own constant (or of one
    /// unit): large values do not license a large absolute violation. Required equalities
    /// that are parallel but for the last bit meet only near 1e19, where a violation of
    /// 3.5e4 is 1e-12 of the magnitude (mixed sequence 227 of seed 1).
    static let holdCap = 1e-6

    private func holds(_ constraint: ExactConstraint, violation: Rational) -> Bool {
        var magnitude = abs(constraint.constant)
        for term in constraint.terms {
            magnitude += abs(term.coefficient.doubleValue * (rows[term.column]?.value.doubleValue ?? 0))
        }
        let tolerance = min(Self.holdTolerance * max(1, magnitude), Self.holdCap * max(1, abs(constraint.constant)))
        return violation.magnitude.doubleValue <= tolerance
    }

    /// The required constraints whose markers appear in `row`.
    private func requiredOwners(of row: ExactRow, excluding index: Int32) -> [Int32] {
        var owners: [Int32] = []
        for column in row.cells.keys.sorted() {
            let kind = kinds[Int(column)]
            let owner = self.owners[Int(column)]
            guard kind == .slack || kind == .dummy, owner >= 0, owner != index, !owners.contains(owner) else { continue }
            owners.append(owner)
        }
        return owners
    }

    // MARK: Pivoting

    private mutating func substituteEverywhere(_ column: Int32, with row: ExactRow) {
        for key in Array(rows.keys) where rows[key]?.cells[column] != nil {
            rows[key]?.substitute(column, with: row)
        }
        for level in objectives.indices { objectives[level].row.substitute(column, with: row) }
    }

    private mutating func pivot(entering: Int32, leaving: Int32, extra: inout ExactRow) throws(Abandoned) {
        pivots += 1
        guard pivots <= pivotBudget, var row = rows.removeValue(forKey: leaving) else { throw .tooCostly }
        row.solve(for: entering, replacing: leaving)
        guard row.bitWidth <= Self.bitLimit else { throw .tooCostly }
        substituteEverywhere(entering, with: row)
        extra.substitute(entering, with: row)
        rows[entering] = row
    }

    /// The row that leaves when `entering` enters: the least ratio among rows with a
    /// restricted basic column and a negative coefficient, ties to the lowest basic id.
    private func leavingRow(for entering: Int32) -> Int32? {
        var best: (column: Int32, ratio: Rational)?
        for (basic, row) in rows where kinds[Int(basic)] != .external {
            guard let coefficient = row.cells[entering], coefficient.isNegative else { continue }
            // −(C/D) / (n/D) = C / −n, both nonnegative.
            let ratio = Rational(unreduced: row.constant, denominator: -coefficient)
            if let current = best, current.ratio < ratio || (current.ratio == ratio && current.column < basic) {
                continue
            }
            best = (basic, ratio)
        }
        return best?.column
    }

    /// Minimizes one row (the artificial objective): Dantzig's rule, Bland's after a run
    /// of degenerate pivots (`PivotRule`).
    private mutating func minimize(_ objective: inout ExactRow) throws(Abandoned) {
        var rule = PivotRule()
        while true {
            var entering: (column: Int32, value: BigInt)?
            for (column, value) in objective.cells where value.isNegative {
                let kind = kinds[Int(column)]
                guard kind != .dummy, kind != .external else { continue }
                if let best = entering, !rule.prefers(value, column, over: best.value, best.column) { continue }
                entering = (column, value)
            }
            guard let entering else { return }
            guard let leaving = leavingRow(for: entering.column) else { throw .unbounded }
            rule.note(degenerate: rows[leaving]?.constantIsZero ?? false)
            try pivot(entering: entering.column, leaving: leaving, extra: &objective)
        }
    }

    /// Minimizes the objective lexicographically, highest priority first: a column
    /// improves when the first nonzero component of its reduced-cost vector is negative.
    /// Among those, Dantzig's rule on that vector (its leading component at the highest
    /// level, then the most negative there), Bland's after a run of degenerate pivots.
    mutating func optimize() throws(Abandoned) {
        var none = ExactRow()
        var rule = PivotRule()
        while true {
            var entering: (column: Int32, level: Int, value: BigInt)?
            for (level, objective) in objectives.enumerated() {
                // Dantzig's rule looks no further than the highest level with a candidate.
                if let best = entering, best.level < level, !rule.isBland { break }
                for (column, value) in objective.row.cells where value.isNegative {
                    let kind = kinds[Int(column)]
                    guard kind == .slack || kind == .error else { continue }
                    // Its leading component is at this level only if no higher level holds it.
                    guard !objectives[..<level].contains(where: { $0.row.cells[column] != nil }) else { continue }
                    if let best = entering, !rule.prefers(value, column, over: best.value, best.column) { continue }
                    entering = (column, level, value)
                }
            }
            guard let entering else { return }
            guard let leaving = leavingRow(for: entering.column) else { throw .unbounded }
            rule.note(degenerate: rows[leaving]?.constantIsZero ?? false)
            try pivot(entering: entering.column, leaving: leaving, extra: &none)
        }
    }
}

/// Which improving column enters. Bland's rule (the lowest id) cannot cycle, but it made
/// the audit's wide systems over twice as slow as Dantzig's rule (the most negative
/// reduced cost; wide6 sequence 936 of seed 20261126, its slowest operation 0.376 s
/// against 0.167 s), and each exact pivot rewrites rows of long integers. Dantzig's
/// rule can cycle only through degenerate pivots (the leaving row's constant zero, so the
/// objective does not move); after `degenerateRunLimit` of them in a row the rule is
/// Bland's until a pivot moves the objective, which keeps every cycle finite (the
/// objective strictly falls between runs, and a run of Bland's pivots ends).
struct PivotRule {
    static let degenerateRunLimit = 8
    private var degenerateRun = 0

    var isBland: Bool { degenerateRun >= Self.degenerateRunLimit }

    /// Whether `value` (of `column`) enters before `current` (of `other`). Under Dantzig's
    /// rule both are numerators over one row's positive denominator.
    func prefers(_ value: BigInt, _ column: Int32, over current: BigInt, _ other: Int32) -> Bool {
        if isBland || value == current { return column < other }
        return value < current
    }

    mutating func note(degenerate: Bool) {
        degenerateRun = degenerate ? degenerateRun + 1 : 0
    }
}
