import CassowaryTrace
import LayoutBenchMetrics
import Testing

@_spi(Testing) @testable import Cassowary

/// A solver with the debug invariant checker on (it runs after every mutation).
func makeCheckedSolver() -> Solver {
    let solver = Solver()
    solver.checksInvariants = true
    return solver
}

/// A checked solver (``makeCheckedSolver()``) and a first variable named `name`: how a
/// test of one variable begins.
func makeCheckedSolver(variable name: String) -> (Solver, Variable) {
    let solver = makeCheckedSolver()
    return (solver, solver.makeVariable(name))
}

/// Whether two doubles agree to `tolerance` (absolute, scaled by magnitude above 1).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// A small deterministic PRNG so property tests print and reuse seeds: the measurement
/// module's SplitMix64, the same sequence for a seed on every platform.
typealias SeededGenerator = SplitMix64

func zip4<A, B, C, D>(_ a: [A], _ b: [B], _ c: [C], _ d: [D]) -> [(A, B, C, D)] {
    (0..<min(a.count, b.count, c.count, d.count)).map { (a[$0], b[$0], c[$0], d[$0]) }
}

/// The constraint over another solver's variables (the same indices), with `constant`.
func copyConstraint(_ constraint: Constraint, constant: Double? = nil, variables: [Variable]) -> Constraint {
    Constraint(
        LinearExpression(
            terms: constraint.terms.map { Term(variables[Int($0.variable.id)], $0.coefficient) },
            constant: constant ?? constraint.constant),
        constraint.relation, priority: constraint.priority, weight: constraint.weight)
}

/// Whether a fresh solver accepts `constraints` (the incremental solver's, copied
/// over `variableCount` new variables), with `constraint`'s constant replaced.
func freshSolverAccepts(_ constraints: [Constraint], replacing constraint: Constraint, constant: Double, variableCount: Int) -> Bool {
    let fresh = Solver()
    let variables = (0..<variableCount).map { fresh.makeVariable("x\($0)") }
    let copies = constraints.map { copyConstraint($0, constant: $0 === constraint ? constant : nil, variables: variables) }
    return (try? fresh.add(copies)) != nil
}

/// Expects two solvers to reach the same violation at every priority level (to 1e-6): the
/// incremental one with `constraints`, the fresh one with their copies `freshConstraints`.
func expectSameViolationLevels(
    _ solver: Solver, _ constraints: [Constraint], fresh: Solver, _ freshConstraints: [Constraint], context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let mine = violationLevels(of: constraints, in: solver)
    let theirs = violationLevels(of: freshConstraints, in: fresh)
    #expect(mine.count == theirs.count, "\(context)", sourceLocation: sourceLocation)
    for (a, b) in zip(mine, theirs) {
        #expect(
            a.priority == b.priority && close(a.violation, b.violation),
            "\(context): level \(a.priority) incremental \(a.violation) fresh \(b.violation)", sourceLocation: sourceLocation)
    }
}

/// Expects `operation` to throw the `SolverError` whose stable code is `code`, and returns
/// the error for checks of its message: nil, with an issue recorded, when nothing is thrown.
@discardableResult
func expectSolverError(
    _ code: String, sourceLocation: SourceLocation = #_sourceLocation, _ operation: () throws -> Void
) -> SolverError? {
    do {
        try operation()
        Issue.record("expected the error '\(code)'", sourceLocation: sourceLocation)
        return nil
    } catch let error as SolverError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected the error '\(code)', got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects `operation` to be refused as unsatisfiable and returns the error's explanation
/// (the constraint, the operation and the required constraints it conflicts with).
func expectUnsatisfiable(
    sourceLocation: SourceLocation = #_sourceLocation, _ operation: () throws -> Void
) -> UnsatisfiableConstraint? {
    guard case .unsatisfiable(let detail)? = expectSolverError("unsatisfiable", sourceLocation: sourceLocation, operation) else {
        return nil
    }
    return detail
}

/// Replays `operations` (trace lines, as the audit's reducer writes them) over variables
/// x0 … x(n-1) on a solver with the invariant checker on.
func replayTrace(variables: Int, _ operations: String) throws -> SolverTrace.ReplayResult {
    let header = #"{"trace": "layoutbench.solver", "version": 1}"#
    let declarations = (0..<variables).map { #"{"op": "variable", "id": \#($0), "name": "x\#($0)"}"# }
    let text = ([header] + declarations + [operations]).joined(separator: "\n")
    return try SolverTrace.parse(text, source: "inline").replay(on: makeCheckedSolver())
}

extension SolverTrace.ReplayResult {
    /// Expects the replay to have failed nowhere and every installed required constraint to
    /// hold (``worstRequiredResidual`` below 1e-9); with `exactly`, also that the exact arbiter
    /// solved at least once.
    func expectRequiredConstraintsHold(exactly: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
        #expect(worstRequiredResidual < 1e-9, sourceLocation: sourceLocation)
        if exactly {
            #expect(solver.numericalRepairs.exactSolutions > 0, sourceLocation: sourceLocation)
        }
    }

    /// How far `constraint` is from holding at the solver's values, over its magnitude
    /// |constant| + Σ|a·x| (at least 1): 0 when it holds.
    func relativeViolation(of constraint: Constraint) -> Double {
        var residual = constraint.constant
        var magnitude = abs(constraint.constant)
        for term in constraint.terms {
            let product = term.coefficient * solver.value(of: term.variable)
            residual += product
            magnitude += abs(product)
        }
        let violation =
            switch constraint.relation {
            case .equal: abs(residual)
            case .lessThanOrEqual: max(0, residual)
            case .greaterThanOrEqual: max(0, -residual)
            }
        return violation / max(1, magnitude)
    }

    /// The largest ``relativeViolation(of:)`` of an installed required constraint.
    var worstRequiredResidual: Double {
        var worst = 0.0
        for case let constraint? in constraints where constraint.priority.isRequired && solver.contains(constraint) {
            worst = max(worst, relativeViolation(of: constraint))
        }
        return worst
    }
}
