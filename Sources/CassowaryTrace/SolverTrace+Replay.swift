import Cassowary

extension SolverTrace {
    /// What a replay produced.
    public struct ReplayResult {
        /// The solver the trace ran on.
        public var solver: Solver
        /// The solver's variables, by trace variable id.
        public var variables: [Variable]
        /// The constraints, by trace constraint id (`nil` for ids the trace skips).
        public var constraints: [Constraint?]
        /// Operations that threw, with their line.
        public var errors: [(line: Int, error: SolverError)]
    }

    /// Runs the trace on a new solver (or the given empty one).
    ///
    /// Operations that fail fail again, with the same effect on the counters as
    /// when they were recorded.
    public func replay(on solver: Solver = Solver()) -> ReplayResult {
        var result = ReplayResult(solver: solver, variables: [], constraints: [], errors: [])
        for (line, operation) in operations {
            do {
                try Self.apply(operation, to: &result)
            } catch {
                result.errors.append((line, error))
            }
        }
        return result
    }

    /// Applies one operation; the building block of replays and benchmarks.
    public static func apply(_ operation: Operation, to state: inout ReplayResult) throws(SolverError) {
        let solver = state.solver
        switch operation {
        case .variable(_, let name):
            state.variables.append(solver.makeVariable(name))
        case .add(let id, let definition):
            while state.constraints.count <= id { state.constraints.append(nil) }
            let constraint: Constraint
            if let existing = state.constraints[id] {
                constraint = existing
            } else {
                let expression = LinearExpression(
                    terms: definition.terms.map { Term(state.variables[$0.variable], $0.coefficient) },
                    constant: definition.constant)
                constraint = Constraint(
                    expression, definition.relation, priority: definition.priority, weight: definition.weight,
                    label: definition.label)
                state.constraints[id] = constraint
            }
            try solver.add(constraint)
        case .remove(let id):
            try solver.remove(state.constraints[id]!)
        case .updateConstant(let id, let constant):
            try solver.updateConstant(of: state.constraints[id]!, to: constant)
        case .updatePriority(let id, let priority):
            try solver.updatePriority(of: state.constraints[id]!, to: priority)
        case .addEdit(let variable, let priority):
            try solver.addEditVariable(state.variables[variable], priority: priority)
        case .removeEdit(let variable):
            try solver.removeEditVariable(state.variables[variable])
        case .suggest(let variable, let value):
            try solver.suggestValue(value, for: state.variables[variable])
        case .beginBatch:
            solver.beginBatch()
        case .endBatch:
            try solver.endBatch()
        case .read:
            solver.forEachChangedVariable { _, _ in }
        }
    }
}
