/// Encodes `Encodable` values to a ``JSONValue`` whose objects keep their members in the
/// order `encode(to:)` writes them: for synthesized conformances, the order the stored
/// properties are declared in. Reports are encoded with it, so their key order is stable
/// and readable (`schema` first, raw samples after summaries).
///
/// Two choices differ from Foundation's `JSONEncoder`:
/// - a `nil` optional is written as `null` (`encodeIfPresent` writes the key), so every
///   report has the same keys whatever is known (``NilMembers/omitted`` leaves it out);
/// - a non-finite `Double` is an error (`EncodingError.invalidValue`): a report never holds
///   `NaN` or infinity; a quantity that can be undefined is an optional.
public struct OrderedJSONEncoder: Sendable {
    /// What a `nil` optional member becomes.
    public enum NilMembers: Sendable {
        /// `"key": null`: every value of a type has the same keys (reports, baselines).
        case null
        /// Left out, as Foundation's `JSONEncoder` does (the documents of `solver-bench`,
        /// `explain` and `import`, whose readers test for a key's presence).
        case omitted
    }

    /// What a `nil` optional member becomes.
    public var nilMembers: NilMembers

    public init(nilMembers: NilMembers = .null) {
        self.nilMembers = nilMembers
    }

    /// Encodes `value` to a JSON value.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite number, or what `value` throws.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = _JSONNode()
        try value.encode(to: _OrderedEncoder(node: root, codingPath: [], omitsNil: nilMembers == .omitted))
        return root.resolved
    }

    /// Encodes `value` to JSON text (``JSONValue/serialized(pretty:)``).
    ///
    /// - Parameters:
    ///   - pretty: Two-space indentation, one member per line.
    ///   - sortingKeys: Every object's members sorted by key, for values that hold a
    ///     `Dictionary` (whose order is its hash's, different in every process).
    /// - Throws: `EncodingError.invalidValue` for a non-finite number, or what `value` throws.
    public func text<T: Encodable>(_ value: T, pretty: Bool = true, sortingKeys: Bool = false) throws -> String {
        let encoded = try encode(value)
        return (sortingKeys ? encoded.sortingKeys() : encoded).serialized(pretty: pretty)
    }
}

/// A node of the tree being encoded; containers hold nodes so that nested containers can be
/// filled after they were made. Not API.
final class _JSONNode {
    enum Content {
        case unset
        case value(JSONValue)
        case object([(key: String, node: _JSONNode)])
        case array([_JSONNode])
    }

    var content: Content = .unset

    init() {}
    init(_ value: JSONValue) { content = .value(value) }

    var resolved: JSONValue {
        switch content {
        case .unset: .object([])
        case .value(let value): value
        case .object(let members): .object(members.map { ($0.key, $0.node.resolved) })
        case .array(let nodes): .array(nodes.map(\.resolved))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func set(_ key: String, _ node: _JSONNode) {
        guard case .object(var members) = content else { preconditionFailure("not an object") }
        content = .unset
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        content = .object(members)
    }

    func append(_ node: _JSONNode) {
        guard case .array(var nodes) = content else { preconditionFailure("not an array") }
        content = .unset
        nodes.append(node)
        content = .array(nodes)
    }

    var arrayCount: Int {
        if case .array(let nodes) = content { return nodes.count }
        return 0
    }
}

private struct _IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct _SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { return nil }
}

/// Converts a primitive or encodes a composite value into a new node.
private func _encodeNode<T: Encodable>(_ value: T, codingPath: [CodingKey], omitsNil: Bool) throws -> _JSONNode {
    let node = _JSONNode()
    try value.encode(to: _OrderedEncoder(node: node, codingPath: codingPath, omitsNil: omitsNil))
    return node
}

private func _number(_ value: Double, codingPath: [CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: codingPath, debugDescription: "A report cannot hold the non-finite number \(value)."))
    }
    return .number(value)
}

private func _unsigned(_ value: UInt64) -> JSONValue {
    value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
}

private struct _OrderedEncoder: Encoder {
    let node: _JSONNode
    let codingPath: [CodingKey]
    let omitsNil: Bool
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(_KeyedContainer<Key>(node: node, codingPath: codingPath, omitsNil: omitsNil))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        node.makeArray()
        return _UnkeyedContainer(node: node, codingPath: codingPath, omitsNil: omitsNil)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        _SingleContainer(node: node, codingPath: codingPath, omitsNil: omitsNil)
    }
}

private struct _SingleContainer: SingleValueEncodingContainer {
    let node: _JSONNode
    let codingPath: [CodingKey]
    let omitsNil: Bool

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(try _number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { node.content = .value(try _number(Double(value), codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.integer(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .value(_unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(_unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: _OrderedEncoder(node: node, codingPath: codingPath, omitsNil: omitsNil))
    }
}

private struct _UnkeyedContainer: UnkeyedEncodingContainer {
    let node: _JSONNode
    let codingPath: [CodingKey]
    let omitsNil: Bool
    var count: Int { node.arrayCount }

    private func add(_ value: JSONValue) { node.append(_JSONNode(value)) }
    private var nextPath: [CodingKey] { codingPath + [_IndexKey(count)] }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(try _number(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { add(try _number(Double(value), codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(.integer(value)) }
    mutating func encode(_ value: UInt) throws { add(_unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { add(_unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try _encodeNode(value, codingPath: nextPath, omitsNil: omitsNil))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = _JSONNode()
        let path = nextPath
        node.append(child)
        child.makeObject()
        return KeyedEncodingContainer(_KeyedContainer<NestedKey>(node: child, codingPath: path, omitsNil: omitsNil))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = _JSONNode()
        let path = nextPath
        node.append(child)
        child.makeArray()
        return _UnkeyedContainer(node: child, codingPath: path, omitsNil: omitsNil)
    }

    mutating func superEncoder() -> Encoder {
        let child = _JSONNode()
        let path = nextPath
        node.append(child)
        return _OrderedEncoder(node: child, codingPath: path, omitsNil: omitsNil)
    }
}

private struct _KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: _JSONNode
    let codingPath: [CodingKey]
    let omitsNil: Bool

    private func set(_ value: JSONValue, _ key: Key) { node.set(key.stringValue, _JSONNode(value)) }
    private func path(_ key: Key) -> [CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try _number(value, codingPath: path(key)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try _number(Double(value), codingPath: path(key)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(_unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(_unsigned(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(key.stringValue, try _encodeNode(value, codingPath: path(key), omitsNil: omitsNil))
    }

    // `nil` is written as `null` rather than left out, so every report has the same keys
    // (unless the encoder leaves nil members out, `NilMembers.omitted`).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !omitsNil { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = _JSONNode()
        child.makeObject()
        node.set(key.stringValue, child)
        return KeyedEncodingContainer(_KeyedContainer<NestedKey>(node: child, codingPath: path(key), omitsNil: omitsNil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = _JSONNode()
        child.makeArray()
        node.set(key.stringValue, child)
        return _UnkeyedContainer(node: child, codingPath: path(key), omitsNil: omitsNil)
    }

    mutating func superEncoder() -> Encoder {
        let child = _JSONNode()
        node.set("super", child)
        return _OrderedEncoder(node: child, codingPath: codingPath + [_SuperKey()], omitsNil: omitsNil)
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        let child = _JSONNode()
        node.set(key.stringValue, child)
        return _OrderedEncoder(node: child, codingPath: path(key), omitsNil: omitsNil)
    }
}
