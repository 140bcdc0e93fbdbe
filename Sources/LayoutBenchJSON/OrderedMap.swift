/// String-keyed values in a fixed order, encoded as a JSON object whose members keep that
/// order (counters in `SolverCounters.names` order, metrics in ``Metric`` order).
public struct OrderedMap<Value>: Sequence {
    /// The entries, in order; keys are unique.
    public private(set) var entries: [(key: String, value: Value)] = []

    /// An empty map.
    public init() {}

    /// A map of `entries`, in their order; a repeated key keeps its first position and last value.
    public init(_ entries: [(String, Value)]) {
        for (key, value) in entries { self[key] = value }
    }

    /// The value for `key`; setting a new key appends it, setting `nil` removes it.
    public subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }
    /// The number of entries.
    public var count: Int { entries.count }

    public func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> {
        entries.makeIterator()
    }
}

extension OrderedMap: Sendable where Value: Sendable {}

extension OrderedMap: Equatable where Value: Equatable {
    public static func == (lhs: OrderedMap, rhs: OrderedMap) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

struct _StringKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension OrderedMap: Encodable where Value: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _StringKey.self)
        for (key, value) in entries {
            try container.encode(value, forKey: _StringKey(key))
        }
    }
}

extension OrderedMap: Decodable where Value: Decodable {
    /// Decodes an object. A decoder need not keep its members' order (Foundation's does not;
    /// ``JSONNodeDecoder`` does), so the entries come sorted by key, the same from either.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: _StringKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            self[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
    }
}
