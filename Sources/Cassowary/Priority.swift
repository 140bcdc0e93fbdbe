/// The priority of a constraint, as in Auto Layout: a value in `1...1000`, where
/// 1000 is required.
///
/// Priorities are *lexicographic*: a constraint at priority `p` is never violated
/// further to better satisfy any number of constraints below `p`. Within one
/// priority, violations add up, weighted by each constraint's weight. (kiwi and
/// classic Cassowary implementations instead map strengths to large numeric
/// weights, which lets enough weak constraints outweigh a strong one.)
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The numeric priority, in `1...1000`.
    public let value: Float

    /// Required: must be satisfied, or adding the constraint fails.
    public static let required = Priority(unchecked: 1000)

    /// The valid range of priorities.
    public static let validRange: ClosedRange<Float> = 1...1000

    /// Makes a priority. `value` must lie in `1...1000`.
    ///
    /// Use ``init(validating:)`` for input that may be out of range.
    public init(_ value: Float) {
        precondition(Self.validRange.contains(value), "A priority must lie in 1...1000; got \(value)")
        self.value = value
    }

    /// Makes a priority from untrusted input, or returns `nil` when `value` is
    /// not in `1...1000` (or is not finite).
    public init?(validating value: Double) {
        guard value.isFinite, Self.validRange.contains(Float(value)) else { return nil }
        self.value = Float(value)
    }

    @usableFromInline
    init(unchecked value: Float) {
        self.value = value
    }

    public init(integerLiteral value: Int) {
        self.init(Float(value))
    }

    public init(floatLiteral value: Double) {
        self.init(Float(value))
    }

    /// Whether this is ``required`` (1000).
    @inlinable
    public var isRequired: Bool { value >= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

    public var description: String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
