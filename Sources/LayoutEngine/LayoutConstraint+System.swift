// Constraints that system components make: margins, safe-area, scroll-view and baseline
// guides, and importers' stand-ins for UIKit's private constraints.

extension LayoutConstraint {
    /// Makes a constraint owned by a system component rather than by app code (origin
    /// ``Origin/container``): it moves with its hierarchy like a stack view's generated
    /// constraints, and descriptions and reports tell it apart from the app's.
    ///
    /// Unlike app constraints, a position may equal a constant (`left == 0`).
    ///
    /// - Parameters:
    ///   - item: The first item.
    ///   - attribute: The first item's attribute.
    ///   - relation: The relation.
    ///   - toItem: The second item, or `nil` for a constant.
    ///   - secondAttribute: The second item's attribute (`.notAnAttribute` without one).
    ///   - multiplier: The second attribute's factor.
    ///   - constant: The constant.
    ///   - priority: The priority (required by default).
    ///   - identifier: The identifier UIKit would give it (`UIView-leftMargin-guide-constraint`).
    /// - Returns: An inactive constraint.
    public static func system(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation = .equal,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required,
        identifier: String
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: toItem, attribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, identifier: identifier, origin: .container)
    }
}
