import Testing

@testable import Cassowary

@Suite("Solver basics")
struct SolverBasicsTests {
    @Test("A required equality and an inequality are satisfied")
    func requiredConstraints() throws {
        let solver = makeCheckedSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.add(x == 10)
        try solver.add(y >= x + 5)
        try solver.add((y == 0).prioritized(250))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
    }

    @Test("A non-required constraint holds when nothing opposes it")
    func nonRequiredHolds() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        try solver.add((x == 42).prioritized(250))
        #expect(solver.value(of: x) == 42)
    }

    @Test("Priorities are lexicographic: any number of 250s cannot move a 750")
    func lexicographicPriorities() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        try solver.add((x == 100).prioritized(750))
        for _ in 0..<500 {
            try solver.add((x == 0).prioritized(250))
        }
        #expect(solver.value(of: x) == 100)
        // ... and a single 751 beats the 750.
        try solver.add((x == 7).prioritized(751))
        #expect(solver.value(of: x) == 7)
    }

    @Test("Within one priority, violations add up by weight")
    func weightsWithinLevel() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        try solver.add(Constraint(x - 0, .equal, priority: 500, weight: 1))
        try solver.add(Constraint(x - 10, .equal, priority: 500, weight: 3))
        #expect(solver.value(of: x) == 10)
        try solver.add(Constraint(x - 0, .equal, priority: 500, weight: 3))
        // 4 pulling to 0, 3 pulling to 10: the sum of weighted errors is least at 0.
        #expect(solver.value(of: x) == 0)
    }

    @Test("Removing a constraint restores the previous solution")
    func removal() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        try solver.add((x == 5).prioritized(250))
        let strong = x == 20
        try solver.add(strong)
        #expect(solver.value(of: x) == 20)
        #expect(solver.contains(strong))
        try solver.remove(strong)
        #expect(!solver.contains(strong))
        #expect(solver.value(of: x) == 5)
    }
}
