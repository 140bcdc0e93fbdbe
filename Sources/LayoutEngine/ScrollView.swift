/// A view whose content can be larger than its frame (`UIScrollView`), with its two
/// layout guides.
///
/// - ``frameLayoutGuide`` is the scroll view's frame: pinned to its four edges.
/// - ``contentLayoutGuide`` is the scrollable content at a content offset of zero: its
///   top-left corner is the scroll view's, its size (the content size) is whatever the
///   content's constraints make it.
///
/// As in UIKit, a constraint between the scroll view's edges and a view inside it means
/// the content area; an importer maps such constraints to ``contentLayoutGuide``.
/// Scrolling (a non-zero content offset) is not modelled.
open class ScrollView: View {
    private var madeFrameGuide: LayoutGuide?
    private var madeContentGuide: LayoutGuide?

    open override var typeName: String { "ScrollView" }

    /// The guide that is the scroll view's frame, made and activated on first use.
    public var frameLayoutGuide: LayoutGuide {
        if let guide = madeFrameGuide { return guide }
        let guide = LayoutGuide(identifier: "UIScrollView-frameLayoutGuide")
        addLayoutGuide(guide)
        madeFrameGuide = guide
        LayoutConstraint.activate(View.insetConstraints(guide, in: self, .zero, prefix: "UIScrollView-frame-", suffix: ""))
        return guide
    }

    /// The guide that is the content at offset zero, made and activated on first use.
    public var contentLayoutGuide: LayoutGuide {
        if let guide = madeContentGuide { return guide }
        let guide = LayoutGuide(identifier: "UIScrollView-contentLayoutGuide")
        addLayoutGuide(guide)
        madeContentGuide = guide
        LayoutConstraint.activate([
            .system(item: guide, attribute: .left, toItem: self, attribute: .left, identifier: "UIScrollView-content-left"),
            .system(item: guide, attribute: .top, toItem: self, attribute: .top, identifier: "UIScrollView-content-top"),
        ])
        return guide
    }
}
