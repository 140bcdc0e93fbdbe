import Cassowary

// The mutually exclusive constraints of a refused required constraint, found independently of
// the order the constraints reached the solver (docs/break-rule.md, "The conflict set").

extension LayoutEngine {
    /// The mutually exclusive constraints behind a refused required constraint: a minimal
    /// conflicting set, the same whatever order the installed constraints were added in.
    ///
    /// The solver's explanation is one conflicting set, read off the row that proved the
    /// conflict; which row that is depends on the order the constraints were added. When
    /// several sets conflict, the explanation may go through one the break rule would not
    /// choose from (seed 004 and UIKit's logs: docs/break-rule.md). So the set is found by a
    /// deletion filter (Chinneck & Dravnieks 1991) over every installed required constraint,
    /// taken in a fixed order: the reverse of the break rule's ranking, the constraints the
    /// rule spares first. A constraint is dropped when the rest still conflicts with the
    /// refused one; what is left conflicts, and removing any one of it resolves the conflict.
    /// Trying the spared constraints first keeps, wherever the conflict can go through them,
    /// the constraints the rule breaks first. The result depends only on the installed
    /// constraints, the refused one and the ranking.
    ///
    /// The solver's explanations bound the work: a constraint outside the current conflicting
    /// set is dropped without a test (the set conflicts without it), so only the constraints
    /// of the explanations met along the way are tried, each with one removal from the solver
    /// and one attempt to add the refused constraint. Constraints dropped without a test stay
    /// installed until an explanation names one of them; it is then removed and the test
    /// repeated, so every conclusion holds for the filter's set exactly. Everything removed
    /// goes back at the end; the refused constraint is left out, as it came in.
    ///
    /// - Parameters:
    ///   - refused: The required solver constraint the solver refused (not installed).
    ///   - explanation: The installed required constraints the solver named.
    /// - Returns: The installed constraints of a minimal conflicting set with `refused`
    ///   (`refused` itself, in every such set, is not listed), most spared first; the
    ///   explanation when a test cannot be decided (a numerical refusal).
    /// - Complexity: O(*k*) solver removals and adds for the *k* distinct constraints in the
    ///   explanations met; runs only when a required constraint is refused.
    func mutuallyExclusiveConstraints(refusing refused: Constraint, explanation: [Constraint]) -> [Constraint] {
        let rule = _breakRule
        /// The break rule's key: larger means spared longer, so tried (for removal) earlier.
        func key(_ constraint: Constraint) -> BreakKey {
            guard let owner = layoutConstraint(for: constraint) else {
                // Not the engine's (none is today): spared like imposed geometry.
                return BreakKey(
                    tier: 4, negativeLength: 0, negativeDepth: 0, negativeAgainstAxis: 0, negativeSide: 0, negativeValue: 0,
                    negativeSerial: 0)
            }
            return Self.breakKey(owner, rule: rule)
        }
        var conflictSet = explanation
        var needed = Set<ObjectIdentifier>()
        var lastTried: BreakKey?
        var removed: [Constraint] = []
        /// Dropped by the filter (tried, or ranked above the last one tried) and not needed.
        func isDropped(_ constraint: Constraint) -> Bool {
            guard let lastTried else { return false }
            return key(constraint) >= lastTried && !needed.contains(ObjectIdentifier(constraint))
        }
        filter: while true {
            // The next constraint in the filter's order that the current set holds.
            var next: Constraint?
            var nextKey: BreakKey?
            for constraint in conflictSet where !needed.contains(ObjectIdentifier(constraint)) {
                let candidate = key(constraint)
                if let lastTried, candidate >= lastTried { continue }
                if nextKey == nil || candidate > nextKey! {
                    next = constraint
                    nextKey = candidate
                }
            }
            guard let next, let nextKey else { break }
            lastTried = nextKey
            guard (try? solver.remove(next)) != nil else { break }
            removed.append(next)
            while true {
                do {
                    try solver.add(refused)
                } catch .unsatisfiable(let detail) {
                    let stale = detail.conflicts.filter(isDropped)
                    if stale.isEmpty {
                        // Still conflicting without `next`: the new explanation is the set.
                        conflictSet = detail.conflicts
                        continue filter
                    }
                    for constraint in stale where (try? solver.remove(constraint)) != nil {
                        removed.append(constraint)
                    }
                    continue
                } catch {
                    break filter
                }
                // Satisfiable without `next`: every conflict that remains goes through it.
                try? solver.remove(refused)
                if (try? solver.add(next)) != nil {
                    removed.removeAll { $0 === next }
                }
                needed.insert(ObjectIdentifier(next))
                continue filter
            }
        }
        if refused.isInstalled { try? solver.remove(refused) }
        // A subset of what was installed (and satisfiable) before: adding it back cannot fail.
        for constraint in removed { try? solver.add(constraint) }
        return conflictSet.sorted { key($0) > key($1) }
    }
}
