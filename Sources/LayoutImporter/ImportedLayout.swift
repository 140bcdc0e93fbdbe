import LayoutEngine

/// One view hierarchy imported from a document, in its own window: a scene's root view, a
/// top-level view of a XIB, or a table or collection cell.
public final class ImportedLayout {
    /// What the hierarchy is.
    public enum Kind: String, Sendable, Codable {
        /// A view controller's root view (`<view key="view">`).
        case scene
        /// A top-level view of a XIB or a scene's extra top-level view.
        case view
        /// A table or collection view cell (prototype, static or a XIB's top-level cell).
        case cell
    }

    /// A view whose design frame the layout is compared with.
    public struct DesignFrame {
        /// The IB object id.
        public let id: String
        /// The line of the view's element.
        public let line: Int
        /// The view.
        public let view: View
        /// The frame stored in the file, in the superview's coordinates.
        public let frame: Rect
    }

    /// A name unique in the document and stable across imports (`<class>-<id>`).
    public let name: String
    /// What the hierarchy is.
    public let kind: Kind
    /// The line of the root's element.
    public let line: Int
    /// The window the root is laid out in, sized as the root's design frame.
    public let window: Window
    /// The root view (pinned to the window).
    public let root: View
    /// Every view, by IB id.
    public internal(set) var viewsByID: [String: View] = [:]
    /// The views with a design frame to compare, in document order: every view below the
    /// root except those IB marks `misplaced="YES"` (the frame is stale) or `ambiguous="YES"`
    /// (IB itself found the layout under-constrained, so its frame is one of many).
    public internal(set) var designFrames: [DesignFrame] = []
    /// The constraints imported from the file's `<constraint>` elements (active after
    /// ``DocumentImporter`` returns), in document order.
    public internal(set) var constraints: [LayoutConstraint] = []
    /// Views not compared because IB marks them `misplaced="YES"`.
    public internal(set) var misplacedViews = 0
    /// Views not compared because IB marks them `ambiguous="YES"`.
    public internal(set) var ambiguousInDesign = 0
    /// Views not compared because a `<variation>` mask uninstalls them for the device's size
    /// class (`<mask key="subviews">`), those inside them included.
    public internal(set) var uninstalledViews = 0
    /// The `placeholder="YES"` constraints, active as design-time constraints when
    /// ``ImportOptions/reproducesCanvas`` is on (not part of ``constraints``).
    public internal(set) var designTimeConstraints: [LayoutConstraint] = []
    /// Stack views in the hierarchy.
    public internal(set) var stackViewCount = 0
    /// The views whose layout the file's constraints leave ambiguous, counted when the layout was
    /// first laid out (before the canvas's holds, ``holdStoredSizes(of:)``).
    public internal(set) var ambiguousViews = 0

    init(name: String, kind: Kind, line: Int, window: Window, root: View) {
        self.name = name
        self.kind = kind
        self.line = line
        self.window = window
        self.root = root
    }

    /// Lays the hierarchy out as UIKit does: a pass, then each subview's safe-area insets from
    /// where its frame overlaps the root's unsafe area (``View/propagateSafeAreaInsets()``),
    /// and another pass while they change, at most four (a view's insets move its frame, which
    /// moves the insets of the views inside it, one level a pass).
    public func layOut() {
        window.layoutIfNeeded()
        for _ in 0..<4 {
            guard root.propagateSafeAreaInsets() else { return }
            window.layoutIfNeeded()
        }
    }

    /// The IB id and line of each imported constraint.
    var constraintSources: [ObjectIdentifier: (id: String, line: Int)] = [:]

    /// The IB id and line of an imported constraint (`nil` for the engine's own).
    public func source(of constraint: LayoutConstraint) -> (id: String, line: Int)? {
        constraintSources[ObjectIdentifier(constraint)]
    }

    /// How to build the layout again.
    var recipe: LayoutRecipe?

    /// Builds the same hierarchy again from the parsed document, in a new window, with its
    /// constraints active and laid out: the work of a first layout, for scenarios that measure it.
    ///
    /// - Complexity: What importing the layout costs, without parsing.
    public func makeCopy() -> ImportedLayout {
        guard let recipe else { preconditionFailure("\(name) was not made by DocumentImporter") }
        return recipe.build().layout
    }

    /// Makes an engine `TableViewCell` with this cell's content (views, constraints active in
    /// the cell's own engine until a table adds it), for a table that reuses it. Only for
    /// layouts of kind ``Kind/cell`` made from a `tableViewCell`; `nil` otherwise.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: The identifier the table dequeues it with.
    ///   - tableWindow: The window of the table.
    /// Whether the layout is a table view cell or a collection view cell
    /// (``makeTableViewCell(reuseIdentifier:tableWindow:)`` works).
    ///
    /// The engine has no collection view: a collection cell is filled into a `TableViewCell`, its
    /// `contentView` standing for the cell's, and self-sizes in the engine's table, which
    /// measures each row with `systemLayoutSizeFitting` at the table's width and reuses cells, as
    /// a one-column `UICollectionViewFlowLayout` with automatic item sizes measures its cells
    /// (`preferredLayoutAttributesFitting(_:)` calls `systemLayoutSizeFitting`).
    public var isSelfSizingCell: Bool {
        kind == .cell && (recipe?.node.name == "tableViewCell" || recipe?.node.name == "collectionViewCell")
    }

    public func makeTableViewCell(reuseIdentifier: String, tableWindow: Window) -> TableViewCell? {
        guard isSelfSizingCell, let recipe else { return nil }
        let cell = TableViewCell(reuseIdentifier: reuseIdentifier, name: recipe.node["id"])
        let builder = HierarchyBuilder(context: recipe.context, cellNode: recipe.node, into: cell, tableWindow: tableWindow, name: name)
        builder.activateConstraints()
        return cell
    }

    /// The number of views, the root included.
    public var viewCount: Int { viewsByID.count }

    /// The size the hierarchy is laid out at.
    public var size: Size { window.frame.size }
}
