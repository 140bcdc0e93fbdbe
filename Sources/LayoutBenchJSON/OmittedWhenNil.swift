/// An optional member that synthesized `Codable` leaves out when it is `nil`, where every
/// other `nil` is written as `null` (``OrderedJSONEncoder``: readers need not guess which
/// keys exist); decoding reads a missing key or `null` as `nil`.
///
/// For members that a report mentions only when they say something (a run's `instructions`,
/// the load figures of a measurement), so that reports without them keep their bytes:
///
///     @OmittedWhenNil public var instructions: UInt64?
@propertyWrapper
public struct OmittedWhenNil<Wrapped> {
    public var wrappedValue: Wrapped?

    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension OmittedWhenNil: Sendable where Wrapped: Sendable {}
extension OmittedWhenNil: Equatable where Wrapped: Equatable {}
extension OmittedWhenNil: Hashable where Wrapped: Hashable {}

extension OmittedWhenNil: Encodable where Wrapped: Encodable {
    /// The value, or `null`, where no key can be left out (outside a keyed container).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension OmittedWhenNil: Decodable where Wrapped: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }
}

extension KeyedEncodingContainer {
    /// Writes the member only when it holds a value (what synthesized `encode(to:)` calls
    /// for an ``OmittedWhenNil`` member).
    public mutating func encode<Wrapped: Encodable>(_ member: OmittedWhenNil<Wrapped>, forKey key: Key) throws {
        if let value = member.wrappedValue { try encode(value, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// Reads the member, `nil` when its key is missing or `null` (what synthesized
    /// `init(from:)` calls for an ``OmittedWhenNil`` member).
    public func decode<Wrapped: Decodable>(_ type: OmittedWhenNil<Wrapped>.Type, forKey key: Key) throws -> OmittedWhenNil<Wrapped> {
        OmittedWhenNil(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}
