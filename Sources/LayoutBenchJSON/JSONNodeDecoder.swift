/// Decodes `Decodable` values from a ``JSONNode`` tree that ``JSONDocument`` already parsed,
/// so a file is read once: the reader keeps the positions for errors, and this decoder turns
/// the same nodes into the model.
///
/// It follows Foundation's `JSONDecoder` where reports depend on it: `null` is a missing
/// value (`decodeIfPresent` gives `nil`, a required value is `valueNotFound`), a number
/// decodes as any numeric type it fits exactly (an integer type refuses a fraction and a value
/// out of its range with `dataCorrupted`), and errors carry the coding path, which
/// ``JSONNode/node(at:)`` turns back into a line and column.
public struct JSONNodeDecoder: Sendable {
    public init() {}

    /// Decodes a `T` from `node`.
    ///
    /// - Throws: `DecodingError` at the coding path of the first value that does not fit.
    /// - Complexity: O(*n*) for *n* nodes, plus O(*k*) per member looked up in an object of
    ///   *k* members.
    public func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
        try _NodeDecoder(node: node, codingPath: []).decode(T.self)
    }
}

private struct _NodeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

private struct _NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else {
            throw mismatch([String: Any].self, "Expected to decode Dictionary<String, Any> but found \(node.kindDescription) instead.")
        }
        return KeyedDecodingContainer(_KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else {
            throw mismatch([Any].self, "Expected to decode Array<Any> but found \(node.kindDescription) instead.")
        }
        return _UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type, _ description: String) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// Decodes `T`, going through the scalar paths for the standard scalar types.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if case .null = node.value, !(T.self is _OptionalMarker.Type) {
            throw DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(codingPath: codingPath, debugDescription: "Cannot get value of type \(T.self) -- found null value instead"))
        }
        switch T.self {
        case is Bool.Type: return try decode(Bool.self) as! T
        case is String.Type: return try decode(String.self) as! T
        case is Double.Type: return try decode(Double.self) as! T
        case is Float.Type: return try decode(Float.self) as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int64.Type: return try integer(Int64.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is UInt64.Type: return try integer(UInt64.self) as! T
        case is UInt.Type: return try integer(UInt.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        default: return try T(from: self)
        }
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = node.value else {
            throw mismatch(I.self, "Expected to decode \(I.self) but found \(node.kindDescription) instead.")
        }
        if let value = I(text) { return value }
        if let double = Double(text), double.rounded() == double, let value = I(exactly: double) { return value }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "Number \(text) is not representable in Swift."))
    }
}

/// `Optional`, so that `null` reaches `Optional.init(from:)`, which decodes it as `nil`.
private protocol _OptionalMarker {}
extension Optional: _OptionalMarker {}

extension _NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.value else {
            throw mismatch(Bool.self, "Expected to decode Bool but found \(node.kindDescription) instead.")
        }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.value else {
            throw mismatch(String.self, "Expected to decode String but found \(node.kindDescription) instead.")
        }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let text) = node.value, let value = Double(text) else {
            throw mismatch(Double.self, "Expected to decode Double but found \(node.kindDescription) instead.")
        }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = try decode(Double.self)
        guard abs(value) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "Number \(value) does not fit in Float."))
        }
        return Float(value)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
}

private struct _KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONNode.Member]
    let codingPath: [CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    func node(_ key: Key) throws -> JSONNode {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return member.value
    }

    func decoder(_ key: Key) throws -> _NodeDecoder {
        _NodeDecoder(node: try node(key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(T.self) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
        if case .null = member.value.value { return nil }
        return try _NodeDecoder(node: member.value, codingPath: codingPath + [key]).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        try superDecoder(forKey: Key(stringValue: "super")!)
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let member = members.first { $0.key == key.stringValue }
        return _NodeDecoder(node: member?.value ?? JSONNode(.null, at: SourcePosition(line: 1, column: 1)), codingPath: codingPath + [key])
    }
}

private struct _UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [CodingKey]
    var currentIndex = 0

    init(elements: [JSONNode], codingPath: [CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next<T>(_ type: T.Type) throws -> _NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath + [_NodeKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return _NodeDecoder(node: elements[currentIndex], codingPath: codingPath + [_NodeKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self).decode(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder { try next(Any.self) }
}
