import LayoutBenchMetrics

@testable import Cassowary

/// Random small constraint systems for property tests, reproducible from a seed.
struct RandomSystemGenerator {
    enum Style: CaseIterable {
        /// Mixed relations and a handful of priorities.
        case mixed
        /// Many low-priority constraints pulling against one higher-priority constraint.
        case adversarial
        /// Many distinct priority levels, up to 999.
        case manyLevels
    }

    var random: SeededGenerator
    let style: Style
    let variableCount: Int

    init(seed: UInt64, style: Style) {
        random = SeededGenerator(seed: seed)
        self.style = style
        variableCount = Int.random(in: 2...7, using: &random)
    }

    mutating func priority() -> Priority {
        switch style {
        case .mixed:
            let choices: [Priority] = [.required, .required, 999, 750, 500, 250, 250, 1]
            return choices.randomElement(using: &random)!
        case .adversarial:
            return Bool.random(using: &random) ? .required : (Int.random(in: 0..<8, using: &random) == 0 ? 750 : 250)
        case .manyLevels:
            return Int.random(in: 0..<4, using: &random) == 0 ? .required : Priority(Float(Int.random(in: 1...999, using: &random)))
        }
    }

    /// A constraint over `variables` (the solver's variables, by index).
    mutating func constraint(over variables: [Variable]) -> Constraint {
        let termCount = Int.random(in: 1...min(3, variables.count), using: &random)
        var terms: [Term] = []
        for index in variables.indices.shuffled(using: &random).prefix(termCount) {
            var coefficient = Double(Int.random(in: -3...3, using: &random))
            if coefficient == 0 { coefficient = 1 }
            terms.append(Term(variables[index], coefficient))
        }
        let constant = Double(Int.random(in: -60...60, using: &random))
        let relation = Relation.allCases.randomElement(using: &random)!
        let priority = priority()
        let weight = priority.isRequired ? 1 : Double(Int.random(in: 1...3, using: &random))
        return Constraint(LinearExpression(terms: terms, constant: constant), relation, priority: priority, weight: weight)
    }

    /// For adversarial systems: `count` constraints at 250 pulling one variable
    /// away from where one constraint at 750 holds it.
    mutating func adversarialPull(on variable: Variable, count: Int) -> [Constraint] {
        let target = Double(Int.random(in: -20...20, using: &random))
        var constraints = [(variable == target).prioritized(750)]
        for _ in 0..<count {
            let pull = target + Double(Int.random(in: 5...40, using: &random)) * (Bool.random(using: &random) ? 1 : -1)
            constraints.append((variable == pull).prioritized(250))
        }
        return constraints
    }
}

/// The total weighted violation of the non-required constraints at each priority,
/// highest first, evaluated at the solver's values.
func violationLevels(of constraints: [Constraint], in solver: Solver) -> [(priority: Float, violation: Double)] {
    var totals: [Float: Double] = [:]
    for constraint in constraints where !constraint.priority.isRequired {
        totals[constraint.priority.value, default: 0] += constraint.weight * violation(of: constraint, in: solver)
    }
    return totals.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
}

func violation(of constraint: Constraint, in solver: Solver) -> Double {
    var value = constraint.constant
    for term in constraint.terms { value += term.coefficient * solver.value(of: term.variable) }
    switch constraint.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
}
