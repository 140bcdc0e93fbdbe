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
    /// 2. A relation between two items is broken before a size or ratio of one item.
    /// 3. The relation deepest in the hierarchy (the larger depth of its shallower item) first;
    ///    a layout guide counts at its owning view's depth.
    /// 4. A relation on the trailing side (trailing, right, bottom) before the leading side.
    /// 5. Then the most recently made (highest ``LayoutConstraint/serial``).
    ///
    /// - Parameter candidates: The mutually exclusive constraints (not empty).
    /// - Returns: The one to break.
    /// - Complexity: O(*n* · *d*) for *n* candidates in a hierarchy of depth *d*.
    public static func constraintToBreak(
        among candidates: [LayoutConstraint], rule: BreakRule = .uikit
    ) -> LayoutConstraint {
        precondition(!candidates.isEmpty, "No constraint to break")
        var best = candidates[0]
        var bestKey = breakKey(best, rule: rule)
        for candidate in candidates.dropFirst() {
            let key = breakKey(candidate, rule: rule)
            if key < bestKey {
                best = candidate
                bestKey = key
            }
        }
        return best
    }

    /// Smaller breaks first: (tier, -length, -depth, -trailing side, -serial). The length (a
    /// fixed size's constant) and the serial's direction (earliest first) apply to
    /// ``BreakRule/interfaceBuilderCanvas`` only.
    static func breakKey(_ constraint: LayoutConstraint, rule: BreakRule = .uikit) -> BreakKey {
        BreakKey(
            tier: breakTier(constraint, rule: rule),
            negativeLength: rule == .interfaceBuilderCanvas && constraint.secondItem == nil ? -abs(constraint.constant) : 0,
            negativeDepth: -relationDepth(constraint),
            negativeSide: constraint.touchesTrailingSide ? -1 : 0,
            negativeSerial: rule == .interfaceBuilderCanvas ? constraint.serial : -constraint.serial)
    }

    struct BreakKey: Comparable {
        var tier: Int
        var negativeLength: Double
        var negativeDepth: Int
        var negativeSide: Int
        var negativeSerial: Int

        static func < (a: BreakKey, b: BreakKey) -> Bool {
            (a.tier, a.negativeLength, a.negativeDepth, a.negativeSide, a.negativeSerial)
                < (b.tier, b.negativeLength, b.negativeDepth, b.negativeSide, b.negativeSerial)
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
        case .uikit: return isSize ? 1 : 0
        case .interfaceBuilderCanvas: return isSize && constraint.origin == .app ? 0 : 1
        }
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
}
