import LayoutBenchMetrics
import Testing

@testable import Cassowary

/// Redundant required equalities (the same equality twice, or one implied by
/// others): the solver keeps the second one's dummy marker basic in a row of
/// dummies. Removing the first must not move that row onto a slack, or the
/// simplex treats the redundant equality as an inequality.
@Suite("Redundant required equalities")
struct RedundantEqualityTests {
    @Test("Removing one of two equal equalities keeps the other required")
    func duplicateStaysRequired() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let first = x == 0
        try solver.add(first)
        try solver.add(x <= 0)
        let second = x == 0
        try solver.add(second)
        try solver.remove(first)
        // A weak pull to -10 must not move x: `second` still holds it at 0.
        try solver.add((x == -10).prioritized(500))
        #expect(solver.value(of: x) == 0)
        try solver.remove(second)
        #expect(solver.value(of: x) == -10)
    }

    @Test("A constant update of the remaining duplicate is feasible")
    func duplicateConstantUpdate() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let first = x == 0
        let second = x == 0
        try solver.add(first)
        try solver.add(second)
        try solver.add(x >= 0)
        try solver.remove(first)
        try solver.updateConstant(of: second, to: -5)  // x - 5 == 0
        #expect(solver.value(of: x) == 5)
        // While both are installed the same update is a real conflict.
        let third = x == 5
        try solver.add(third)
        #expect(throws: SolverError.self) { try solver.updateConstant(of: third, to: 0) }
        #expect(solver.value(of: x) == 5)
    }

    @Test("An equality implied by two others, after one of them is removed")
    func impliedEquality() throws {
        let solver = makeCheckedSolver()
        let (x, y) = (solver.makeVariable("x"), solver.makeVariable("y"))
        let a = x == 10
        let b = y == x + 5
        try solver.add([a, b, y <= 100, x >= 0])
        let implied = y == 15  // a and b imply it: its dummy becomes basic
        try solver.add(implied)
        try solver.remove(a)
        try solver.add((x == 40).prioritized(750))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
        try solver.remove(implied)
        #expect(solver.value(of: x) == 40)
        #expect(solver.value(of: y) == 45)
    }

    /// Random systems where a third of the required equalities are copies or
    /// multiples of installed ones; after every removal and update the result is
    /// compared with a fresh solver given the same constraints, and every refused
    /// update must be refused by the fresh solver too.
    @Test("Random systems with redundant equalities match a fresh solver", arguments: 0..<200)
    func randomRedundancy(index: Int) throws {
        let seed = 0x5EED_00DD &+ UInt64(index)
        var random = SeededGenerator(seed: seed)
        let solver = makeCheckedSolver()
        let variables = (0..<4).map { solver.makeVariable("x\($0)") }
        var installed: [Constraint] = []
        for step in 0..<40 {
            let roll = Int.random(in: 0..<10, using: &random)
            let equalities = installed.filter { $0.relation == .equal && $0.priority.isRequired }
            if roll < 3, let original = equalities.randomElement(using: &random) {
                let factor = [1.0, 2.0, -1.0].randomElement(using: &random)!
                let copy = Constraint(
                    LinearExpression(
                        terms: original.terms.map { Term($0.variable, $0.coefficient * factor) },
                        constant: original.constant * factor),
                    .equal)
                try solver.add(copy)  // redundant: never conflicts
                installed.append(copy)
            } else if roll < 6 {
                let constraint = randomConstraint(over: variables, using: &random)
                if (try? solver.add(constraint)) != nil { installed.append(constraint) }
            } else if roll < 8, !installed.isEmpty {
                try solver.remove(installed.remove(at: Int.random(in: 0..<installed.count, using: &random)))
            } else if !installed.isEmpty {
                let constraint = installed.randomElement(using: &random)!
                let constant = Double(Int.random(in: -30...30, using: &random))
                var accepted = true
                do { try solver.updateConstant(of: constraint, to: constant) } catch { accepted = false }
                let freshAccepts = freshSolverAccepts(
                    installed, replacing: constraint, constant: constant, variableCount: variables.count)
                #expect(accepted == freshAccepts, "seed \(seed) step \(step): incremental accepted \(accepted), fresh \(freshAccepts)")
            }
            try expectMatchesFresh(solver, installed: installed, variables: variables, seed: seed, step: step)
        }
    }

    private func randomConstraint(over variables: [Variable], using random: inout SeededGenerator) -> Constraint {
        var terms: [Term] = []
        for variable in variables.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)) {
            terms.append(Term(variable, Double([1, -1, 2].randomElement(using: &random)!)))
        }
        let relation = Relation.allCases.randomElement(using: &random)!
        let priority: Priority = [.required, .required, 750, 250].randomElement(using: &random)!
        let constant = Double(Int.random(in: -30...30, using: &random))
        return Constraint(LinearExpression(terms: terms, constant: constant), relation, priority: priority)
    }

    private func expectMatchesFresh(
        _ solver: Solver, installed: [Constraint], variables: [Variable], seed: UInt64, step: Int
    ) throws {
        let fresh = Solver()
        let freshVariables = (0..<variables.count).map { fresh.makeVariable("x\($0)") }
        let copies = installed.map { copyConstraint($0, variables: freshVariables) }
        try fresh.add(copies)
        expectSameViolationLevels(solver, installed, fresh: fresh, copies, context: "seed \(seed) step \(step)")
    }
}
