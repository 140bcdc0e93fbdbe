import Testing

@testable import Cassowary

@Suite("Solver operations: batches, in-place updates, edits, values")
struct SolverOperationsTests {
    @Test("A batch of N additions is one solve; individual additions are N")
    func batchIsOneSolve() throws {
        for count in [1, 10, 100] {
            let batched = makeCheckedSolver()
            let single = makeCheckedSolver()
            let xs = (0..<count).map { batched.makeVariable("x\($0)") }
            let ys = (0..<count).map { single.makeVariable("y\($0)") }
            try batched.add(xs.enumerated().map { $1 == Double($0) })
            for (index, y) in ys.enumerated() { try single.add(y == Double(index)) }
            #expect(batched.counters.solves == 1)
            #expect(single.counters.solves == count)
            #expect(xs.map(batched.value(of:)) == ys.map(single.value(of:)))
        }
    }

    @Test("Batches nest and solve once at the outermost end")
    func nestedBatches() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let c = (x == 5).prioritized(500)
        try solver.batch {
            try solver.add(c)
            try solver.batch {
                try solver.updateConstant(of: c, to: -9)
                try solver.add((x == 1).prioritized(250))
            }
            #expect(solver.counters.solves == 0)
        }
        #expect(solver.counters.solves == 1)
        #expect(solver.value(of: x) == 9)
    }

    @Test("A constant update removes nothing and visits only the marker's rows")
    func constantUpdateIsLocal() throws {
        var cellsPerUpdate: [Int] = []
        for blocks in [10, 1000] {
            let solver = Solver()
            var target: Constraint?
            for block in 0..<blocks {
                let left = solver.makeVariable(), width = solver.makeVariable()
                let right = solver.makeVariable()
                let pin = left == Double(block)
                try solver.add([pin, width == 50, right == left + width])
                if block == blocks / 2 { target = pin }
            }
            let before = solver.counters
            try solver.updateConstant(of: target!, to: -123)
            let delta = solver.counters - before
            #expect(delta.constraintsRemoved == 0 && delta.constraintsAdded == 0)
            #expect(delta.rowConstantUpdates <= 3)
            cellsPerUpdate.append(delta.cellUpdates + delta.rowConstantUpdates)
        }
        // Independent of the number of other blocks.
        #expect(cellsPerUpdate[0] == cellsPerUpdate[1])
    }

    @Test("Changing a constant is far cheaper than remove and re-add")
    func constantVersusChurn() throws {
        func build() throws -> (Solver, Constraint, [Variable]) {
            let solver = Solver()
            var xs = [solver.makeVariable("x0")]
            try solver.add(xs[0] == 0)
            for index in 1..<200 {
                xs.append(solver.makeVariable("x\(index)"))
                try solver.add(xs[index] == xs[index - 1] + 10)
            }
            let height = solver.makeVariable("height")
            let constraint = height == 44
            try solver.add([constraint, height <= xs[199]])
            return (solver, constraint, xs)
        }
        let (edited, constraint, _) = try build()
        let beforeEdit = edited.counters
        try edited.updateConstant(of: constraint, to: -120)
        let editCost = edited.counters - beforeEdit

        let (churned, old, _) = try build()
        let beforeChurn = churned.counters
        try churned.remove(old)
        try churned.add(Constraint(LinearExpression(terms: old.terms, constant: -120), .equal))
        let churnCost = churned.counters - beforeChurn
        #expect(editCost.rowOperations < churnCost.rowOperations)
        #expect(editCost.constraintsRemoved == 0 && churnCost.constraintsRemoved == 1)
    }

    @Test("Priority updates move a constraint between levels in place")
    func priorityUpdate() throws {
        let solver = makeCheckedSolver()
        let height = solver.makeVariable("height")
        let compact = (height == 44).prioritized(999)
        let expanded = (height == 200).prioritized(750)
        try solver.add([compact, expanded])
        #expect(solver.value(of: height) == 44)
        try solver.batch {
            try solver.updatePriority(of: compact, to: 750)
            try solver.updatePriority(of: expanded, to: 999)
        }
        #expect(solver.value(of: height) == 200)
        #expect(solver.counters.constraintsRemoved == 0)
        #expect(solver.counters.priorityUpdates == 2)
    }

    @Test("The midpoint example with an edit variable")
    func midpoint() throws {
        let solver = makeCheckedSolver()
        let left = solver.makeVariable("xl"), middle = solver.makeVariable("xm"), right = solver.makeVariable("xr")
        try solver.add([
            2 * middle == left + right, left + 10 <= right, left >= 0, right <= 100,
            (left == 20).prioritized(300), (right == 80).prioritized(250),
        ])
        #expect((solver.value(of: left), solver.value(of: middle), solver.value(of: right)) == (20, 50, 80))
        try solver.addEditVariable(middle, priority: 999)
        let expected: [(Double, Double, Double, Double)] = [
            (60, 20, 60, 100),  // the weaker stay on xr gives way
            (90, 80, 90, 100),  // xr <= 100 is required: xl must move
            (10, 5, 10, 15),  // xl + 10 <= xr bounds xl at 5
            (0, 0, 5, 10),  // the edit cannot be met: xm is as low as the required constraints allow
            (50, 20, 50, 80),
        ]
        for (suggestion, xl, xm, xr) in expected {
            try solver.suggestValue(suggestion, for: middle)
            #expect(
                close(solver.value(of: left), xl) && close(solver.value(of: middle), xm) && close(solver.value(of: right), xr),
                "suggest \(suggestion): got \(solver.value(of: left)), \(solver.value(of: middle)), \(solver.value(of: right))")
        }
        #expect(solver.counters.editSuggestions == expected.count)
    }

    @Test("Changed variables are reported once, and only those")
    func changedVariables() throws {
        let solver = makeCheckedSolver()
        let a = solver.makeVariable("a"), b = solver.makeVariable("b"), c = solver.makeVariable("c")
        try solver.add([a == 1, (b == 2).prioritized(500), c == b + 1])
        #expect(Set(solver.takeChangedVariables()) == [a, b, c])
        #expect(solver.takeChangedVariables().isEmpty)
        try solver.addEditVariable(b, priority: 999)
        try solver.suggestValue(10, for: b)
        #expect(Set(solver.takeChangedVariables()) == [b, c])
        try solver.suggestValue(10, for: b)
        #expect(solver.takeChangedVariables().isEmpty)
    }

    @Test("Ambiguity: the optimal face of seed 003 attempt 5 without the tie-break")
    func ambiguity() throws {
        let solver = makeCheckedSolver()
        let screen = solver.makeVariable("W")
        let leftWidth = solver.makeVariable("wL"), rightWidth = solver.makeVariable("wR")
        let leftX = solver.makeVariable("xL"), rightX = solver.makeVariable("xR")
        try solver.add([
            screen == 250, leftX == 32, rightX + rightWidth == screen - 32, rightX >= leftX + leftWidth + 32,
            (leftWidth == 100).prioritized(750), (rightWidth == 100).prioritized(750),
        ])
        #expect(close(solver.value(of: leftWidth) + solver.value(of: rightWidth), 154))
        let countersBefore = solver.counters
        let range = solver.valueRange(of: leftWidth)
        #expect(close(range.lowerBound, 54) && close(range.upperBound, 100))
        #expect(solver.isAmbiguous(leftWidth))
        #expect(!solver.isAmbiguous(leftX))
        #expect(solver.counters == countersBefore)
        let alternative = try #require(solver.alternativeSolution(moving: leftWidth, observing: [rightWidth]))
        #expect(close(alternative.value + alternative.observed[0], 154))
        // A free variable is unbounded.
        let free = solver.makeVariable("free")
        try solver.add(free >= leftX)
        #expect(solver.valueRange(of: free).upperBound == .infinity)
    }

    @Test("discardAll forgets every constraint and variable, keeps the counters, and does no work")
    func discardAllKeepsCounters() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let y = solver.makeVariable("y")
        let pin = x == 10
        let gap = (y >= x + 5).prioritized(750)
        try solver.add([pin, gap])
        var before = solver.counters
        solver.discardAll()
        #expect(before.rowsLive > 0 && solver.counters.rowsLive == 0)
        (before.rowsLive, before.columnsLive, before.objectiveLevelsLive) = (0, 0, 0)
        #expect(solver.counters == before)
        #expect(!pin.isInstalled && !gap.isInstalled)
        // The old variables belong to no solver now; a constraint on them is refused.
        #expect(throws: SolverError.self) { try solver.add(x == 1) }
        // It starts afresh: new variables, new constraints, counted on top of the old work.
        let fresh = solver.makeVariable("fresh")
        try solver.add(fresh == 3)
        #expect(solver.value(of: fresh) == 3)
        #expect(solver.counters.constraintsAdded == before.constraintsAdded + 1)
        #expect(solver.counters.constraintsRemoved == before.constraintsRemoved)
    }
}
