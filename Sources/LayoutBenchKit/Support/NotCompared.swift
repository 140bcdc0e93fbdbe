/// A stored property left out of its type's synthesized `==` and `hash(into:)`: every two
/// values are equal, and hashing adds nothing.
///
/// For what an error wraps (``LayoutBenchError/cause``, ``GateError/cause``): two errors
/// are equal when they say the same thing, whatever underlying error they carry.
@propertyWrapper
public struct NotCompared<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}
