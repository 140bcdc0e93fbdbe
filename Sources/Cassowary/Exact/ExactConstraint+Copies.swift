// Rule 2 of "what holds means" (docs/solver.md, "The exact arbiter"): a scaled copy of a
// constraint, rounded to double, is the same line.

extension ExactConstraint {
    /// How far apart, relatively, a copy's coefficients may be from its original's times
    /// the ratio. A double's last bit is 1.1e-16 of it; this allows for the rounding of a
    /// few operations that made the copy.
    static let copyTolerance = 1e-14

    /// Makes each constraint that is a scaled copy of an earlier one, coefficient by
    /// coefficient within `copyTolerance`, an exact multiple of it. Its constant stays: two
    /// copies with different constants are parallel lines, and whether they hold together
    /// is rule 1's (`ExactTableau.holdTolerance`).
    ///
    /// Solved as given, a copy of a required equality scaled by −0.2 and rounded is a second
    /// line 1e-16 off parallel, and the two meet at one point that the rounding chose (wide3
    /// sequence 218 of seed 1). What is a copy is read off the constraints as given, never
    /// off the tableau: a row's entries after substitution are sums against the basic values
    /// and pivots of the moment, and an entry or a constant that cancelled far below them was
    /// structure as often as rounding (wide6 sequences 606 and 2461 of the soak of seed
    /// 20261126: a constant change of 0.0052 and a coefficient 3.6e-9 apart, each dropped as
    /// rounding, each turned a system that holds exactly into one that does not). The audit
    /// reads copies the same way (`scripts/oracle/audit.py`, `one_line_per_copy`).
    static func oneLinePerCopy(_ constraints: inout [ExactConstraint]) {
        for index in constraints.indices {
            for earlier in 0..<index {
                if let ratio = constraints[index].copyRatio(of: constraints[earlier]) {
                    constraints[index].terms = constraints[earlier].terms.map { ($0.column, ratio * $0.coefficient) }
                    break
                }
            }
        }
    }

    /// The ratio that makes this constraint `original`'s scaled copy, or `nil` when it is not one.
    private func copyRatio(of original: ExactConstraint) -> Rational? {
        guard !original.terms.isEmpty, terms.count == original.terms.count,
            zip(terms, original.terms).allSatisfy({ $0.column == $1.column })
        else { return nil }
        // The ratio of the original's largest coefficient; first a test in double precision,
        // which rejects nearly every pair before any exact arithmetic.
        var pivot = 0
        for position in original.terms.indices
        where original.terms[position].coefficient.magnitude > original.terms[pivot].coefficient.magnitude {
            pivot = position
        }
        let approximate = terms[pivot].coefficient.doubleValue / original.terms[pivot].coefficient.doubleValue
        for (mine, theirs) in zip(terms, original.terms) {
            let coefficient = mine.coefficient.doubleValue
            guard abs(coefficient - approximate * theirs.coefficient.doubleValue) <= 1e-12 * abs(coefficient) else {
                return nil
            }
        }
        let ratio = terms[pivot].coefficient / original.terms[pivot].coefficient
        for (mine, theirs) in zip(terms, original.terms) {
            let allowed = Rational(Self.copyTolerance * abs(mine.coefficient.doubleValue))
            guard (mine.coefficient - ratio * theirs.coefficient).magnitude <= allowed else { return nil }
        }
        return ratio
    }
}
