/// Something the engine noticed and recovered from.
public enum LayoutIssue {
    public enum Kind: String, Sendable, CaseIterable {
        case unsatisfiable
        case requiredPriorityMutation
        case layoutLoop
    }

    /// Constraints conflicted; one was broken.
    case unsatisfiable(UnsatisfiableConstraintsReport)
    /// A priority change between required and non-required on an active constraint was refused.
    case requiredPriorityMutation(LayoutConstraint, message: String)
    /// A layout pass did not settle.
    case layoutLoop(View, message: String)

    public var kind: Kind {
        switch self {
        case .unsatisfiable: .unsatisfiable
        case .requiredPriorityMutation: .requiredPriorityMutation
        case .layoutLoop: .layoutLoop
        }
    }

    public var message: String {
        switch self {
        case .unsatisfiable(let report): report.message
        case .requiredPriorityMutation(_, let message): message
        case .layoutLoop(_, let message): message
        }
    }
}

/// The report of a conflict the engine resolved by breaking a constraint, modelled
/// on UIKit's console message.
public struct UnsatisfiableConstraintsReport {
    /// The mutually exclusive constraints, the broken one last.
    public let constraints: [LayoutConstraint]
    /// The constraint the engine broke (made non-required) to recover.
    public let brokenConstraint: LayoutConstraint
    /// The layout pass and display frame it happened in.
    public let pass: Int
    public let frame: Int
    /// The constraints' descriptions as they were when the conflict was found.
    public let descriptions: [String]

    init(constraints: [LayoutConstraint], brokenConstraint: LayoutConstraint, pass: Int, frame: Int) {
        self.constraints = constraints
        self.brokenConstraint = brokenConstraint
        self.pass = pass
        self.frame = frame
        self.descriptions = constraints.map(\.description)
    }

    /// Whether any of the constraints was made from an autoresizing mask: the
    /// signature of `translatesAutoresizingMaskIntoConstraints` left on.
    public var involvesAutoresizingMask: Bool {
        constraints.contains { $0.origin == .autoresizingMask }
    }

    /// The console text.
    public var message: String {
        var lines = [
            "[LayoutConstraints] Unable to simultaneously satisfy constraints.",
            "\tAt least one constraint in this list is probably not what you want. Go through them, find the",
            "\tone you did not expect, and fix the code that added it.",
        ]
        if involvesAutoresizingMask {
            lines.append("\t(NSAutoresizingMaskLayoutConstraints come from views whose translatesAutoresizingMaskIntoConstraints")
            lines.append("\tis still true: set it to false before adding your own constraints to such a view.)")
        }
        lines.append("(")
        for (index, description) in descriptions.enumerated() {
            lines.append("    \"\(description)\"" + (index == descriptions.count - 1 ? "" : ","))
        }
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint ")
        lines.append(descriptions.last ?? "\(brokenConstraint)")
        lines.append("")
        lines.append("Observe LayoutEngine.addBreakObserver(_:) to collect these in code.")
        return lines.joined(separator: "\n")
    }
}
