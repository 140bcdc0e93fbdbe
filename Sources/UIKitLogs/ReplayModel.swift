import LayoutEngine

/// A view or guide of a replay: a ``View`` that prints UIKit's class name in descriptions.
final class ReplayView: View {
    let className: String
    init(className: String, name: String) {
        self.className = className
        super.init(name: name)
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var typeName: String { className }
}

/// What a replay rebuilds from a log, before any engine exists: the items with the hierarchy
/// inferred from the log, and the constraints (the log's, plus what UIKit keeps implicit).
struct ReplayModel {
    struct Item {
        var key: String
        var className: String
        var name: String
        var parent: String?
        /// How explanations name it (``LoggedItem/shortName``).
        var display: String
    }

    /// Where a planned constraint comes from.
    enum Source: Hashable {
        /// The log's constraint at this index of ``LoggedConflict/distinctConstraints``.
        case log(Int)
        /// Something UIKit keeps implicit, in words ("UIView …4f20.height ≥ 0").
        case implicit(String)

        var isLog: Bool { if case .log = self { true } else { false } }
    }

    struct Planned {
        var source: Source
        var origin: LayoutConstraint.Origin
        var first: (key: String, attribute: LayoutAttribute)
        var relation: LayoutRelation
        var second: (key: String, attribute: LayoutAttribute)?
        var multiplier: Double
        var constant: Double
        var priority: LayoutPriority
        var identifier: String?
        var mask: String?
        /// An autoresizing constraint the log does not show: its constant (or multiplier) is
        /// read from a layout of the rest before it is added (``ConflictReplay``).
        var valueFromLayout = false
    }

    static let rootKey = "replay-root"
    /// How the implicit size rule ends in words (explanations group these).
    static let nonNegativeSuffix = " (sizes are never negative)"

    /// Whether a class is a layout guide (`UILayoutGuide`, legacy `_UILayoutGuide`, a stack
    /// view's `_UILayoutSpacer`): replayed as a ``LayoutGuide`` of its owning view.
    static func isGuide(_ className: String) -> Bool {
        className.hasSuffix("LayoutGuide") || className == "_UILayoutSpacer"
    }
    /// The ascender and descender of UILabel's default font (the system font at 17 pt):
    /// where `firstBaseline` and `lastBaseline` lie when the log does not say.
    static let defaultAscender = 16.2
    static let defaultDescender = 4.1
    /// `UIView.layoutMargins`' default.
    static let defaultMargin = 8.0

    var items: [String: Item] = [:]
    var order: [String] = []
    var planned: [Planned] = []
    /// Indices (in ``LoggedConflict/distinctConstraints``) of constraints Auto Layout itself
    /// would refuse (a position related to the other axis): not replayed.
    var refused: [Int] = []

    init(conflict: LoggedConflict) {
        let constraints = conflict.distinctConstraints
        // Items, in order of appearance.
        for constraint in constraints {
            for anchor in [constraint.first, constraint.second].compactMap({ $0 }) { note(anchor.item) }
            if let superview = constraint.superview, !constraint.isVisualFormat { note(superview) }
        }
        inferHierarchy(constraints)
        // The log's constraints.
        for (index, constraint) in constraints.enumerated() {
            plan(constraint, index: index)
        }
        expandAutoresizingMasks(constraints)
        // Sizes are never negative in UIKit's engine (docs/uikit-logs.md: logs that are
        // unsatisfiable only with this rule).
        for key in order {
            let item = items[key]!
            for attribute in [LayoutAttribute.width, .height] {
                planned.append(
                    Planned(
                        source: .implicit("\(Self.shortName(item)).\(attribute.rawValue) ≥ 0" + Self.nonNegativeSuffix),
                        origin: .container, first: (key, attribute), relation: .greaterThanOrEqual, second: nil,
                        multiplier: 1, constant: 0, priority: .required,
                        identifier: LayoutConstraint.implicitIdentifierPrefix + "nonnegative-\(attribute.rawValue)", mask: nil))
            }
        }
    }

    static func shortName(_ item: Item) -> String { item.display }

    mutating func note(_ item: LoggedItem) {
        let key = item.key
        let className = item.className ?? "UIView"
        var name = item.address.map { "0x" + $0 } ?? item.name ?? "?"
        if let text = item.text { name += "'\(text)'" }
        if var existing = items[key] {
            if existing.className == "UIView", item.className != nil {
                existing.className = className
                existing.display = item.shortName
            }
            if item.text != nil, !existing.name.contains("'") {
                existing.name = name
                existing.display = item.shortName
            }
            items[key] = existing
        } else {
            items[key] = Item(key: key, className: className, name: name, parent: nil, display: item.shortName)
            order.append(key)
        }
    }

    /// Superviews from the log: `'|'` in Visual Format and in the names of other entries, a view related to another's margins,
    /// stack views' canvas connections, the owners of margin and safe-area guides; siblings
    /// through `UISV-alignment` and Visual Format spacing; the rest under one root.
    mutating func inferHierarchy(_ constraints: [LoggedConstraint]) {
        func setParent(_ child: String, _ parent: String) {
            guard child != parent, items[child]?.parent == nil else { return }
            // No cycles.
            var cursor: String? = parent
            while let current = cursor {
                if current == child { return }
                cursor = items[current]?.parent
            }
            items[child]?.parent = parent
        }
        // `View:0x7f02.minX == 0   (active, names: '|':UIView:0x7f01 )`: UIKit names the superview.
        for constraint in constraints where !constraint.isVisualFormat {
            if let superview = constraint.superview { setParent(constraint.first.item.key, superview.key) }
        }
        for constraint in constraints {
            guard let second = constraint.second else { continue }
            let a = constraint.first.item.key
            let b = second.item.key
            if constraint.isVisualFormat, constraint.first.attribute == second.attribute {
                // `|-(c)-[A]`: A.leading == S.leading; `[A]-(c)-|`: S.trailing == A.trailing.
                if constraint.first.attribute == .leading || constraint.first.attribute == .top {
                    setParent(a, b)
                } else {
                    setParent(b, a)
                }
            }
        }
        // A view related to another view's margins lies inside it.
        let margins: Set<LoggedAttribute> = [
            .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins,
        ]
        for constraint in constraints {
            guard let second = constraint.second, constraint.first.item.key != second.item.key else { continue }
            if margins.contains(second.attribute), !margins.contains(constraint.first.attribute) {
                setParent(constraint.first.item.key, second.item.key)
            } else if margins.contains(constraint.first.attribute), !margins.contains(second.attribute) {
                setParent(second.item.key, constraint.first.item.key)
            }
        }
        for constraint in constraints where constraint.identifier == "UISV-canvas-connection" {
            guard let second = constraint.second else { continue }
            let a = constraint.first.item
            let b = second.item
            if a.className?.hasSuffix("StackView") == true, !b.isLayoutGuide {
                setParent(b.key, a.key)
            } else if b.className?.hasSuffix("StackView") == true, !a.isLayoutGuide {
                setParent(a.key, b.key)
            } else if a.isMarginsGuide, let owner = items[a.key]?.parent {
                setParent(b.key, owner)
            } else if b.isMarginsGuide, let owner = items[b.key]?.parent {
                setParent(a.key, owner)
            }
        }
        // A layout guide pinned edge to edge to one view is that view's: UIKit's guides are
        // regions of their owning view defined by its edges (the margins guide's
        // `UIView-topMargin-guide-constraint`, MKMapView's 'Edge Insets' guide in openradar
        // 33961931). Not the legacy `_UILayoutGuide` (a view controller's top and bottom layout
        // guides, views of their own before iOS 11), whose `_UILayoutSupportConstraint`s the
        // replay does not tell from the app's.
        func isModernGuide(_ item: LoggedItem) -> Bool { item.isLayoutGuide && item.className != "_UILayoutGuide" }
        for constraint in constraints {
            guard let second = constraint.second, constraint.first.attribute == second.attribute,
                !constraint.first.attribute.isDimension, constraint.first.attribute != .centerX,
                constraint.first.attribute != .centerY
            else { continue }
            let a = constraint.first.item
            let b = second.item
            if isModernGuide(a), !b.isLayoutGuide, items[a.key]?.parent == nil {
                setParent(a.key, b.key)
            } else if isModernGuide(b), !a.isLayoutGuide, items[b.key]?.parent == nil {
                setParent(b.key, a.key)
            }
        }
        // Siblings: stack-view alignment, and Visual Format spacing between two views ([A]-(c)-[B]).
        for _ in 0..<2 {
            for constraint in constraints
            where constraint.identifier == "UISV-alignment"
                || (constraint.isVisualFormat && constraint.second.map { $0.attribute != constraint.first.attribute } == true)
            {
                guard let second = constraint.second else { continue }
                let a = constraint.first.item.key
                let b = second.item.key
                if let parent = items[a]?.parent { setParent(b, parent) }
                if let parent = items[b]?.parent { setParent(a, parent) }
            }
        }
    }

    /// The item and engine attribute for a logged anchor: margins go to the view's margins
    /// guide, baselines to a baseline guide, autoresizing's minX/midX/maxX to edges and centers.
    mutating func resolve(_ anchor: LoggedAnchor) -> (key: String, attribute: LayoutAttribute) {
        let key = anchor.item.key
        switch anchor.attribute {
        case .left, .minX: return (key, .left)
        case .right, .maxX: return (key, .right)
        case .top, .minY: return (key, .top)
        case .bottom, .maxY: return (key, .bottom)
        case .leading: return (key, .leading)
        case .trailing: return (key, .trailing)
        case .width: return (key, .width)
        case .height: return (key, .height)
        case .centerX, .midX: return (key, .centerX)
        case .centerY, .midY: return (key, .centerY)
        case .leftMargin: return (marginsGuide(of: key), .left)
        case .rightMargin: return (marginsGuide(of: key), .right)
        case .topMargin: return (marginsGuide(of: key), .top)
        case .bottomMargin: return (marginsGuide(of: key), .bottom)
        case .leadingMargin: return (marginsGuide(of: key), .leading)
        case .trailingMargin: return (marginsGuide(of: key), .trailing)
        case .centerXWithinMargins: return (marginsGuide(of: key), .centerX)
        case .centerYWithinMargins: return (marginsGuide(of: key), .centerY)
        case .firstBaseline: return (baselineGuide(of: key, last: false), .top)
        case .lastBaseline, .baseline: return (baselineGuide(of: key, last: true), .top)
        case .contentWidth: return (contentGuide(of: key), .width)
        case .contentHeight: return (contentGuide(of: key), .height)
        }
    }

    /// A guide for a scroll view's content size (old logs' `contentWidth{id: N}` and
    /// `contentHeight{id: N}` variables): a size of its own, apart from the view's frame, like
    /// `UIScrollView.contentLayoutGuide`.
    mutating func contentGuide(of key: String) -> String {
        guide(of: key, property: "contentSize", name: "'contentSize'").key
    }

    /// The guide `property` of the view `key`, named `name` as a log names it, made on first
    /// use; `made` says whether this call made it.
    private mutating func guide(of key: String, property: String, name: String) -> (key: String, made: Bool) {
        let guideKey = key + "/" + property
        guard items[guideKey] == nil else { return (guideKey, false) }
        let owner = items[key]!
        items[guideKey] = Item(
            key: guideKey, className: "UILayoutGuide", name: name, parent: key, display: "\(owner.display).\(property)")
        order.append(guideKey)
        return (guideKey, true)
    }

    /// The margins guide the log shows for this view, or one at UIKit's default margins.
    mutating func marginsGuide(of key: String) -> String {
        if let guide = order.first(where: { items[$0]?.parent == key && items[$0]?.name.hasSuffix("'UIViewLayoutMarginsGuide'") == true }) {
            return guide
        }
        let (guideKey, made) = guide(of: key, property: "layoutMarginsGuide", name: "'UIViewLayoutMarginsGuide'")
        guard made else { return guideKey }
        let owner = items[key]!
        let margin = Self.defaultMargin
        let words = "\(Self.shortName(owner)) has UIKit's default layout margins (\(formatLogNumber(margin)) on each side)"
        for (edge, guideFirst) in [(LayoutAttribute.left, true), (.top, true), (.right, false), (.bottom, false)] {
            let name = ["left": "left", "top": "top", "right": "right", "bottom": "bottom"][edge.rawValue]!
            planned.append(
                Planned(
                    source: .implicit(words), origin: .container,
                    first: guideFirst ? (guideKey, edge) : (key, edge), relation: .equal,
                    second: guideFirst ? (key, edge) : (guideKey, edge), multiplier: 1, constant: margin, priority: .required,
                    identifier: "UIView-\(name)Margin-guide-constraint", mask: nil))
        }
        return guideKey
    }

    /// A zero-height guide at the item's first or last baseline (UILabel's default font).
    mutating func baselineGuide(of key: String, last: Bool) -> String {
        let guideKey = key + (last ? "/lastBaseline" : "/firstBaseline")
        guard items[guideKey] == nil else { return guideKey }
        let owner = items[key]!
        items[guideKey] = Item(
            key: guideKey, className: "UILayoutGuide", name: last ? "'lastBaseline'" : "'firstBaseline'", parent: key,
            display: "\(owner.display).\(last ? "lastBaseline" : "firstBaseline")")
        order.append(guideKey)
        let hasText = ["UILabel", "UIButton", "UITextField", "UITextView"].contains { owner.className.hasSuffix($0) }
        let words: String
        let constant: Double
        if hasText {
            constant = last ? -Self.defaultDescender : Self.defaultAscender
            words =
                "\(Self.shortName(owner)).\(last ? "lastBaseline" : "firstBaseline") lies \(formatLogNumber(abs(constant))) pt \(last ? "above its bottom" : "below its top") (system font, 17 pt)"
        } else {
            constant = 0
            words = "\(Self.shortName(owner)).\(last ? "lastBaseline" : "firstBaseline") is its bottom (a view without text)"
        }
        planned.append(
            Planned(
                source: .implicit(words), origin: .container, first: (guideKey, .top), relation: .equal,
                second: (key, hasText && !last ? .top : .bottom), multiplier: 1, constant: constant,
                priority: .required, identifier: LayoutConstraint.implicitIdentifierPrefix + "baseline", mask: nil))
        planned.append(
            Planned(
                source: .implicit(words), origin: .container, first: (guideKey, .height), relation: .equal, second: nil,
                multiplier: 1, constant: 0, priority: .required,
                identifier: LayoutConstraint.implicitIdentifierPrefix + "baseline", mask: nil))
        return guideKey
    }

    /// The autoresizing constraints UIKit makes for a mask, two per axis (as the engine's own,
    /// `LayoutEngine.makeAutoresizingConstraints`), for every view the log shows with a mask:
    /// the ones the log lists are replayed as listed; the others are added with the value the
    /// rest of the layout gives them (the log does not print the frame).
    mutating func expandAutoresizingMasks(_ constraints: [LoggedConstraint]) {
        enum Kind: Equatable { case leading, trailing, center, size, proportionalSize }
        var done = Set<String>()
        for constraint in constraints where constraint.className == "NSAutoresizingMaskLayoutConstraint" {
            guard let mask = constraint.autoresizingMask else { continue }
            let flags = mask.split(separator: " ").map { Array($0.dropFirst(2)).map { $0 == "&" } }
            guard flags.count == 2, flags.allSatisfy({ $0.count == 3 }) else { continue }
            // The view the mask belongs to (`[A]-(0)-|` puts the superview first).
            let item: LoggedItem
            if constraint.isVisualFormat, let second = constraint.second, second.attribute == constraint.first.attribute,
                [.trailing, .bottom].contains(constraint.first.attribute)
            {
                item = second.item
            } else {
                item = constraint.first.item
            }
            guard done.insert(item.key).inserted, let owner = items[item.key] else { continue }
            let listed = constraints.filter { $0.className == "NSAutoresizingMaskLayoutConstraint" }
            for (axis, horizontal) in [(flags[0], true), (flags[1], false)] {
                let expected: [Kind]
                switch (axis[0], axis[1], axis[2]) {
                case (false, false, _): expected = [.leading, .size]
                case (true, false, false): expected = [.trailing, .size]
                case (true, false, true): expected = [.center, .size]
                case (false, true, false): expected = [.leading, .trailing]
                case (false, true, true): expected = [.leading, .proportionalSize]
                case (true, true, false): expected = [.trailing, .proportionalSize]
                case (true, true, true): expected = [.center, .proportionalSize]
                }
                // What the log lists for this view on this axis.
                var present: [Kind] = []
                for logged in listed {
                    let anchors = [logged.first, logged.second].compactMap { $0 }.filter { $0.item.key == item.key }
                    guard let anchor = anchors.first, anchor.attribute.isHorizontal == horizontal else { continue }
                    switch anchor.attribute {
                    case .left, .leading, .minX, .top, .minY: present.append(.leading)
                    case .right, .trailing, .maxX, .bottom, .maxY: present.append(.trailing)
                    case .centerX, .midX, .centerY, .midY: present.append(.center)
                    case .width, .height: present.append(logged.second == nil ? .size : .proportionalSize)
                    default: break
                    }
                }
                // iOS 8 and earlier printed a fixed edge as the center (`midX == + 160`).
                present = present.map { $0 == .center && !expected.contains(.center) && expected.contains(.leading) ? .leading : $0 }
                // A listed constraint the mask does not explain: leave the axis as listed.
                guard present.allSatisfy({ expected.contains($0) }) else { continue }
                let parent = owner.parent ?? Self.rootKey
                for kind in expected where !present.contains(kind) {
                    let attribute: LayoutAttribute
                    switch kind {
                    case .leading: attribute = horizontal ? .left : .top
                    case .trailing: attribute = horizontal ? .right : .bottom
                    case .center: attribute = horizontal ? .centerX : .centerY
                    case .size, .proportionalSize: attribute = horizontal ? .width : .height
                    }
                    let words =
                        "\(Self.shortName(owner)) translates its frame (\(mask)), so UIKit also pins its \(attribute.rawValue) (replayed where the rest of the layout puts it)"
                    planned.append(
                        Planned(
                            source: .implicit(words), origin: .autoresizingMask, first: (item.key, attribute), relation: .equal,
                            second: kind == .size ? nil : (parent, attribute), multiplier: 1, constant: 0, priority: .required,
                            identifier: nil, mask: mask, valueFromLayout: true))
                }
            }
        }
    }

    mutating func plan(_ constraint: LoggedConstraint, index: Int) {
        // Auto Layout relates positions on one axis only (sizes may cross axes).
        if let second = constraint.second, constraint.first.attribute.isHorizontal != second.attribute.isHorizontal,
            !(constraint.first.attribute.isDimension && second.attribute.isDimension)
        {
            refused.append(index)
            return
        }
        let first = resolve(constraint.first)
        var second = constraint.second.map { resolve($0) }
        let relation: LayoutRelation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        var constant = constraint.constant
        // A system spacing on a `<=` equation keeps the first item that far inside the second.
        if constraint.isSystemSpacing, constraint.relation == .lessThanOrEqual, !constraint.isVisualFormat {
            constant = -constant
        }
        // A position equal to a constant (old autoresizing `midX == + 187.5`) is in the
        // superview's coordinates, as NSISEngine's variables are.
        if second == nil, !first.attribute.isDimension {
            var parent = items[first.key]?.parent ?? Self.rootKey
            if let owner = items[parent], Self.isGuide(owner.className) { parent = owner.parent ?? Self.rootKey }
            second = (parent, first.attribute.axis == .horizontal ? .left : .top)
        }
        let origin: LayoutConstraint.Origin
        if constraint.className == "NSAutoresizingMaskLayoutConstraint" {
            origin = .autoresizingMask
        } else if let identifier = constraint.identifier, LoggedConstraint.engineWindowIdentifiers.contains(identifier) {
            // layoutbench's own report read back: its window's frame.
            origin = .window
        } else if constraint.isStackViewConstraint || constraint.isGuideDefinition || constraint.isImposedGeometry
            || constraint.className.hasPrefix("_UI")
        {
            origin = .container
        } else {
            origin = .app
        }
        var priority = LayoutPriority.required
        if let value = constraint.priority, let valid = LayoutPriority(validating: value) { priority = valid }
        planned.append(
            Planned(
                source: .log(index), origin: origin, first: first, relation: relation, second: second,
                multiplier: constraint.multiplier, constant: constant, priority: priority,
                identifier: constraint.identifier, mask: constraint.autoresizingMask))
    }
}
