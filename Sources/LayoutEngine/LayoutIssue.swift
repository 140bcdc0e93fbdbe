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

/// The report of a conflict the engine resolved by breaking a constraint, in UIKit's console
/// format, word for word where UIKit's text is known (so `layoutbench explain` reads it as it
/// reads UIKit's own logs).
public struct UnsatisfiableConstraintsReport {
    /// The mutually exclusive constraints; the one that could not be added is last.
    public let constraints: [LayoutConstraint]
    /// The constraint the engine broke (made non-required) to recover, chosen by
    /// ``LayoutEngine/constraintToBreak(among:)``.
    public let brokenConstraint: LayoutConstraint
    /// The layout pass and display frame it happened in.
    public let pass: Int
    public let frame: Int
    /// The constraints' descriptions as they were when the conflict was found.
    public let descriptions: [String]
    /// The broken constraint's description as it was when the conflict was found.
    public let brokenDescription: String

    init(constraints: [LayoutConstraint], brokenConstraint: LayoutConstraint, pass: Int, frame: Int) {
        self.constraints = constraints
        self.brokenConstraint = brokenConstraint
        self.pass = pass
        self.frame = frame
        self.descriptions = constraints.map(\.description)
        self.brokenDescription = brokenConstraint.description
    }

    /// Whether any of the constraints was made from an autoresizing mask: the
    /// signature of `translatesAutoresizingMaskIntoConstraints` left on.
    public var involvesAutoresizingMask: Bool {
        constraints.contains { $0.origin == .autoresizingMask }
    }

    /// UIKit's advice paragraph (iOS 10 and later), trailing spaces included.
    public static let adviceLines = [
        "\tProbably at least one of the constraints in the following list is one you don't want. ",
        "\tTry this: ",
        "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
        "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
    ]
    /// The note UIKit adds when the list holds an `NSAutoresizingMaskLayoutConstraint`.
    public static let autoresizingNote =
        "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) "
    /// UIKit's footer (iOS 12 and later).
    public static let footerLines = [
        "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
        "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.",
    ]

    /// The console text, as UIKit prints it.
    public var message: String {
        var lines = ["[LayoutConstraints] Unable to simultaneously satisfy constraints."]
        lines += Self.adviceLines
        if involvesAutoresizingMask { lines.append(Self.autoresizingNote) }
        lines.append("(")
        for (index, description) in descriptions.enumerated() {
            lines.append("    \"\(description)\"" + (index == descriptions.count - 1 ? "" : ","))
        }
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint ")
        lines.append(brokenDescription)
        lines.append("")
        lines += Self.footerLines
        return lines.joined(separator: "\n")
    }
}
