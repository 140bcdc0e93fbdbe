/// A replayed conflict in words an iOS engineer reads at a glance, and the fix to try.
public struct ConflictExplanation: Sendable {
    /// Why the constraints cannot all hold.
    public var explanation: String
    /// What to change.
    public var fix: String

    /// Explains a replay's outcome.
    public init(_ outcome: ReplayOutcome) {
        let refusedNote =
            outcome.refused.isEmpty
            ? ""
            : " Not replayed, since Auto Layout refuses a position related to the other axis: "
                + outcome.refused.map { "`\($0.equation)`" }.joined(separator: ", ") + "."
        defer { explanation += refusedNote }
        guard outcome.unsatisfiable else {
            explanation =
                "The \(outcome.constraintCount) constraints are satisfiable when replayed alone: the conflict needs constraints the log does not list (UIKit lists only the mutually exclusive set it found)."
            fix =
                "Run again with a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints and print the view's constraintsAffectingLayout(for:) to see the rest."
            return
        }
        let set = outcome.minimalConflict
        var words = set.count == 1 ? "This constraint cannot hold" : "These \(set.count) constraints cannot all hold"
        words += ": " + set.map { "`\($0.equation)`" + Self.origin($0) }.joined(separator: ", ")
        // Implicit rules, the size ones grouped: "sizes are never negative (A.width, B.height ≥ 0)".
        let suffix = ReplayModel.nonNegativeSuffix
        let sizes = outcome.implicitRules.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count + 4)) }
        var rules = outcome.implicitRules.filter { !$0.hasSuffix(suffix) }
        if !sizes.isEmpty { rules.append("sizes are never negative (\(sizes.joined(separator: ", ")) ≥ 0)") }
        if !rules.isEmpty {
            words += ", given that " + rules.joined(separator: "; ")
        }
        words += "."
        if let tension = outcome.tension {
            let exact = outcome.implicitRules.isEmpty && set.allSatisfy { $0.relation == .equal }
            words += " " + Self.tensionSentence(tension, others: set.count - 1, exact: exact)
        }
        explanation = words
        fix = Self.fix(outcome)
    }

    /// `(UIView-Encapsulated-Layout-Height, set by the table view)` and the like.
    static func origin(_ constraint: LoggedConstraint) -> String {
        if let mask = constraint.autoresizingMask { return " (autoresizing mask \(mask))" }
        if constraint.className == "NSAutoresizingMaskLayoutConstraint" { return " (autoresizing mask)" }
        guard let identifier = constraint.identifier else { return "" }
        if identifier.hasPrefix("UIView-Encapsulated-Layout") { return " (\(identifier): the size the table or collection view gives it)" }
        if identifier.hasPrefix("UISV-") { return " (\(identifier), made by the stack view)" }
        if identifier.hasPrefix("_UITemporaryLayout") { return " (\(identifier): UIKit's size before the first layout)" }
        return " ('\(identifier)')"
    }

    /// `exact`: the others are equalities only, so they fix the value (else it is the closest they allow).
    static func tensionSentence(_ tension: ReplayOutcome.Tension, others: Int, exact: Bool) -> String {
        let c = tension.constraint
        let lhs: String
        if let second = c.second {
            let multiplier = c.multiplier == 1 ? "" : "\(formatLogNumber(c.multiplier)) × "
            lhs = "\(c.first.item.shortName).\(c.first.attribute.rawValue) − \(multiplier)\(second.item.shortName).\(second.attribute.rawValue)"
        } else {
            lhs = "\(c.first.item.shortName).\(c.first.attribute.rawValue)"
        }
        let allowed = formatLogNumber((tension.othersAllow * 1000).rounded() / 1000)
        let required = formatLogNumber(tension.required)
        let relation: String
        switch c.relation {
        case .equal: relation = "\(allowed) ≠ \(required)"
        case .lessThanOrEqual: relation = "\(allowed) > \(required)"
        case .greaterThanOrEqual: relation = "\(allowed) < \(required)"
        }
        let othersText = others == 1 ? "the other constraint" : "the other \(others)"
        return
            "With \(othersText), \(lhs) comes to \(allowed)\(exact ? "" : " at best"), but `\(c.equation)` needs \(c.relation == .equal ? "" : c.relation.rawValue + " ")\(required): \(relation)."
    }

    static func fix(_ outcome: ReplayOutcome) -> String {
        let set = outcome.minimalConflict
        let app = set.filter { !$0.isImposedGeometry && !$0.isStackViewConstraint && !$0.isGuideDefinition && !$0.className.hasPrefix("_UI") }
        // Autoresizing masks: the view still translates its frame.
        if let mask = set.first(where: { $0.className == "NSAutoresizingMaskLayoutConstraint" }) {
            return
                "Set `translatesAutoresizingMaskIntoConstraints = false` on \(mask.first.item.shortName): its frame is turned into constraints\(mask.autoresizingMask.map { " (\($0))" } ?? "") that fight the constraints you added."
        }
        // Duplicates: two constraints on the same attribute.
        for (index, a) in set.enumerated() {
            for b in set[(index + 1)...] where a.first == b.first && a.second == b.second && !a.isImposedGeometry && !b.isImposedGeometry {
                return
                    "Remove the duplicate: `\(a.equation)` and `\(b.equation)` both set \(a.first.item.shortName).\(a.first.attribute.rawValue); keep one, or lower the other to priority 999."
            }
        }
        let link = outcome.engineBreaks.flatMap { broken in app.contains { $0.address == broken.address } ? broken : nil } ?? app.last
        if let imposed = set.first(where: { $0.identifier?.hasPrefix("UIView-Encapsulated-Layout") == true }) {
            let axis = imposed.identifier!.hasSuffix("Width") ? "horizontal" : "vertical"
            let zero = imposed.constant < 1e-3
            var text =
                "The \(axis == "vertical" ? "height" : "width") \(formatLogNumber(imposed.constant)) comes from the table or collection view (\(imposed.identifier!))"
            text += zero ? ", before the cell has a real size. " : ", and the \(axis) chain inside does not fit it. "
            if let link {
                text += "Lower one link of the chain to priority 999, e.g. `\(link.equation)`, so it gives way"
            } else {
                text += "Lower one link of the \(axis) chain to priority 999 so it gives way"
            }
            text += axis == "vertical" ? "; with self-sizing cells, make sure the chain runs from the top to the bottom of the content view." : "."
            return text
        }
        if app.isEmpty {
            return
                "Every constraint here is UIKit's own (stack view, layout margins, system sizes): no app code adds them. It usually means a container has no size yet (0 before the first layout); give it a size, or ignore it if the layout ends up right."
        }
        if set.contains(where: { $0.isStackViewConstraint }), let link {
            return
                "The stack view's own constraints cannot give way: lower `\(link.equation)` to priority 999, or change the stack view's alignment or distribution."
        }
        if let link {
            return
                "Lower `\(link.equation)` to priority 999, so this is where the layout gives way, predictably, instead of UIKit breaking a constraint of its choice."
        }
        return "Remove one of the constraints, or make one of them optional (priority 999)."
    }
}
