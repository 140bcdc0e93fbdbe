import LayoutEngine

/// How the profiler names views and constraints and finds the view an event belongs
/// to. Not API.
enum _Naming {
    /// The view an item belongs to: the view itself, or a layout guide's owning view.
    static func view(of item: LayoutItem) -> View? {
        if let view = item as? View { return view }
        if let guide = item as? LayoutGuide { return guide.owningView }
        return nil
    }

    /// The view a constraint belongs to: the nearest common ancestor of its items'
    /// views, where UIKit installs it (its first item's view for a constraint on one item).
    static func view(of constraint: LayoutConstraint) -> View? {
        guard let first = view(of: constraint.firstItem) else { return nil }
        guard let secondItem = constraint.secondItem, let second = view(of: secondItem) else { return first }
        return LayoutEngine.commonAncestor(first, second) ?? first
    }

    /// Whether a view is an engine table cell or a cell's content view.
    static func isEngineCellOrContentView(_ view: View) -> Bool {
        view is TableViewCell || (view.superview as? TableViewCell)?.contentView === view
    }

    /// The nearest table cell at or above a view.
    static func enclosingCell(of view: View) -> TableViewCell? {
        var current: View? = view
        while let candidate = current {
            if let cell = candidate as? TableViewCell { return cell }
            current = candidate.superview
        }
        return nil
    }

    /// A cell's kind: `TableViewCell 'StackListCell'` (its reuse identifier), or its
    /// name when it has none.
    static func cellKind(_ cell: TableViewCell) -> String {
        if let identifier = cell.reuseIdentifier { return "\(cell.typeName) '\(identifier)'" }
        return cell.debugName
    }

    /// One component of a structural path: `StackView:tagRow`, or the type alone for an
    /// unnamed view (so that the same view in every cell has the same path).
    static func component(_ view: View) -> String {
        if let name = view.name { return "\(view.typeName):\(name)" }
        return view.typeName
    }

    /// A path that names a view by its place in the hierarchy rather than by its
    /// identity, so that the same view in every reused cell has the same path:
    /// from the nearest cell (named by its reuse identifier) or the root down to the view,
    /// at most six components.
    static func structuralPath(_ view: View) -> String {
        var components: [String] = []
        var current: View? = view
        while let candidate = current {
            if let cell = candidate as? TableViewCell {
                components.append(cellKind(cell))
                break
            }
            components.append(component(candidate))
            current = candidate.superview
        }
        let limit = 6
        if components.count > limit {
            let kept = components.prefix(limit - 1)
            return ([components.last!, "…"] + kept.reversed()).joined(separator: " › ")
        }
        return components.reversed().joined(separator: " › ")
    }

    /// A view's name for tables: its debug name, with its serial when it has a name (the
    /// same name can occur in every cell).
    static func display(_ view: View) -> String {
        guard view.name != nil else { return view.debugName }
        return "\(view.debugName) [0x\(String(view.serial, radix: 16))]"
    }

    /// Where a view is, for tables: the path of its superview.
    static func location(_ view: View) -> String {
        guard let superview = view.superview else { return "(root)" }
        return structuralPath(superview)
    }
}
