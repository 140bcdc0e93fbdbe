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
    /// not in `1...1000` (or is not finite), or is below 1000 but has no `Float`
    /// below 1000 to be stored as.
    ///
    /// Priorities are stored as `Float`, as `UILayoutPriority` is. The largest
    /// `Float` below 1000 is 999.99994; a value between it and 1000 would round
    /// to 1000 and silently become required, so it is refused: a constraint that
    /// is meant to give way must stay non-required.
    public init?(validating value: Double) {
        guard value.isFinite, let stored = Self.storable(value) else { return nil }
        self.value = stored
    }

    /// `value` as a `Float` priority, or `nil` when it is outside 1...1000 or would
    /// cross between non-required and required by rounding.
    static func storable(_ value: Double) -> Float? {
        let stored = Float(value)
        guard Self.validRange.contains(stored), value >= 1 else { return nil }
        if value < 1000 && stored >= 1000 { return nil }
        if value > 1000 { return nil }
        return stored
    }

    @usableFromInline
    init(unchecked value: Float) {
        self.value = value
    }

    public init(integerLiteral value: Int) {
        self.init(Float(value))
    }

    /// A literal below 1000 that would round to 1000 as a `Float` traps, as an
    /// out-of-range one does: see ``init(validating:)``.
    public init(floatLiteral value: Double) {
        guard let stored = Self.storable(value) else {
            preconditionFailure(
                "Priority \(value) cannot be stored as a Float without changing whether it is required; use 999.99994 at most below 1000")
        }
        self.init(stored)
    }

    /// Whether this is ``required`` (1000).
    @inlinable
    public var isRequired: Bool { value >= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

    public var description: String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
