import Cassowary

/// Workloads 1 and 2: a chain of `size` variables.
///
/// 1. `chain-eq`: required `x[i+1] == x[i] + 10` for i in 0..<size-1;
/// 2. `chain-ineq`: required `x[i+1] >= x[i] + 10` and weak `x[i+1] == x[i] + 20`.
///
/// The constraints and a strong edit on `x[0]`, a read (the first layout pass),
/// ``suggestionCount`` suggestions (each followed by a read), and the constraints
/// and the edit removed in the reverse order.
///
/// The edit's place is the one where kiwi is faster: `chain-eq` adds it first (added
/// to a built chain it substitutes into every row: at 5000 links kiwi needs 38 s for
/// it, and the adds are no faster); `chain-ineq` adds it after the chain (with the
/// edit in place kiwi's adds are about 6 times slower).
/// Every row of the chain holds the head's edit errors and the markers before it
/// (`x[k] = head + 10k - Σ d[j]`), so each operation is O(size) in any Cassowary
/// solver: this is the long-row stress test.
enum ChainWorkload {
    /// Suggestions per run, cycling through ``suggestedValues``.
    static let suggestionCount = 100
    static let suggestedValues: [Double] = [0, 40, -25, 300, 7.5, 120]

    /// The head's value at the last read.
    static var lastSuggestion: Double { suggestedValues[(suggestionCount - 1) % suggestedValues.count] }

    static func run(_ script: TraceScript, size: Int, inequalities: Bool) {
        let x = (0..<size).map { script.variable("x\($0)") }
        var constraints: [Constraint] = []
        constraints.reserveCapacity(inequalities ? 2 * size : size)
        for i in 0..<(size - 1) {
            let gap = LinearExpression(terms: [Term(x[i + 1], 1), Term(x[i], -1)])
            if inequalities {
                constraints.append(gap - 10 >= 0)
                constraints.append((gap - 20 == 0).prioritized(Workload.weak))
            } else {
                constraints.append(gap - 10 == 0)
            }
        }
        // Where the edit goes is chosen for kiwi (see the type's documentation).
        let editFirst = !inequalities
        if editFirst { script.addEdit(x[0], Workload.strong) }
        for constraint in constraints { script.add(constraint) }
        if !editFirst { script.addEdit(x[0], Workload.strong) }
        // The first layout pass (the edit pins the head; before it the chain could slide).
        script.read()
        for step in 0..<suggestionCount {
            script.suggest(suggestedValues[step % suggestedValues.count], for: x[0])
            script.read()
        }
        if !editFirst { script.removeEdit(x[0]) }
        for constraint in constraints.reversed() { script.remove(constraint) }
        if editFirst { script.removeEdit(x[0]) }
    }
}
