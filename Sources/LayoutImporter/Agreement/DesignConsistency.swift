import LayoutEngine

/// Whether the frames Xcode stored satisfy the file's own constraints.
///
/// IB marks a stale frame `misplaced="YES"`, but not always: after a conflict it resolved by
/// breaking a constraint, or after an edit it never re-laid out, a frame can contradict a
/// required constraint of the same file with no mark. No engine that honours the constraints
/// can land on such a frame, so a disagreement there is the document's, not the engine's.
///
/// This checks every required constraint between two views (or a view and a constant) against
/// the design frames, in the root's coordinates; constraints that involve a layout guide
/// (margins, safe area) are not checked, since the guide's design position is itself modelled.
enum DesignConsistency {
    /// The required constraints the design frames violate by more than 1 point, by view.
    static func violations(in layout: ImportedLayout) -> [ObjectIdentifier: [LayoutConstraint]] {
        var design: [ObjectIdentifier: Rect] = [:]
        for entry in layout.designFrames {
            // Constraints hold between alignment rectangles: take a switch's insets off its frame.
            var frame = entry.frame
            if let insets = (entry.view as? ImportedView)?.alignmentInsets {
                frame = Rect(
                    x: frame.minX + insets.leading, y: frame.minY + insets.top,
                    width: frame.width - insets.leading - insets.trailing, height: frame.height - insets.top - insets.bottom)
            }
            design[ObjectIdentifier(entry.view)] = frame
        }
        var memo: [ObjectIdentifier: Rect?] = [:]
        func rectInRoot(_ view: View) -> Rect? {
            if view === layout.root { return Rect(origin: .zero, size: layout.root.frame.size) }
            let key = ObjectIdentifier(view)
            if let known = memo[key] { return known }
            var result: Rect?
            if let own = design[key], let parent = view.superview, let base = rectInRoot(parent) {
                result = Rect(x: base.minX + own.minX, y: base.minY + own.minY, width: own.width, height: own.height)
            }
            memo[key] = result
            return result
        }
        func value(_ rect: Rect, _ attribute: LayoutAttribute) -> Double? {
            switch attribute {
            case .left, .leading: rect.minX
            case .right, .trailing: rect.maxX
            case .centerX: rect.midX
            case .width: rect.width
            case .top: rect.minY
            case .bottom: rect.maxY
            case .centerY: rect.midY
            case .height: rect.height
            case .notAnAttribute: nil
            }
        }
        var result: [ObjectIdentifier: [LayoutConstraint]] = [:]
        for constraint in layout.constraints + layout.designTimeConstraints where constraint.priority.isRequired {
            guard let first = constraint.firstItem as? View, let firstRect = rectInRoot(first),
                let lhs = value(firstRect, constraint.firstAttribute)
            else { continue }
            var rhs = constraint.constant
            var second: View?
            if let item = constraint.secondItem {
                guard let view = item as? View, let rect = rectInRoot(view), let other = value(rect, constraint.secondAttribute) else { continue }
                second = view
                rhs += constraint.multiplier * other
            }
            let violated: Bool
            switch constraint.relation {
            case .equal: violated = abs(lhs - rhs) > FrameAgreement.tolerance
            case .greaterThanOrEqual: violated = lhs < rhs - FrameAgreement.tolerance
            case .lessThanOrEqual: violated = lhs > rhs + FrameAgreement.tolerance
            }
            guard violated else { continue }
            result[ObjectIdentifier(first), default: []].append(constraint)
            if let second { result[ObjectIdentifier(second), default: []].append(constraint) }
        }
        return result
    }
}
