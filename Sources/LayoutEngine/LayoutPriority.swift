import Cassowary

/// The priority of a layout constraint, as `UILayoutPriority`: 1...1000, 1000 required.
///
/// Priorities are strictly ordered (lexicographic): a constraint never gives way to
/// any number of constraints of lower priority.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    public let rawValue: Float

    /// Makes a priority; `rawValue` must lie in 1...1000.
    public init(rawValue: Float) {
        precondition(rawValue >= 1 && rawValue <= 1000, "A layout priority must lie in 1...1000; got \(rawValue)")
        self.rawValue = rawValue
    }

    public init(_ rawValue: Float) {
        self.init(rawValue: rawValue)
    }

    /// Makes a priority from untrusted input, or `nil` outside 1...1000.
    public init?(validating rawValue: Double) {
        guard rawValue.isFinite, rawValue >= 1, rawValue <= 1000 else { return nil }
        self.rawValue = Float(rawValue)
    }

    public init(integerLiteral value: Int) {
        self.init(rawValue: Float(value))
    }

    public init(floatLiteral value: Double) {
        self.init(rawValue: Float(value))
    }

    /// 1000: must hold, or the engine breaks a constraint.
    public static let required: LayoutPriority = 1000
    /// 750: the default compression resistance.
    public static let defaultHigh: LayoutPriority = 750
    /// 510: a window resize the user drags, when it may resize the scene.
    public static let dragThatCanResizeScene: LayoutPriority = 510
    /// 500: the scene keeps its size.
    public static let sceneSizeStayPut: LayoutPriority = 500
    /// 490: a drag that must not resize the scene.
    public static let dragThatCannotResizeScene: LayoutPriority = 490
    /// 250: the default content hugging.
    public static let defaultLow: LayoutPriority = 250
    /// 50: what `systemLayoutSizeFitting` uses to fit as small as possible.
    public static let fittingSizeLevel: LayoutPriority = 50

    /// The priority a broken required constraint is re-added at: non-required, above
    /// every priority an app can give a non-required constraint (999 is the highest
    /// whole value), so the layout stays as close to it as the conflict allows.
    public static let broken: LayoutPriority = 999.5

    /// Whether this is required (1000).
    public var isRequired: Bool { rawValue >= 1000 }

    /// Whether an active constraint's priority can change from this one to `other` in place:
    /// not between required and non-required (UIKit's rule, which raises; the engine refuses
    /// with ``LayoutError/requiredPriorityMutation(_:message:)``). The engine's one check of it.
    func changesInPlace(to other: LayoutPriority) -> Bool { isRequired == other.isRequired }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(rawValue: lhs.rawValue + rhs) }
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(rawValue: lhs.rawValue - rhs) }

    var solverPriority: Priority { Priority(rawValue) }

    public var description: String { formatNumber(Double(rawValue)) }
}
