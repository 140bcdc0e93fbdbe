extension LayoutConstraint {
    /// The constraint in the visual format language, as UIKit's descriptions show
    /// constraints of that shape: `H:|-(20)-[View:red]`, `V:[View:red(200@750)]`,
    /// `H:[View:a]-(>=8)-[View:b]`, `H:[View:a(==View:b)]`.
    ///
    /// Any constraint of the shape gets one, however it was made; `nil` for other
    /// shapes (centers, multipliers, an edge related to a different edge, an edge
    /// related to an item that is not its superview). Right-to-left constraints read
    /// as their left-to-right equivalent.
    public var visualFormatDescription: String? {
        guard let axis = firstAttribute.axis else { return nil }
        let orientation = axis == .horizontal ? "H:" : "V:"
        let priorityText = priority.isRequired ? "" : "@\(priority)"
        if firstAttribute.isDimension {
            guard let secondItem else {
                let relationText = relation == .equal ? "" : relation.rawValue
                return "\(orientation)[\(firstItem.debugName)(\(relationText)\(formatNumber(constant))\(priorityText))]"
            }
            guard secondAttribute == firstAttribute, multiplier == 1, constant == 0 else { return nil }
            return "\(orientation)[\(firstItem.debugName)(\(relation.rawValue)\(secondItem.debugName)\(priorityText))]"
        }
        guard let secondItem, multiplier == 1 else { return nil }
        let relationText = relation == .equal ? "" : relation.rawValue
        let connection = "-(\(relationText)\(formatNumber(constant))\(priorityText))-"
        let startEdges: [LayoutAttribute] = [.leading, .left, .top]
        let endEdges: [LayoutAttribute] = [.trailing, .right, .bottom]
        if firstAttribute == secondAttribute {
            if startEdges.contains(firstAttribute), VisualFormat.Builder.container(of: firstItem) === secondItem {
                return "\(orientation)|\(connection)[\(firstItem.debugName)]"
            }
            if endEdges.contains(firstAttribute), VisualFormat.Builder.container(of: secondItem) === firstItem {
                return "\(orientation)[\(secondItem.debugName)]\(connection)|"
            }
            return nil
        }
        guard let start = startEdges.firstIndex(of: firstAttribute), endEdges[start] == secondAttribute else { return nil }
        return "\(orientation)[\(secondItem.debugName)]\(connection)[\(firstItem.debugName)]"
    }
}
