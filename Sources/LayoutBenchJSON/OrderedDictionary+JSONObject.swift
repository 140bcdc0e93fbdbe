import OrderedCollections

// swift-collections' `OrderedDictionary` codes itself as a flat array of alternating keys and
// values (`["a", 1, "b", 2]`), so that any key type round-trips. The reports' schema has
// objects (`{"a": 1, "b": 2}`) with members in a fixed order (counters in
// `SolverCounters.names` order, metrics in `Metric` order). These overloads, which synthesized
// `Codable` picks over the generic ones for a member of type `OrderedDictionary<String, V>` or
// its optional, code such a member as an object with its members in the dictionary's order.
//
// They apply to members of keyed containers only (every place a report holds one): an
// `OrderedDictionary` inside an array, or at the top level, keeps swift-collections' format.

extension KeyedEncodingContainer {
    /// Writes the dictionary as a JSON object whose members keep the dictionary's order.
    public mutating func encode<Value: Encodable>(
        _ dictionary: OrderedDictionary<String, Value>, forKey key: Key
    ) throws {
        try encode(_JSONObject(dictionary), forKey: key)
    }

    /// Writes the dictionary as a JSON object, or what the encoder writes for a `nil`
    /// member (``OrderedJSONEncoder`` writes `null`).
    public mutating func encodeIfPresent<Value: Encodable>(
        _ dictionary: OrderedDictionary<String, Value>?, forKey key: Key
    ) throws {
        try encodeIfPresent(dictionary.map { _JSONObject($0) }, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// Reads a JSON object. A decoder need not keep members' order (Foundation's does not;
    /// ``JSONNodeDecoder`` does), so the entries come sorted by key, the same from either.
    public func decode<Value: Decodable>(
        _ type: OrderedDictionary<String, Value>.Type, forKey key: Key
    ) throws -> OrderedDictionary<String, Value> {
        try decode(_JSONObject<Value>.self, forKey: key).dictionary
    }

    /// Reads a JSON object, or `nil` when the key is missing or `null`.
    public func decodeIfPresent<Value: Decodable>(
        _ type: OrderedDictionary<String, Value>.Type, forKey key: Key
    ) throws -> OrderedDictionary<String, Value>? {
        try decodeIfPresent(_JSONObject<Value>.self, forKey: key)?.dictionary
    }
}

/// An `OrderedDictionary` coded as a JSON object (what the container overloads above write and read).
struct _JSONObject<Value> {
    var dictionary: OrderedDictionary<String, Value>

    init(_ dictionary: OrderedDictionary<String, Value>) {
        self.dictionary = dictionary
    }
}

/// A member name of a JSON object.
struct _StringKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension _JSONObject: Encodable where Value: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _StringKey.self)
        for (key, value) in dictionary {
            try container.encode(value, forKey: _StringKey(key))
        }
    }
}

extension _JSONObject: Decodable where Value: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _StringKey.self)
        dictionary = [:]
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            dictionary[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
    }
}
