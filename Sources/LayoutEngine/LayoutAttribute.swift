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

    /// Hashes the case, not the raw value: a `String`-backed enum otherwise hashes the
    /// name's bytes (the standard library's `RawRepresentable` default), which was most of
    /// the cost of a stack view's recipe keys (`StackView.RecipeKey`).
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration.
    var ordinal: UInt8 {
        switch self {
        case .left: 0
        case .right: 1
        case .top: 2
        case .bottom: 3
        case .leading: 4
        case .trailing: 5
        case .width: 6
        case .height: 7
        case .centerX: 8
        case .centerY: 9
        case .notAnAttribute: 10
        }
    }

    /// Appends the attribute's terms, as a linear expression of an item's four variables
    /// scaled by `scale`, to `terms`: `left` is `minX`, `right` is `minX + width`, `centerX` is
    /// `minX + 0.5·width`, and so on. The constraint's terms go into one array this way, with
    /// no intermediate expressions (one allocation per constraint).
    @inline(__always)
    func appendTerms(of variables: ItemVariables, scaledBy scale: Double, to terms: inout [Term]) {
        // An edge or a center: the origin plus a share of the length.
        let (origin, length, share): (Variable, Variable, Double)
        switch self {
        case .left, .leading: return terms.append(Term(variables.minX, scale))
        case .top: return terms.append(Term(variables.minY, scale))
        case .width: return terms.append(Term(variables.width, scale))
        case .height: return terms.append(Term(variables.height, scale))
        case .notAnAttribute: return
        case .right, .trailing: (origin, length, share) = (variables.minX, variables.width, 1)
        case .centerX: (origin, length, share) = (variables.minX, variables.width, 0.5)
        case .bottom: (origin, length, share) = (variables.minY, variables.height, 1)
        case .centerY: (origin, length, share) = (variables.minY, variables.height, 0.5)
        }
        terms.append(Term(origin, scale))
        terms.append(Term(length, share * scale))
    }
}

/// How a constraint relates its two sides.
public enum LayoutRelation: String, Sendable {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="

    /// Hashes the case, not the raw value (``LayoutAttribute/hash(into:)``).
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration.
    var ordinal: UInt8 {
        switch self {
        case .lessThanOrEqual: 0
        case .equal: 1
        case .greaterThanOrEqual: 2
        }
    }

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
