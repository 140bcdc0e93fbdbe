/// A rectangle that takes part in layout without being a view (`UILayoutGuide`):
/// spacers and margins without a view's cost in the render tree.
public final class LayoutGuide: LayoutItem {
    /// The view that owns the guide. Not retained.
    public internal(set) var owningView: View? {
        get { _owningView }
        set { _owningView = newValue }
    }
    // Internal storage behind a public accessor: no runtime exclusivity checks (EngineList.swift).
    unowned(unsafe) var _owningView: View?

    /// Makes a layout guide; add it with ``View/addLayoutGuide(_:)``.
    public init(identifier: String? = nil) {
        super.init(name: identifier)
    }

    public override var typeName: String { "LayoutGuide" }

    /// The guide's rectangle in its owning view's coordinates, after layout.
    public var layoutFrame: Rect {
        guard hasSolvedFrame, let owner = owningView else { return .zero }
        let origin = owner.frameInRoot
        return Rect(x: solvedFrame.minX - origin.minX, y: solvedFrame.minY - origin.minY, width: solvedFrame.width, height: solvedFrame.height)
    }
}
