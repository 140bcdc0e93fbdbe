import Testing

@testable import Cassowary

@Suite("Solver errors and rollback")
struct SolverErrorTests {
    @Test("Adding the same constraint twice is a duplicate")
    func duplicate() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let c = x == 1
        try solver.add(c)
        #expect(throws: SolverError.self) { try solver.add(c) }
        expectSolverError("duplicate-constraint") { try solver.add(c) }
    }

    @Test("Removing or updating a constraint that is not installed is unknown")
    func unknown() {
        let (solver, x) = makeCheckedSolver(variable: "x")
        let c = x == 1
        expectSolverError("unknown-constraint") { try solver.remove(c) }
        expectSolverError("unknown-constraint") { try solver.updateConstant(of: c, to: 3) }
        expectSolverError("unknown-constraint") { try solver.updatePriority(of: c, to: 3) }
    }

    @Test("A constraint installed in another solver is refused")
    func anotherSolver() throws {
        let first = makeCheckedSolver()
        let second = makeCheckedSolver()
        let x = first.makeVariable("x")
        let c = x == 1
        try first.add(c)
        expectSolverError("constraint-in-another-solver") { try second.remove(c) }
        expectSolverError("constraint-in-another-solver") { try second.add(c) }
        let y = second.makeVariable("y")
        expectSolverError("foreign-variable") { try first.add(y == 2) }
    }

    @Test("Edit variable errors: duplicate, unknown, required")
    func editErrors() throws {
        let solver = makeCheckedSolver()
        let x = solver.makeVariable("width")
        let unknown = expectSolverError("unknown-edit-variable") { try solver.suggestValue(3, for: x) }
        #expect(unknown?.description.contains("'width'") == true)
        expectSolverError("unknown-edit-variable") { try solver.removeEditVariable(x) }
        expectSolverError("required-edit-variable") { try solver.addEditVariable(x, priority: .required) }
        try solver.addEditVariable(x, priority: 999)
        expectSolverError("duplicate-edit-variable") { try solver.addEditVariable(x, priority: 500) }
        #expect(solver.hasEditVariable(x))
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    @Test("A priority cannot move between required and non-required on an installed constraint")
    func requiredPriorityMutation() throws {
        let solver = makeCheckedSolver()
        let height = solver.makeVariable("height")
        let c = height == 200
        try solver.add(c)
        let mutation = expectSolverError("required-priority-mutation") { try solver.updatePriority(of: c, to: 250) }
        #expect(
            mutation?.description.contains(
                "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority 250 and the existing priority was 1000."
            ) == true)
        let soft = (height == 100).prioritized(999)
        try solver.add(soft)
        expectSolverError("required-priority-mutation") { try solver.updatePriority(of: soft, to: .required) }
        // Non-required to non-required is allowed.
        try solver.updatePriority(of: soft, to: 250)
        #expect(soft.priority == 250)
    }

    @Test("Non-finite numbers are refused with a message")
    func nonFinite() throws {
        let (solver, x) = makeCheckedSolver(variable: "x")
        expectSolverError("non-finite-value") { try solver.add(x == .infinity) }
        try solver.addEditVariable(x, priority: 500)
        expectSolverError("non-finite-value") { try solver.suggestValue(.nan, for: x) }
    }

    @Test("endBatch without beginBatch")
    func unbalancedBatch() {
        let solver = makeCheckedSolver()
        expectSolverError("batch-not-open") { try solver.endBatch() }
    }

    @Test("An unsatisfiable add names exactly the conflicting required constraints")
    func explanationChain() throws {
        let solver = makeCheckedSolver()
        let a = solver.makeVariable("a"), b = solver.makeVariable("b"), c = solver.makeVariable("c")
        let unrelated = solver.makeVariable("unrelated")
        let pinA = a == 0
        let ab = b == a + 10
        let bc = c == b + 10
        try solver.add([pinA, ab, bc, unrelated == 3, (c == 50).prioritized(250)])
        let conflicting = c == 5
        let detail = try #require(expectUnsatisfiable { try solver.add(conflicting) })
        #expect(detail.constraint === conflicting)
        #expect(detail.conflicts.map(ObjectIdentifier.init) == [pinA, ab, bc].map(ObjectIdentifier.init))
        #expect(detail.operation == .add)
        #expect(!solver.contains(conflicting))
        #expect(solver.value(of: c) == 20)
    }

    @Test("Inequality conflicts go through the artificial phase and are explained")
    func explanationInequalities() throws {
        let solver = makeCheckedSolver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y"), z = solver.makeVariable("z")
        let lower = x >= 10
        let gap = y >= x + 5
        try solver.add([lower, gap, z <= 100, (y == 30).prioritized(500), (x == 40).prioritized(250)])
        let cap = y <= 12
        let detail = try #require(expectUnsatisfiable { try solver.add(cap) })
        #expect(Set(detail.conflicts.map(ObjectIdentifier.init)) == Set([lower, gap].map(ObjectIdentifier.init)))
        #expect(detail.description.contains("Cannot add required constraint"))
        #expect(solver.counters.unsatisfiableDetections == 1)
    }

    @Test("A failed add leaves the solver exactly as it was")
    func failedAddLeavesStateUnchanged() throws {
        let solver = makeCheckedSolver()
        var variables: [Variable] = []
        for index in 0..<6 { variables.append(solver.makeVariable("x\(index)")) }
        try solver.add(variables[0] >= 0)
        for index in 1..<6 {
            try solver.add(variables[index] >= variables[index - 1] + 10)
            try solver.add((variables[index] == Double(index) * 7).prioritized(Priority(Float(200 + index))))
        }
        try solver.add(variables[5] <= 200)
        let valuesBefore = variables.map(solver.value(of:))
        let dumpBefore = solver.dump()
        let constraintsBefore = solver.constraints.map(ObjectIdentifier.init)
        let liveBefore = (solver.counters.rowsLive, solver.counters.columnsLive, solver.counters.objectiveLevelsLive)
        for bad in [variables[5] <= 30, variables[2] >= variables[4] + 1, variables[0] == -5] {
            #expect(throws: SolverError.self) { try solver.add(bad) }
        }
        #expect(variables.map(solver.value(of:)) == valuesBefore)
        #expect(solver.dump() == dumpBefore)
        #expect(solver.constraints.map(ObjectIdentifier.init) == constraintsBefore)
        #expect((solver.counters.rowsLive, solver.counters.columnsLive, solver.counters.objectiveLevelsLive) == liveBefore)
        #expect(solver.counters.unsatisfiableDetections == 3)
    }

    @Test("A constant update that breaks a required constraint is rolled back and explained")
    func constantUpdateConflict() throws {
        let solver = makeCheckedSolver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let floor = x >= 10
        let link = y == x + 5
        let cap = y <= 40
        try solver.add([floor, link, cap, (x == 20).prioritized(250)])
        let valuesBefore = (solver.value(of: x), solver.value(of: y))
        let dumpBefore = solver.dump()
        let detail = try #require(expectUnsatisfiable { try solver.updateConstant(of: cap, to: -10) })  // y <= 10, but y >= 15
        #expect(detail.constraint === cap)
        #expect(Set(detail.conflicts.map(ObjectIdentifier.init)) == Set([floor, link].map(ObjectIdentifier.init)))
        #expect(detail.operation == .updateConstant(from: -40, to: -10))
        #expect(cap.constant == -40)
        #expect((solver.value(of: x), solver.value(of: y)) == valuesBefore)
        #expect(solver.dump() == dumpBefore)
        // The redundant-equality path: a basic dummy that would become nonzero.
        let again = y == x + 5
        try solver.add(again)
        #expect(throws: SolverError.self) { try solver.updateConstant(of: again, to: 6) }
        #expect(solver.value(of: y) - solver.value(of: x) == 5)
    }
}
