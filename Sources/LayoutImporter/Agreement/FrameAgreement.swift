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
        /// The view's class and id (`UILabel:abc-12-xyz`).
        public let view: String
        /// The line of the view's element.
        public let line: Int
        /// The frame stored in the file.
        public let expected: Rect
        /// The frame the engine computed.
        public let actual: Rect

        public var description: String { "\(view) (line \(line)): expected \(expected), got \(actual)" }
    }

    /// The largest difference, in points, at which frames still agree.
    public static let tolerance = 1.0

    /// Views compared.
    public let compared: Int
    /// Views within 1 pt.
    public let agreeing: Int
    /// The views that disagree, in document order.
    public let mismatches: [Mismatch]

    /// Compares a laid-out hierarchy with its design frames.
    public init(_ layout: ImportedLayout) {
        var agreeing = 0
        var mismatches: [Mismatch] = []
        for design in layout.designFrames {
            let actual = design.view.frame
            if actual.isClose(to: design.frame, tolerance: Self.tolerance + 1e-9) {
                agreeing += 1
            } else {
                mismatches.append(Mismatch(id: design.id, view: design.view.debugName, line: design.line, expected: design.frame, actual: actual))
            }
        }
        self.compared = layout.designFrames.count
        self.agreeing = agreeing
        self.mismatches = mismatches
    }

    /// `agreeing / compared` (1 when nothing was compared).
    public var ratio: Double { compared == 0 ? 1 : Double(agreeing) / Double(compared) }
}
