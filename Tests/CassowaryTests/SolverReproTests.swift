import CassowaryTrace
import Foundation
import Testing

@testable import Cassowary

/// The nine minimal traces on which an independent audit found the solver wrong
/// (`../shared/solver-repros/`, README there): traps, suboptimal layouts, violated
/// required constraints, wrong refusals. Each is replayed with the invariant checker
/// on; the required constraints must hold at the end and the known optimum must be
/// reached. `scripts/test` also judges every one against the HiGHS oracle, exactly
/// (`scripts/oracle/audit.py --trace`).
@Suite("Solver repros from the audit")
struct SolverReproTests {
    /// The folder of the repros, or nil when this checkout has no `../shared` beside it.
    static let folder: URL? = {
        if let path = ProcessInfo.processInfo.environment["LAYOUTBENCH_SOLVER_REPROS"] {
            return URL(fileURLWithPath: path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/solver-repros")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()

    static let names = [
        "accepted-infeasible.min.jsonl", "crash-constant-change.min2.jsonl", "crash-simplified.min.jsonl",
        "crash-unbounded-unit.min.jsonl", "crash-unbounded.min.jsonl", "refused-feasible.min.jsonl",
        "required-violated-wide.min.jsonl", "subopt-oneshot4.min.jsonl", "unit-subopt.min3.jsonl",
    ]

    /// Replays a repro with the checker on; returns the replay and the final values.
    static func replay(_ name: String) throws -> (SolverTrace, SolverTrace.ReplayResult)? {
        guard let folder else {
            print("skipped: ../shared/solver-repros is absent (set LAYOUTBENCH_SOLVER_REPROS to its path)")
            return nil
        }
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let trace = try SolverTrace.parse(text, source: name)
        return (trace, trace.replay(on: makeCheckedSolver()))
    }

    @Test("Each repro replays without a trap and ends with every required constraint holding", arguments: names)
    func replaysSoundly(name: String) throws {
        guard let (_, result) = try Self.replay(name) else { return }
        let solver = result.solver
        for case let constraint? in result.constraints where solver.contains(constraint) && constraint.priority.isRequired {
            let violation = result.relativeViolation(of: constraint)
            #expect(violation <= 1e-8, "\(name): \(constraint) is off by \(violation) of its magnitude")
        }
        for (line, error) in result.errors {
            #expect(
                error.code == "unsatisfiable" || error.code == "unsatisfiable-batch",
                "\(name):\(line): \(error.code) \(error)")
        }
    }

    @Test("unit-subopt: priority 749 reaches 149/6 and priority 999 reaches 0 (the audit's exact optimum)")
    func unitSuboptimalReachesTheOptimum() throws {
        guard let (_, result) = try Self.replay("unit-subopt.min3.jsonl") else { return }
        var violation: [Float: Double] = [:]
        for case let constraint? in result.constraints
        where result.solver.contains(constraint) && !constraint.priority.isRequired {
            var value = constraint.constant
            for term in constraint.terms { value += term.coefficient * result.solver.value(of: term.variable) }
            let amount: Double
            switch constraint.relation {
            case .equal: amount = abs(value)
            case .lessThanOrEqual: amount = max(0, value)
            case .greaterThanOrEqual: amount = max(0, -value)
            }
            violation[constraint.priority.value, default: 0] += constraint.weight * amount
        }
        #expect(close(violation[749] ?? -1, 149.0 / 6.0, 1e-9), "749: \(violation[749] ?? -1), the optimum is 149/6")
        #expect(abs(violation[999] ?? 0) <= 1e-9, "999: \(violation[999] ?? -1), the optimum is 0")
    }
}

@Suite("Priorities that Float cannot store")
struct PriorityStorageTests {
    @Test("A priority below 1000 that rounds to 1000 as a Float is refused, not made required")
    func belowRequiredNeverBecomesRequired() {
        #expect(Float(999.99999) == 1000)
        #expect(Priority(validating: 999.99999) == nil)
        #expect(Priority(validating: 999.99997) == nil)
        #expect(Priority(validating: 999.99994)?.isRequired == false)
        #expect(Priority(validating: 999.9)?.isRequired == false)
        #expect(Priority(validating: 1000)?.isRequired == true)
        #expect(Priority(validating: 1000.00001) == nil)
        #expect(Priority(validating: 0.99999) == nil)
    }

    @Test("A trace with such a priority is refused at its line, with the rule in the message")
    func traceRefusesIt() {
        let text = """
            {"trace":"layoutbench.solver","version":1}
            {"op":"variable","id":0,"name":"x"}
            {"op":"add","id":0,"terms":[[0,1]],"constant":0,"relation":"==","priority":999.99999,"weight":1}
            """
        #expect(throws: SolverTrace.ParseError.self) { try SolverTrace.parse(text, source: "t.jsonl") }
        do {
            _ = try SolverTrace.parse(text, source: "t.jsonl")
        } catch {
            #expect(error.line == 3)
        }
    }
}

@Suite("Numerical repairs")
struct NumericalRepairTests {
    @Test("A well-scaled layout never pays for verification; a wide one is verified after every operation")
    func verificationOnlyWhereItIsNeeded() throws {
        let layout = makeCheckedSolver()
        let left = layout.makeVariable("left"), width = layout.makeVariable("width")
        try layout.add([left == 16, width >= 0, (width == 0.38 * 320).prioritized(750)])
        try layout.updateConstant(of: layout.constraints[0], to: 20)
        #expect(layout.numericalRepairs == NumericalRepairs())

        let wide = makeCheckedSolver()
        let x = wide.makeVariable("x"), y = wide.makeVariable("y")
        try wide.add(1e-3 * x + 1e4 * y == 7)
        try wide.add((x == 5).prioritized(500))
        try wide.add(y >= -1)
        #expect(wide.numericalRepairs.verifications == 3)
        #expect(abs(1e-3 * wide.value(of: x) + 1e4 * wide.value(of: y) - 7) <= 1e-8 * 7)
    }

    @Test("The repro that trapped on an unbounded objective ends with no refusal and no error but unsatisfiable")
    func unboundedTrapIsRepaired() throws {
        guard let (_, result) = try SolverReproTests.replay("crash-unbounded-unit.min.jsonl") else { return }
        #expect(result.errors.allSatisfy { $0.error.code == "unsatisfiable" })
        let repairs = result.solver.numericalRepairs
        #expect(repairs.refusals == 0)
    }
}
