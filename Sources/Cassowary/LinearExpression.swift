/// One term of a linear expression: `coefficient * variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    @inlinable
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `sum(coefficient * variable) + constant`.
///
/// Built with natural operators: `x + 2 * y - 10`. Terms are kept in the order
/// written; repeated variables are merged when the solver reads the expression.
public struct LinearExpression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    @inlinable
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    @inlinable
    public init(_ variable: Variable) {
        self.terms = [Term(variable, 1)]
        self.constant = 0
    }

    @inlinable
    public init(constant: Double) {
        self.terms = []
        self.constant = constant
    }

    public var description: String {
        var parts: [String] = []
        for term in terms {
            parts.append("\(term.coefficient)*v\(term.variable.id)")
        }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

// MARK: - Arithmetic

extension LinearExpression {
    @inlinable
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    @inlinable
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + (-rhs)
    }

    @inlinable
    public static prefix func - (operand: LinearExpression) -> LinearExpression {
        operand * -1
    }

    @inlinable
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(
            terms: lhs.terms.map { Term($0.variable, $0.coefficient * rhs) },
            constant: lhs.constant * rhs)
    }

    @inlinable
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }

    @inlinable
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }

    @inlinable
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
    }

    @inlinable
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }

    @inlinable
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + (-rhs) }

    @inlinable
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }

    @inlinable
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: lhs.terms + [Term(rhs, 1)], constant: lhs.constant)
    }

    @inlinable
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: lhs.terms + [Term(rhs, -1)], constant: lhs.constant)
    }

    @inlinable
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    @inlinable
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }
}

extension Variable {
    @inlinable
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, 1), Term(rhs, 1)])
    }

    @inlinable
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, 1), Term(rhs, -1)])
    }

    @inlinable
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, 1)], constant: rhs)
    }

    @inlinable
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(rhs, 1)], constant: lhs)
    }

    @inlinable
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, 1)], constant: -rhs)
    }

    @inlinable
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(rhs, -1)], constant: lhs)
    }

    @inlinable
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(rhs, lhs)])
    }

    @inlinable
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, rhs)])
    }

    @inlinable
    public static func / (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [Term(lhs, 1 / rhs)])
    }

    @inlinable
    public static prefix func - (operand: Variable) -> LinearExpression {
        LinearExpression(terms: [Term(operand, -1)])
    }
}
