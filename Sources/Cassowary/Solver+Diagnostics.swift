extension Solver {
    // MARK: - Diagnostics

    /// The interval of values `variable` takes over all optimal solutions: every
    /// solution that violates no priority level more than the current one.
    ///
    /// A variable is determined when the interval is a point; otherwise the
    /// layout is *ambiguous* in it. Infinite bounds mean nothing bounds it. A
    /// diagnostic: it leaves the basis, the values and ``counters`` unchanged.
    public func valueRange(of variable: Variable) -> ClosedRange<Double> {
        precondition(variable.solverTag == tag, "valueRange(of:): variable made by another solver")
        let probe = core.probeRange(of: variable.id, observing: [])
        return probe.lower...max(probe.lower, probe.upper)
    }

    /// Whether `variable` can take more than one value among optimal solutions.
    public func isAmbiguous(_ variable: Variable, tolerance: Double = 1e-7) -> Bool {
        let range = valueRange(of: variable)
        return range.upperBound - range.lowerBound > tolerance
    }

    /// Another optimal solution that moves `variable`: the values of `observed` at
    /// the solution where `variable` is largest (or smallest, when it cannot grow).
    ///
    /// - Returns: `nil` when `variable` is determined; for an unbounded direction,
    ///   the values at the current solution with `variable` reported as infinite.
    public func alternativeSolution(
        moving variable: Variable, observing observed: [Variable], tolerance: Double = 1e-7
    )
        -> (value: Double, observed: [Double])?
    {
        precondition(variable.solverTag == tag)
        let probe = core.probeRange(of: variable.id, observing: observed.map(\.id))
        let current = core.currentValue(variable.id)
        if probe.upper - current > tolerance {
            return (probe.upper, probe.atUpper)
        }
        if current - probe.lower > tolerance {
            return (probe.lower, probe.atLower)
        }
        return nil
    }

    /// The two optimal solutions at the ends of `variable`'s range: the values of
    /// `observed` where `variable` is smallest and where it is largest.
    ///
    /// A diagnostic (`exerciseAmbiguityInLayout` alternates between the two): it leaves
    /// the basis, the values and ``counters`` unchanged.
    ///
    /// - Returns: `nil` when `variable` is determined; otherwise both ends, an
    ///   unbounded end with `variable` reported as infinite and `observed` at the
    ///   current solution.
    /// - Complexity: Two simplex probes over the rows that hold `variable`.
    public func extremeSolutions(
        moving variable: Variable, observing observed: [Variable], tolerance: Double = 1e-7
    )
        -> (lower: (value: Double, observed: [Double]), upper: (value: Double, observed: [Double]))?
    {
        precondition(variable.solverTag == tag)
        let probe = core.probeRange(of: variable.id, observing: observed.map(\.id))
        guard probe.upper - probe.lower > tolerance else { return nil }
        return ((probe.lower, probe.atLower), (probe.upper, probe.atUpper))
    }

    /// The constraints that determine `variable`'s current value: those whose
    /// marker or error symbols appear in its row (the constraints the row combines).
    /// A variable that is not basic (a parameter of the solution, often a free one) is
    /// determined by nothing; then the answer is the constraints that relate it to the
    /// rest: those combined in the rows that hold it.
    public func constraintsDetermining(_ variable: Variable) -> [Constraint] {
        precondition(variable.solverTag == tag)
        var slots: [Int32] = []
        func collect(row: Int32) {
            let header = core.rows[row]
            guard header.kind == .constraint else { return }
            for index in 0..<Int(header.count) {
                let owner = core.symbols[header.entries[index].symbol].owner
                if owner >= 0 && !slots.contains(owner) { slots.append(owner) }
            }
            let basicOwner = core.symbols[header.basic].owner
            if basicOwner >= 0 && !slots.contains(basicOwner) { slots.append(basicOwner) }
        }
        let info = core.symbols[variable.id]
        if info.row >= 0 {
            collect(row: info.row)
        } else {
            for index in 0..<Int(info.columnCount) { collect(row: info.column[index].row) }
        }
        return
            slots
            .sorted { core.records[Int($0)].sequence < core.records[Int($1)].sequence }
            .compactMap { core.records[Int($0)].constraint }
    }
}
