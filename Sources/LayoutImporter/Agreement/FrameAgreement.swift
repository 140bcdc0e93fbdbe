import LayoutEngine

/// How a laid-out hierarchy compares with the frames Xcode stored in the file.
///
/// A view agrees when each of its frame's four numbers (x, y, width, height, in the
/// superview's coordinates) is within ``tolerance`` of the design frame. Only views with a
/// design frame that is not `misplaced="YES"` are compared; the root is not (its frame is
/// the window's, an input).
public struct FrameAgreement: Sendable {
    /// One view that disagrees.
    public struct Mismatch: Sendable, CustomStringConvertible {
        /// The IB id.
        public let id: String
        /// The view's class and id (`UILabel:` and the id IB gave it).
        public let view: String
        /// The line of the view's element.
        public let line: Int
        /// The frame stored in the file.
        public let expected: Rect
        /// The frame the engine computed.
        public let actual: Rect
        /// A required constraint of the file that the design frames themselves violate (the
        /// design frame is stale), if any: see ``DesignConsistency``.
        public let contradictedConstraint: String?

        public var description: String {
            var text = "\(view) (line \(line)): expected \(expected), got \(actual)"
            if let contradictedConstraint { text += "; IB's own frames violate \(contradictedConstraint)" }
            return text
        }
    }

    /// The largest difference, in points, at which frames still agree.
    public static let tolerance = 1.0

    /// Views compared.
    public let compared: Int
    /// Views within 1 pt.
    public let agreeing: Int
    /// The views that disagree, in document order.
    public let mismatches: [Mismatch]
    /// Disagreeing views whose design frame contradicts a required constraint of the file.
    public var inconsistentInDesign: Int { mismatches.filter { $0.contradictedConstraint != nil }.count }

    /// Compares a laid-out hierarchy with its design frames.
    public init(_ layout: ImportedLayout) {
        var agreeing = 0
        var mismatches: [Mismatch] = []
        let violations = DesignConsistency.violations(in: layout)
        for design in layout.designFrames {
            let actual = design.view.frameIncludingAlignmentInsets
            if actual.isClose(to: design.frame, tolerance: Self.tolerance + 1e-9) {
                agreeing += 1
            } else {
                // The view's own design frame, or an ancestor's, that breaks a required constraint:
                // IB laid the subtree out around the broken constraint.
                var violated: LayoutConstraint?
                var candidate: View? = design.view
                while let view = candidate, view !== layout.root, violated == nil {
                    violated = violations[ObjectIdentifier(view)]?.first
                    candidate = view.superview
                }
                let described = violated.map { constraint in
                    "\(constraint.identifier.map { "'\($0)' " } ?? "")\(constraint.firstItem.debugName).\(constraint.firstAttribute.rawValue) \(constraint.relation.rawValue) "
                        + (constraint.secondItem.map {
                            "\(constraint.multiplier == 1 ? "" : "\(constraint.multiplier)*")\($0.debugName).\(constraint.secondAttribute.rawValue) + "
                        } ?? "")
                        + "\(constraint.constant)"
                }
                mismatches.append(
                    Mismatch(
                        id: design.id, view: design.view.debugName, line: design.line, expected: design.frame, actual: actual,
                        contradictedConstraint: described))
            }
        }
        self.compared = layout.designFrames.count
        self.agreeing = agreeing
        self.mismatches = mismatches
    }

    /// `agreeing / compared` (1 when nothing was compared).
    public var ratio: Double { compared == 0 ? 1 : Double(agreeing) / Double(compared) }
}
