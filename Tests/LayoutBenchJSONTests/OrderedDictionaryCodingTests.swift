import Foundation
import OrderedCollections
import Testing

@testable import LayoutBenchJSON

/// A report member of type `OrderedDictionary<String, V>` is a JSON object whose members keep the
/// dictionary's order, not swift-collections' flat array of keys and values.
@Suite("OrderedDictionary members as JSON objects")
struct OrderedDictionaryCodingTests {
    struct Sample: Codable, Equatable {
        var counters: OrderedDictionary<String, Int>
        var ratios: OrderedDictionary<String, Double?>
        var growth: OrderedDictionary<String, Int>?
    }

    static let sample = Sample(counters: ["solves": 3, "pivots": 1, "cellUpdates": 20], ratios: ["wall": 1.5, "cpu": nil], growth: nil)

    @Test("Members are written in the dictionary's order; a nil member is null, a nil value null")
    func encoding() throws {
        let text = try OrderedJSONEncoder().encode(Self.sample).serialized(pretty: false)
        #expect(text == #"{"counters":{"solves":3,"pivots":1,"cellUpdates":20},"ratios":{"wall":1.5,"cpu":null},"growth":null}"#)
    }

    @Test("Decoding reads objects, with the keys sorted, from parsed nodes and through Foundation alike")
    func decoding() throws {
        let text = try OrderedJSONEncoder().encode(Self.sample).serialized(pretty: false)
        let fromNodes = try JSONNodeDecoder().decode(Sample.self, from: try JSONDocument.parse(text))
        let fromFoundation = try JSONDecoder().decode(Sample.self, from: Data(text.utf8))
        let sorted = Sample(counters: ["cellUpdates": 20, "pivots": 1, "solves": 3], ratios: ["cpu": nil, "wall": 1.5], growth: nil)
        #expect(fromNodes == sorted)
        #expect(fromFoundation == sorted)
        let present = try JSONNodeDecoder().decode(
            Sample.self, from: try JSONDocument.parse(#"{"counters": {}, "ratios": {}, "growth": {"b": 2, "a": 1}}"#))
        #expect(present.growth == ["a": 1, "b": 2])
    }
}
