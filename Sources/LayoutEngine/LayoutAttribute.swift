import Cassowary

/// An attribute of a layout item's rectangle, as `NSLayoutConstraint.Attribute`.
///
/// Leading and trailing are left and right (layoutbench models left-to-right layout).
public enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case notAnAttribute

    /// The axis the attribute belongs to (`nil` for `notAnAttribute`).
    public var axis: Axis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY: .vertical
        case .notAnAttribute: nil
        }
    }

    /// Whether the attribute is a size rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// The attribute as a linear expression of an item's four variables.
    func expression(_ variables: ItemVariables) -> LinearExpression {
        switch self {
        case .left, .leading: LinearExpression(variables.minX)
        case .right, .trailing: variables.minX + variables.width
        case .centerX: variables.minX + 0.5 * variables.width
        case .width: LinearExpression(variables.width)
        case .top: LinearExpression(variables.minY)
        case .bottom: variables.minY + variables.height
        case .centerY: variables.minY + 0.5 * variables.height
        case .height: LinearExpression(variables.height)
        case .notAnAttribute: LinearExpression()
        }
    }
}

/// How a constraint relates its two sides.
public enum LayoutRelation: String, Sendable {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="

    var solverRelation: Relation {
        switch self {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}

/// The four solver variables of a view or layout guide, in the root's coordinates:
/// `minX`, `minY`, `width`, `height` (as WWDC 2018 session 220 describes NSISEngine's).
struct ItemVariables {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable

    subscript(component: Int) -> Variable {
        switch component {
        case 0: minX
        case 1: minY
        case 2: width
        default: height
        }
    }
}
