// Which constraint the engine breaks when required constraints conflict (docs/break-rule.md).

extension LayoutEngine {
    /// The constraint to break among mutually exclusive required constraints, chosen by what
    /// the constraints are, never by the order they were activated in (UIKit's choice does not
    /// depend on the order inside one `activate([...])`).
    ///
    /// The rule, from the evidence in docs/break-rule.md (the broken constraint of real UIKit
    /// logs compared with their conflicting sets):
    /// 1. Geometry UIKit imposes (autoresizing-mask constraints, a table's or collection's
    ///    `UIView-Encapsulated-Layout-*` size, `_UITemporaryLayout*`, the window's size and
    ///    origin, fitting sizes) is broken last; layout-guide definitions
    ///    (`UIView-*-guide-constraint`, `UIViewSafeAreaLayoutGuide-*`) just before it.
    /// 2. A fixed size that the rest would stretch (``stretchedSizes(among:refusing:)``: the
    ///    space its item is pinned into is larger) is broken first, before the relations; a fixed
    ///    size the rest would squeeze is kept, and a relation between two items is broken
    ///    before it or any other size or ratio of one item.
    /// 3. The relation deepest in the hierarchy (the larger depth of its shallower item) first;
    ///    a layout guide counts at its owning view's depth.
    /// 4. A relation that runs against its axis first: an edge of an item pinned to the same
    ///    edge of its container, written from the item to the container on the trailing side
    ///    (`item.trailing == container.trailing - 8`) or from the container to the item on the
    ///    leading side (`container.leading == item.leading`) (``isAgainstAxis``).
    /// 5. A relation on the trailing side (trailing, right, bottom) before the leading side.
    /// 6. The larger value first: the constant the constraint gives its item, read from the
    ///    item (`item.bottom == view.bottom - 24` before `- 32`; a size of 16 before one of 15).
    /// 7. Then the most recently made (highest ``LayoutConstraint/serial``).
    ///
    /// - Parameters:
    ///   - candidates: The mutually exclusive constraints (not empty).
    ///   - stretched: The fixed sizes among them that the rest would stretch (rule 2; found by
    ///     the engine, or by a replay, with ``stretchedSizes(among:refusing:)``).
    /// - Returns: The one to break.
    /// - Complexity: O(*n* · *d*) for *n* candidates in a hierarchy of depth *d*.
    public static func constraintToBreak(
        among candidates: [LayoutConstraint], rule: BreakRule = .uikit, stretched: Set<ObjectIdentifier> = []
    ) -> LayoutConstraint {
        precondition(!candidates.isEmpty, "No constraint to break")
        func key(_ constraint: LayoutConstraint) -> BreakKey {
            var key = breakKey(constraint, rule: rule)
            if rule == .uikit, stretched.contains(ObjectIdentifier(constraint)) { key.tier = -1 }
            return key
        }
        var best = candidates[0]
        var bestKey = key(best)
        for candidate in candidates.dropFirst() {
            let key = key(candidate)
            if key < bestKey {
                best = candidate
                bestKey = key
            }
        }
        return best
    }

    /// Smaller breaks first: (tier, -length, -depth, -against the axis, -trailing side,
    /// -value, -serial). The length (a fixed size's constant) and the serial's direction
    /// (earliest first) apply to ``BreakRule/interfaceBuilderCanvas`` only; the direction
    /// against the axis and the value to ``BreakRule/uikit`` only.
    static func breakKey(_ constraint: LayoutConstraint, rule: BreakRule = .uikit) -> BreakKey {
        let uikit = rule == .uikit
        return BreakKey(
            tier: breakTier(constraint, rule: rule),
            negativeLength: rule == .interfaceBuilderCanvas && constraint.secondItem == nil ? -abs(constraint.constant) : 0,
            negativeDepth: -relationDepth(constraint),
            negativeAgainstAxis: uikit && constraint.isAgainstAxis ? -1 : 0,
            negativeSide: constraint.touchesTrailingSide ? -1 : 0,
            negativeValue: uikit ? -constraint.valueForItself : 0,
            negativeSerial: rule == .interfaceBuilderCanvas ? constraint.serial : -constraint.serial)
    }

    struct BreakKey: Comparable {
        var tier: Int
        var negativeLength: Double
        var negativeDepth: Int
        var negativeAgainstAxis: Int
        var negativeSide: Int
        var negativeValue: Double
        var negativeSerial: Int

        static func < (a: BreakKey, b: BreakKey) -> Bool {
            // Seven fields: the standard library compares tuples of at most six.
            let first = (a.tier, a.negativeLength, a.negativeDepth, a.negativeAgainstAxis, a.negativeSide)
            let second = (b.tier, b.negativeLength, b.negativeDepth, b.negativeAgainstAxis, b.negativeSide)
            if first != second { return first < second }
            return (a.negativeValue, a.negativeSerial) < (b.negativeValue, b.negativeSerial)
        }
    }

    /// 0: a relation between two items; 1: one item's size or ratio (the other way round for
    /// an app's constraints under ``BreakRule/interfaceBuilderCanvas``); 2: a guide
    /// definition; 3: imposed geometry.
    static func breakTier(_ constraint: LayoutConstraint, rule: BreakRule = .uikit) -> Int {
        if constraint.isImposedGeometry { return 3 }
        if let identifier = constraint.identifier,
            identifier.hasSuffix("-guide-constraint") || identifier.hasPrefix("UIViewSafeAreaLayoutGuide")
        {
            return 2
        }
        let isSize = constraint.secondItem == nil || constraint.secondItem === constraint.firstItem
        switch rule {
        case .uikit, .refusedConstraint: return isSize ? 1 : 0
        case .interfaceBuilderCanvas: return isSize && constraint.origin == .app ? 0 : 1
        }
    }

    /// Whether rule 2 asks about `constraint` among `candidates`: a fixed size (`width` or
    /// `height` `== constant`, not imposed geometry) of an item that another candidate pins by
    /// an edge or center on the same axis, and that holds no other candidate's item (a leaf of
    /// the conflict, not the container whose size its content needs).
    public static func isPinnedLeafSize(_ constraint: LayoutConstraint, among candidates: [LayoutConstraint]) -> Bool {
        guard constraint.secondItem == nil, constraint.relation == .equal, !constraint.isImposedGeometry,
            constraint.firstAttribute == .width || constraint.firstAttribute == .height
        else { return false }
        let item = constraint.firstItem
        let horizontal = constraint.firstAttribute == .width
        func isPin(_ attribute: LayoutAttribute) -> Bool {
            switch attribute {
            case .leading, .trailing, .left, .right, .centerX: horizontal
            case .top, .bottom, .centerY: !horizontal
            default: false
            }
        }
        var pinned = false
        for other in candidates where other !== constraint {
            for (side, attribute) in [(other.firstItem, other.firstAttribute), (other.secondItem, other.secondAttribute)] {
                guard let side else { continue }
                if side === item, isPin(attribute) { pinned = true }
                if side !== item, contains(item, side) { return false }
            }
        }
        return pinned
    }

    /// The fixed sizes among `candidates` that the rest would stretch (rule 2): for each one
    /// ``isPinnedLeafSize(_:among:)`` accepts, the size the other constraints give its item
    /// when it is left out, compared with its constant.
    ///
    /// UIKit broke such a size where the space was larger than it (a 0-point view below a
    /// 7-point spacing that needs 23, apptentive-ios #76; a 320-point image between a
    /// 375-point cell's margins, DiceTableViewCell #1; a 103-point label in a 115-point
    /// header, What-s-New #13) and kept it where the space was smaller, breaking the trailing
    /// pin instead (a 100-point view in a 44-point cell, Colo #12; a 44-point spinner in a
    /// zero-width bar, CSNotificationView #72; 40- and 60-point images in a 94-point cell,
    /// wtfautolayout custom9; seed 004's 280-point label in 200 points) (docs/break-rule.md).
    ///
    /// Each test replaces the size by the same size at priority 1 (so that a size the rest
    /// leaves free stays at its constant), adds the refused constraint (`refusing`; the rest
    /// of a minimal set holds without the size), reads the item's size and puts everything
    /// back.
    ///
    /// - Parameters:
    ///   - candidates: The mutually exclusive constraints, the refused one included.
    ///   - refused: The required constraint the solver refused (not installed).
    /// - Returns: The stretched sizes' identities.
    /// - Complexity: Two solver operations per pinned leaf size; none without one.
    func stretchedSizes(among candidates: [LayoutConstraint], refusing refused: LayoutConstraint) -> Set<ObjectIdentifier> {
        var stretched = Set<ObjectIdentifier>()
        for size in candidates where Self.isPinnedLeafSize(size, among: candidates) {
            guard let variables = size.firstItem.variables else { continue }
            let variable = size.firstAttribute == .width ? variables.width : variables.height
            let weak = size.makeSolverConstraint(priority: 1)
            let value: Double
            if size === refused {
                // The rest is what is installed: its layout holds.
                guard (try? solver.add(weak)) != nil else { continue }
                value = solver.value(of: variable)
                try? solver.remove(weak)
            } else {
                guard let installed = size.solverConstraint, solver.contains(installed),
                    let refusedConstraint = refused.solverConstraint
                else { continue }
                try? solver.remove(installed)
                try? solver.add(weak)
                if (try? solver.add(refusedConstraint)) != nil {
                    value = solver.value(of: variable)
                    try? solver.remove(refusedConstraint)
                } else {
                    value = size.constant
                }
                try? solver.remove(weak)
                try? solver.add(installed)
            }
            if value > size.constant + 1e-6 * max(1, abs(size.constant)) { stretched.insert(ObjectIdentifier(size)) }
        }
        return stretched
    }

    /// Whether `container` holds `item`: its view is a proper ancestor of the item's view, or the
    /// item is a guide of it. Two guides of one view hold neither.
    static func contains(_ container: LayoutItem, _ item: LayoutItem) -> Bool {
        guard let outer = container.hostView, let inner = item.hostView else { return false }
        if outer === inner { return container.isView && !item.isView }
        var view = inner.superview
        while let current = view {
            if current === outer { return true }
            view = current.superview
        }
        return false
    }

    /// The depth of the shallower item (a layout guide, such as the margins guide, is at its
    /// owning view's depth: it is that view's inset edge).
    static func relationDepth(_ constraint: LayoutConstraint) -> Int {
        func depth(_ item: LayoutItem) -> Int {
            var depth = 0
            var view = item.hostView
            while let parent = view?.superview {
                depth += 1
                view = parent
            }
            return depth
        }
        let first = depth(constraint.firstItem)
        guard let second = constraint.secondItem else { return first }
        return min(first, depth(second))
    }
}

extension LayoutConstraint {
    /// Whether the relation runs against its axis: one edge of an item and the same edge of
    /// its container (an ancestor, or the view whose guide the item is), with the inner edge
    /// defined from the outer one by the constraint's direction, first item from second:
    /// the item first on the trailing side (`item.trailing == container.trailing - 12`,
    /// `item.bottom == container.bottom - 6`), the container first on the leading side
    /// (`container.leading == item.leading`). Visual Format's `|-(8)-[item]` and
    /// `[item]-(8)-|` both run with the axis; siblings, centers, sizes and edges of different
    /// sides never run against it.
    ///
    /// UIKit breaks such a relation before the others of its depth and side: of a pair pinned
    /// on both sides, it broke the trailing one when both name the item first (flutter #33848,
    /// openradar 33961931, unstoppable-wallet #707, HeliPort #246, trust-wallet #279) and the
    /// leading one when both name the container first (JSQMessagesViewController #834,
    /// srgletterbox #210, a stack view's canvas connection in a table header), and the
    /// container-first trailing one of a mixed pair (DisplaySwitcher #20, JZCalendarWeekView
    /// #49, DraggableYoutubeFloatingVideo #2) (docs/break-rule.md).
    var isAgainstAxis: Bool {
        guard let secondItem, firstAttribute == secondAttribute else { return false }
        let trailing: Bool
        switch firstAttribute {
        case .trailing, .right, .bottom: trailing = true
        case .leading, .left, .top: trailing = false
        default: return false
        }
        if LayoutEngine.contains(secondItem, firstItem) { return trailing }
        if LayoutEngine.contains(firstItem, secondItem) { return !trailing }
        return false
    }

    /// The constant read from the constraint's item: `constant` when the first item is the one
    /// placed (or a size), `-constant` when the first item is the container of the second
    /// (`container.trailing == item.trailing + 16` puts the item at the container's trailing
    /// minus 16). Among constraints otherwise alike UIKit broke the larger: two bottom offsets
    /// −24 and −32 (unstoppable-wallet #1731, #1876), spacings 30 and 10 below the top layout
    /// guide (mapbox-gl-cocoa #23), the trailing margin over a 16-point trailing space
    /// (MyFlightbookiOS #75), widths 16 and 15 (HeliPort #246), centers +94 and −93 (Masonry
    /// #337) (docs/break-rule.md).
    var valueForItself: Double {
        guard let secondItem else { return constant }
        return LayoutEngine.contains(firstItem, secondItem) ? -constant : constant
    }

    /// Whether UIKit imposes this constraint for a frame it decided (autoresizing masks,
    /// `UIView-Encapsulated-Layout-*`, `_UITemporaryLayout*`, window, fitting size).
    public var isImposedGeometry: Bool {
        switch origin {
        case .autoresizingMask, .window, .fitting: return true
        case .app, .container, .contentSize: break
        }
        guard let identifier else { return false }
        return identifier.hasPrefix("UIView-Encapsulated-Layout") || identifier.hasPrefix("_UITemporaryLayout")
            || identifier.hasPrefix(Self.implicitIdentifierPrefix)
    }

    /// The identifier prefix of constraints an importer adds for what UIKit's engine keeps
    /// implicit (a size is never negative): never broken before the app's constraints.
    public static let implicitIdentifierPrefix = "NSISEngine-implicit-"

    /// Whether either side is a trailing, right or bottom edge.
    var touchesTrailingSide: Bool {
        func trailing(_ attribute: LayoutAttribute) -> Bool {
            attribute == .trailing || attribute == .right || attribute == .bottom
        }
        return trailing(firstAttribute) || trailing(secondAttribute)
    }
}

/// Which rule chooses the constraint to break when required constraints conflict.
public enum BreakRule: Sendable, Equatable {
    /// UIKit's at run time, read off its logs (docs/break-rule.md): relations between two
    /// items before sizes.
    case uikit
    /// Interface Builder's canvas, read off the frames Xcode stores (docs/importer.md): an
    /// app's fixed size or ratio of one item before relations, the largest fixed size first,
    /// then the earliest made (document order); guides and imposed geometry as ``uikit``.
    case interfaceBuilderCanvas
    /// No choice: the constraint the solver refused is broken, without looking for the
    /// mutually exclusive set (one refused add, no removal). For callers that only ask whether
    /// constraints conflict, such as the deletion filter of a log's replay, where finding the
    /// set in every test made a conflict of *n* constraints cost O(*n*) set searches of O(*n*)
    /// solver operations each.
    case refusedConstraint
}
