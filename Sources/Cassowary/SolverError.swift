/// A required constraint the solver could not satisfy, with the installed
/// required constraints it conflicts with.
public struct UnsatisfiableConstraint: CustomStringConvertible, Sendable {
    /// What the caller tried to do when the conflict appeared.
    public enum Operation: Sendable, Equatable {
        /// Adding the constraint.
        case add
        /// Changing the constraint's constant from `from` to `to` (the change was rolled back).
        case updateConstant(from: Double, to: Double)
    }

    /// The constraint that could not be satisfied (it is not installed, or
    /// keeps its previous constant).
    public let constraint: Constraint
    /// Installed required constraints that, together with ``constraint``, have
    /// no solution: the explanation.
    ///
    /// They are read off the simplex row that proves infeasibility (a Farkas
    /// certificate): each required constraint whose marker symbol appears in
    /// that row takes part in the proof. The set is sufficient to conflict on
    /// its own; it is usually, but not provably, minimal.
    public let conflicts: [Constraint]
    /// What was attempted.
    public let operation: Operation

    public var description: String {
        var text: String
        switch operation {
        case .add:
            text = "Cannot add required constraint \(constraint): it conflicts with "
        case .updateConstant(let from, let to):
            text =
                "Cannot change the constant of required constraint \(constraint) from \(Constraint.format(from)) to \(Constraint.format(to)): it would conflict with "
        }
        if conflicts.isEmpty {
            text += "no other constraint (it is contradictory on its own)."
        } else {
            text += "\(conflicts.count) installed required constraint\(conflicts.count == 1 ? "" : "s"): "
            text += conflicts.map { "[\($0)]" }.joined(separator: ", ") + "."
        }
        text += " Remove one of them, or lower a priority below 1000 (999 makes a failure point)."
        return text
    }
}

/// The errors a ``Solver`` reports. Each has a stable ``code`` and a message
/// that says what failed and how to fix it. A failed operation leaves the
/// solver as it was.
public enum SolverError: Error, CustomStringConvertible {
    /// A required constraint conflicts with installed required constraints.
    case unsatisfiable(UnsatisfiableConstraint)
    /// Changes in a batch conflicted when the batch ended: each listed constant
    /// update was rolled back, and each listed add (a required constraint accepted
    /// within rounding that the verification's rebuild found unsatisfiable) was
    /// removed; the batch's other changes were applied.
    case unsatisfiableBatch([UnsatisfiableConstraint])
    /// The constraint is already installed in this solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not installed in this solver.
    case unknownConstraint(Constraint)
    /// The constraint is installed in another solver.
    case constraintInAnotherSolver(Constraint)
    /// The variable already has an edit.
    case duplicateEditVariable(Variable, name: String)
    /// The variable has no edit.
    case unknownEditVariable(Variable, name: String)
    /// Edits must be non-required.
    case requiredEditVariable(Variable, name: String)
    /// An installed constraint's priority cannot change between required and non-required.
    case requiredPriorityMutation(Constraint, from: Priority, to: Priority)
    /// A variable made by another solver.
    case foreignVariable(Variable)
    /// A number that is not finite.
    case nonFiniteValue(what: String, value: Double)
    /// `endBatch()` without a matching `beginBatch()`.
    case batchNotOpen
    /// The operation's result could not be verified in double precision, even after
    /// the tableau was rebuilt from scratch; it was refused and the installed
    /// constraints are as they were before it (a batch's changes stay applied).
    case numericalInstability(NumericalInstability)

    /// A stable identifier for the kind of error, for tools and tests.
    public var code: String {
        switch self {
        case .unsatisfiable: "unsatisfiable"
        case .unsatisfiableBatch: "unsatisfiable-batch"
        case .duplicateConstraint: "duplicate-constraint"
        case .unknownConstraint: "unknown-constraint"
        case .constraintInAnotherSolver: "constraint-in-another-solver"
        case .duplicateEditVariable: "duplicate-edit-variable"
        case .unknownEditVariable: "unknown-edit-variable"
        case .requiredEditVariable: "required-edit-variable"
        case .requiredPriorityMutation: "required-priority-mutation"
        case .foreignVariable: "foreign-variable"
        case .nonFiniteValue: "non-finite-value"
        case .batchNotOpen: "batch-not-open"
        case .numericalInstability: "numerical-instability"
        }
    }

    public var description: String {
        switch self {
        case .unsatisfiable(let detail):
            return detail.description
        case .unsatisfiableBatch(let details):
            let adds = details.filter { if case .add = $0.operation { true } else { false } }.count
            let plural = details.count == 1 ? "" : "s"
            let what = adds == details.count ? "constraint\(plural) added" : adds == 0 ? "constant update\(plural) deferred" : "change\(plural)"
            return "\(details.count) \(what) in a batch could not be satisfied and "
                + "\(details.count == 1 ? "was" : "were") \(adds == details.count ? "removed" : "rolled back"): "
                + details.map(\.description).joined(separator: " ")
        case .duplicateConstraint(let constraint):
            return "Constraint \(constraint) is already installed. Remove it first, or add a new constraint object."
        case .unknownConstraint(let constraint):
            return "Constraint \(constraint) is not installed in this solver. Add it before removing or updating it."
        case .constraintInAnotherSolver(let constraint):
            return "Constraint \(constraint) is installed in another solver. Remove it there first, or make a new constraint."
        case .duplicateEditVariable(_, let name):
            return "Variable '\(name)' already has an edit. Suggest values through it, or remove it before adding another."
        case .unknownEditVariable(_, let name):
            return "Variable '\(name)' has no edit. Call addEditVariable before suggesting values or removing the edit."
        case .requiredEditVariable(_, let name):
            return
                "An edit on variable '\(name)' cannot be required: a required edit would make every suggestion a hard constraint. Use a priority below 1000 (for example 999)."
        case .requiredPriorityMutation(let constraint, let from, let to):
            return
                "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(to) and the existing priority was \(from). Constraint: \(constraint). Use 999 instead of 1000 for a priority that must change at run time, or remove the constraint and add one with the new priority."
        case .foreignVariable(let variable):
            return "Variable v\(variable.id) was made by another solver. Make variables with this solver's makeVariable(_:)."
        case .nonFiniteValue(let what, let value):
            return "The \(what) must be a finite number; got \(value)."
        case .batchNotOpen:
            return "endBatch() was called without a matching beginBatch()."
        case .numericalInstability(let detail):
            return detail.description
        }
    }
}

/// An operation the solver refused because its result could not be verified in
/// double precision (see ``SolverError/numericalInstability(_:)``).
public struct NumericalInstability: CustomStringConvertible, Sendable {
    /// The constraint the operation concerned, if any (none for a batch's end).
    public let constraint: Constraint?

    public var description: String {
        let subject = constraint.map { "The operation on \($0)" } ?? "The batch"
        return "\(subject) was refused: its solution could not be verified in double precision, even after rebuilding "
            + "the tableau. The coefficients span too many orders of magnitude; rescale the variables (for example, "
            + "points instead of micrometres) or simplify the constraints."
    }
}
