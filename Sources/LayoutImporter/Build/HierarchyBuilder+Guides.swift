import LayoutEngine

extension HierarchyBuilder {
    // MARK: - Guides

    /// Makes the layout guides: safe areas (the root's inset by the bars), the legacy top
    /// and bottom layout guides of `controller`, scroll views' guides.
    func makeGuides(controller: XMLNode?) {
        let root = layout.root
        root.safeAreaInsets = EdgeInsets(
            top: rootInsets.top, leading: rootInsets.sides, bottom: rootInsets.bottom, trailing: rootInsets.sides)
        for (node, owner) in safeAreaNodes {
            if let id = node["id"] { items[id] = owner.safeAreaLayoutGuide }
        }
        for (node, owner) in scrollGuideNodes {
            guard let scroll = owner as? ScrollView, let id = node["id"] else { continue }
            items[id] = node["key"] == "contentLayoutGuide" ? scroll.contentLayoutGuide : scroll.frameLayoutGuide
        }
        guard let guides = controller?.child("layoutGuides") else { return }
        for node in guides.children(named: "viewControllerLayoutGuide") {
            guard let id = node["id"] else { continue }
            let isTop = node["type"] == "top"
            let guide = LayoutGuide(identifier: isTop ? "_UILayoutGuide-top" : "_UILayoutGuide-bottom")
            guide.name = id
            root.addLayoutGuide(guide)
            let length = isTop ? rootInsets.top : rootInsets.bottom
            LayoutConstraint.activate([
                .system(
                    item: guide, attribute: isTop ? .top : .bottom, toItem: root, attribute: isTop ? .top : .bottom,
                    identifier: "_UILayoutSupportConstraint"),
                .system(
                    item: guide, attribute: .height, toItem: nil, attribute: .notAnAttribute, constant: length,
                    identifier: "_UILayoutSupportConstraint"),
                .system(item: guide, attribute: .left, toItem: root, attribute: .left, identifier: "_UILayoutSupportConstraint"),
                .system(item: guide, attribute: .width, toItem: root, attribute: .width, identifier: "_UILayoutSupportConstraint"),
            ])
            items[id] = guide
        }
    }

    /// The margins of a view: the element's own `layoutMargins` or `directionalLayoutMargins`,
    /// else UIKit's default for its role (a view controller's root: 0 top and bottom and the
    /// device's side margin, from the safe area; a cell's content view: 11 and the side
    /// margin; any other view: 8). With `preservesSuperviewLayoutMargins`, each side is at
    /// least the superview's margin less the distance to the superview's edge (from the
    /// design frames).
    func margins(of view: View) -> EdgeInsets {
        guard let node = nodesByView[ObjectIdentifier(view)] else { return EdgeInsets(all: 8) }
        var insets: EdgeInsets
        if let explicit = node.child("edgeInsets", key: "layoutMargins") {
            insets = EdgeInsets(
                top: explicit.number("top") ?? 0, leading: explicit.number("left") ?? 0,
                bottom: explicit.number("bottom") ?? 0, trailing: explicit.number("right") ?? 0)
        } else if let explicit = node.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            insets = EdgeInsets(
                top: explicit.number("top") ?? 0, leading: explicit.number("leading") ?? 0,
                bottom: explicit.number("bottom") ?? 0, trailing: explicit.number("trailing") ?? 0)
        } else if view === layout.root && (isSceneRoot || rootInsets.isFullScreen) {
            // tvOS: the safe area's overscan is the margin (a view pinned to the bottom margin of a
            // tvOS XIB's root is stored 60 points up); no stored frame shows a side margin beyond it.
            let side = context.device.isTV ? 0 : canvas.rootSideMargin(width: context.device.screen.width, device: context.device)
            insets = EdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
        } else if view === layout.root && node.parent?.name == "objects" && canvas.rootMarginsOnTopLevelViews {
            let side = canvas.rootSideMargin(width: Self.frame(of: node)?.width ?? 0, device: context.device)
            insets = EdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
        } else if node.name == "tableViewCellContentView" {
            let cell = node.parent
            insets = canvas.cellContentMargins(
                device: context.device, cellWidth: cell.flatMap(Self.frame(of:))?.width ?? 0,
                inStoryboardTable: cell?.parent?.name == "prototypes" || cell?.parent?.name == "cells")
            // Beside an accessory (a disclosure indicator...) the content view ends before it,
            // with UIView's 8-point margin on that side.
            if let accessory = node.parent?["accessoryType"], accessory != "none" { insets.trailing = 8 }
        } else {
            insets = EdgeInsets(all: 8)
        }
        if node.flag("preservesSuperviewLayoutMargins"), let parent = view.superview, parent !== layout.window,
            let frame = Self.frame(of: node), let parentFrame = nodesByView[ObjectIdentifier(parent)].flatMap(Self.frame(of:))
        {
            let outer = margins(of: parent)
            insets.leading = max(insets.leading, outer.leading - frame.minX)
            insets.top = max(insets.top, outer.top - frame.minY)
            insets.trailing = max(insets.trailing, outer.trailing - (parentFrame.width - frame.maxX))
            insets.bottom = max(insets.bottom, outer.bottom - (parentFrame.height - frame.maxY))
        }
        return insets
    }

    /// Places a text view's baseline guides, with the system font's ascender and descender
    /// (0.95 em and 0.25 em), unless the view already has them; nothing for other views.
    func placeTextBaselines(of view: View) {
        guard let viewNode = nodesByView[ObjectIdentifier(view)], IntrinsicSizing.textElements.contains(viewNode.name) || viewNode.name == "textView"
        else {
            return
        }
        // Ascender and descender of the system font: 0.95 em and 0.25 em. A single line is
        // centred in a taller frame, as UILabel draws it; a label whose frame holds several
        // lines is their measured height, so its first baseline is the first line's and its
        // last the last line's (a 78-point, four-line label's last baseline, 3.75 points up,
        // places the views below it in a XIB saved by Xcode 26).
        let size = IntrinsicSizing.fontSize(viewNode)
        let lineHeight = (size * 1.2).rounded(.up)
        let frameHeight = Self.frame(of: viewNode)?.height ?? lineHeight
        let lines = viewNode.name == "label" ? max(1, ((frameHeight + 1) / lineHeight).rounded(.down)) : 1
        let gap = lines > 1 ? 0 : (frameHeight - lineHeight) / 2
        if !view.hasFirstBaselineOffset { view.firstBaselineOffsetFromTop = gap + size * 0.95 }
        if view.lastBaselineOffsetFromBottom == nil { view.lastBaselineOffsetFromBottom = gap + size * 0.25 }
    }
}
