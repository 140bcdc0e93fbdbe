/// How the two sides of a constraint relate.
public enum Relation: String, Sendable, CaseIterable {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="
}

/// A linear constraint `expression (relation) 0` with a priority and a weight.
///
/// A constraint is a reference type: its identity is what a ``Solver`` adds,
/// removes and reports in conflicts. The definition is fixed when it is made;
/// an installed constraint's ``constant`` and ``priority`` change only through
/// ``Solver/updateConstant(of:to:)`` and ``Solver/updatePriority(of:to:)``,
/// the in-place paths that Auto Layout's `.constant` and `.priority` setters take.
///
/// A constraint is installed in at most one solver at a time. Like the solver, a
/// constraint is not thread-safe; it is `Sendable` so that errors can carry it,
/// and may cross threads only while nothing mutates it.
public final class Constraint: CustomStringConvertible, @unchecked Sendable {
    /// The variable terms, in the order written.
    public let terms: [Term]
    /// The constant term of the expression (the constraint reads
    /// `sum(terms) + constant (relation) 0`).
    @exclusivity(unchecked) public internal(set) var constant: Double
    /// The relation of the expression to zero.
    public let relation: Relation
    /// The priority; ``Priority/required`` by default.
    @exclusivity(unchecked) public internal(set) var priority: Priority
    /// The weight of the constraint's violation among constraints of the same priority.
    public let weight: Double
    /// A label for dumps, traces and conflict reports.
    public var label: String? {
        get { storedLabel }
        set { storedLabel = newValue }
    }
    /// A position the client keeps for this constraint in a table of its own, -1 by
    /// default. The solver never reads it; a layout engine stores there the index of the
    /// constraint it made this one for, to map conflict sets back to its own typed objects.
    public var clientIndex: Int32 {
        get { storedClientIndex }
        set { storedClientIndex = newValue }
    }

    // The solver reads and writes `constant`, `priority`, `slot` and `ownerTag` on every
    // operation, and a client sets `label` and `clientIndex` once per constraint it makes
    // (and `clientIndex` again when its table moves the entry); their exclusivity is not
    // checked at run time (a runtime call per access, two per constraint a layout engine
    // makes). Like the solver, a constraint is used from one thread at a time.
    //
    // `label` and `clientIndex` are accessors over internal storage because the attribute
    // does not reach another module: a client's direct store to a public
    // `@exclusivity(unchecked)` property is compiled with a runtime check all the same
    // (one `swift_beginAccess` per constraint the engine made or moved, in the
    // `LayoutEngine` functions of a release build; docs/performance.md).
    @exclusivity(unchecked) var storedLabel: String?
    @exclusivity(unchecked) var storedClientIndex: Int32 = -1

    /// The index of this constraint's record in the solver that holds it, or -1.
    @exclusivity(unchecked) var slot: Int32 = -1
    /// The tag of the solver that holds it (0 when not installed).
    @exclusivity(unchecked) var ownerTag: UInt32 = 0
    /// The id a trace recorder gave this constraint, and which recorder gave it.
    /// The id a trace recorder gave this constraint, and which recorder (not API).
    @_spi(TraceRecording) public var traceID: Int32 = -1
    @_spi(TraceRecording) public var traceRecorderTag: UInt32 = 0

    /// Makes `expression (relation) 0`.
    ///
    /// - Parameters:
    ///   - expression: The left side; the right side is zero.
    ///   - relation: `<=`, `==` or `>=`.
    ///   - priority: 1...1000; 1000 (required) by default.
    ///   - weight: Positive weight among constraints of the same priority; 1 by default.
    ///   - label: An optional label used in dumps and conflict reports.
    public init(
        _ expression: LinearExpression, _ relation: Relation,
        priority: Priority = .required, weight: Double = 1, label: String? = nil
    ) {
        precondition(weight > 0 && weight.isFinite, "A constraint's weight must be positive and finite; got \(weight)")
        self.terms = expression.terms
        self.constant = expression.constant
        self.relation = relation
        self.priority = priority
        self.weight = weight
        self.storedLabel = label
    }

    /// The expression `sum(terms) + constant`.
    public var expression: LinearExpression {
        LinearExpression(terms: terms, constant: constant)
    }

    /// Whether the constraint is installed in a solver.
    public var isInstalled: Bool { slot >= 0 }

    /// A new, uninstalled constraint with the same definition at another priority.
    public func prioritized(_ priority: Priority, weight: Double? = nil) -> Constraint {
        Constraint(expression, relation, priority: priority, weight: weight ?? self.weight, label: label)
    }

    public var description: String {
        var text = ""
        if let label { text += "'\(label)' " }
        var first = true
        for term in terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            if first {
                text += term.coefficient < 0 ? "-" : ""
            } else {
                text += " \(sign) "
            }
            if magnitude != 1 { text += "\(Self.format(magnitude))*" }
            text += "v\(term.variable.id)"
            first = false
        }
        if constant != 0 || first {
            text += first ? Self.format(constant) : (constant < 0 ? " - \(Self.format(-constant))" : " + \(Self.format(constant))")
        }
        text += " \(relation.rawValue) 0"
        if !priority.isRequired { text += " @\(priority)" }
        if weight != 1 { text += " w\(Self.format(weight))" }
        return text
    }

    static func format(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

// MARK: - Relational operators

extension LinearExpression {
    @inlinable
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }

    @inlinable
    public static func == (lhs: LinearExpression, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: LinearExpression, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: LinearExpression, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }

    @inlinable
    public static func == (lhs: LinearExpression, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: LinearExpression, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: LinearExpression, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }
}

extension Variable {
    @inlinable
    public static func == (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }

    @inlinable
    public static func == (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }

    @inlinable
    public static func == (lhs: Variable, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    @inlinable
    public static func <= (lhs: Variable, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }

    @inlinable
    public static func >= (lhs: Variable, rhs: LinearExpression) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }
}
