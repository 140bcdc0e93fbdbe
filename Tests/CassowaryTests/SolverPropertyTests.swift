import Testing

@testable import Cassowary

/// Random operation sequences: after every step the tableau invariants hold
/// (the checker runs after each mutation), and the final state optimizes every
/// priority level exactly as a fresh solver given the same final constraints.
@Suite("Solver property tests")
struct SolverPropertyTests {
    /// Ends a batch; deferred constant updates of required constraints may conflict.
    func endBatch(_ solver: Solver, seed: UInt64) {
        do {
            try solver.endBatch()
        } catch {
            #expect(error.code == "unsatisfiable-batch", "seed \(seed): \(error)")
        }
    }

    static let baseSeed: UInt64 = 0x5EED_0002

    @Test("Random add/remove/edit/suggest/update sequences match a fresh solver", arguments: 0..<300)
    func randomSequences(index: Int) throws {
        let seed = Self.baseSeed &+ UInt64(index)
        let style = RandomSystemGenerator.Style.allCases[index % 3]
        var generator = RandomSystemGenerator(seed: seed, style: style)
        let solver = makeCheckedSolver()
        let variables = (0..<generator.variableCount).map { solver.makeVariable("x\($0)") }
        var installed: [Constraint] = []
        var edits: [Variable: (priority: Priority, value: Double)] = [:]
        var batchDepth = 0

        for _ in 0..<60 {
            switch Int.random(in: 0..<100, using: &generator.random) {
            case 0..<40:
                let constraint = generator.constraint(over: variables)
                let before = variables.map(solver.value(of:))
                do {
                    try solver.add(constraint)
                    installed.append(constraint)
                } catch {
                    // A refused add changes nothing (values are compared only when settled).
                    if batchDepth == 0 { #expect(variables.map(solver.value(of:)) == before, "seed \(seed)") }
                    #expect(!solver.contains(constraint))
                }
            case 40..<52 where !installed.isEmpty:
                let index = Int.random(in: 0..<installed.count, using: &generator.random)
                try solver.remove(installed.remove(at: index))
            case 52..<62:
                let variable = variables.randomElement(using: &generator.random)!
                if edits[variable] == nil {
                    let priority = Priority(Float([999, 750, 400, 100].randomElement(using: &generator.random)!))
                    try solver.addEditVariable(variable, priority: priority)
                    edits[variable] = (priority, solver.value(of: variable))
                } else if Bool.random(using: &generator.random) {
                    try solver.removeEditVariable(variable)
                    edits[variable] = nil
                }
            case 62..<78 where !edits.isEmpty:
                let variable = edits.keys.sorted { $0.id < $1.id }.randomElement(using: &generator.random)!
                let value = Double(Int.random(in: -80...80, using: &generator.random))
                try solver.suggestValue(value, for: variable)
                edits[variable]!.value = value
            case 78..<88 where !installed.isEmpty:
                let constraint = installed.randomElement(using: &generator.random)!
                let constant = Double(Int.random(in: -60...60, using: &generator.random))
                do {
                    try solver.updateConstant(of: constraint, to: constant)
                } catch {
                    #expect(error.code == "unsatisfiable" && constraint.priority.isRequired, "seed \(seed)")
                    // Refused only when the constraints really conflict (batches defer the check).
                    if batchDepth == 0 {
                        #expect(
                            !freshSolverAccepts(installed, replacing: constraint, constant: constant, variableCount: variables.count),
                            "seed \(seed): a feasible constant update was refused")
                    }
                }
            case 88..<94 where !installed.isEmpty:
                let constraint = installed.randomElement(using: &generator.random)!
                if !constraint.priority.isRequired {
                    try solver.updatePriority(of: constraint, to: Priority(Float(Int.random(in: 1...999, using: &generator.random))))
                }
            case 94..<97 where batchDepth < 2:
                solver.beginBatch()
                batchDepth += 1
            case 97..<100 where batchDepth > 0:
                batchDepth -= 1
                endBatch(solver, seed: seed)
            default:
                break
            }
        }
        while batchDepth > 0 {
            batchDepth -= 1
            endBatch(solver, seed: seed)
        }

        // A fresh solver with the same final constraints and edits.
        let fresh = makeCheckedSolver()
        let freshVariables = (0..<variables.count).map { fresh.makeVariable("x\($0)") }
        func translate(_ constraint: Constraint) -> Constraint {
            Constraint(
                LinearExpression(
                    terms: constraint.terms.map { Term(freshVariables[Int($0.variable.id)], $0.coefficient) },
                    constant: constraint.constant),
                constraint.relation, priority: constraint.priority, weight: constraint.weight)
        }
        let freshConstraints = installed.map(translate)
        try fresh.add(freshConstraints)
        var incrementalAll = installed
        var freshAll = freshConstraints
        for (variable, edit) in edits.sorted(by: { $0.key.id < $1.key.id }) {
            let freshVariable = freshVariables[Int(variable.id)]
            try fresh.addEditVariable(freshVariable, priority: edit.priority)
            try fresh.suggestValue(edit.value, for: freshVariable)
            incrementalAll.append((variable == edit.value).prioritized(edit.priority))
            freshAll.append((freshVariable == edit.value).prioritized(edit.priority))
        }
        expectSameViolationLevels(solver, incrementalAll, fresh: fresh, freshAll, context: "seed \(seed)")
    }
}
