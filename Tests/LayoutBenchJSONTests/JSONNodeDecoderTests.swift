import Foundation
import Testing

@testable import LayoutBenchJSON

/// Decoding from parsed nodes: what reports rely on, the way Foundation's `JSONDecoder` does it.
@Suite("Decoding from parsed nodes")
struct JSONNodeDecoderTests {
    struct Sample: Decodable, Equatable {
        enum Kind: String, Decodable { case fast, slow }
        struct Inner: Decodable, Equatable {
            var values: [Double]
            var note: String?
        }
        var count: Int
        var big: UInt64
        var ratio: Double
        var flag: Bool
        var kind: Kind
        var inner: Inner
        var missing: Int?
        var null: Int?
        var map: [String: Int]
        var rows: [[Int]]
    }

    static let text = """
        {"count": 12, "big": 18446744073709551615, "ratio": 1e-7, "flag": true, "kind": "slow",
         "inner": {"values": [1, 2.5, -0.0], "note": null}, "null": null, "map": {"b": 2, "a": 1},
         "rows": [[1], [], [2, 3]]}
        """

    @Test("Numbers, strings, nested containers, optionals and maps decode as Foundation's decoder does")
    func values() throws {
        let sample = try JSONNodeDecoder().decode(Sample.self, from: try JSONDocument.parse(Self.text))
        #expect(
            sample
                == Sample(
                    count: 12, big: .max, ratio: 1e-7, flag: true, kind: .slow,
                    inner: Sample.Inner(values: [1, 2.5, -0.0], note: nil), missing: nil, null: nil,
                    map: ["a": 1, "b": 2], rows: [[1], [], [2, 3]]))
    }

    /// `error`'s case, with the type or key it names, and the coding path of the value:
    /// `typeMismatch Int at count`.
    static func summary(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: " ")
        }
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    @Test(
        "Errors carry the coding path of the value that does not fit",
        arguments: [
            ("\"count\": 12", "\"count\": \"12\"", "typeMismatch Int at count"),
            ("\"count\": 12", "\"count\": 1.5", "dataCorrupted at count"),
            ("\"flag\": true", "\"flag\": null", "valueNotFound Bool at flag"),
            ("[2, 3]", "[2, \"x\"]", "typeMismatch Int at rows [2] [1]"),
            ("\"ratio\": 1e-7, ", "", "keyNotFound ratio at "),
            ("\"slow\"", "\"medium\"", "dataCorrupted at kind"),
            ("{\"values\": [1, 2.5, -0.0], \"note\": null}", "5", "typeMismatch Dictionary<String, Any> at inner"),
        ])
    func errors(replacing: String, with replacement: String, expected: String) throws {
        let node = try JSONDocument.parse(Self.text.replacingOccurrences(of: replacing, with: replacement))
        let error = #expect(throws: DecodingError.self) { try JSONNodeDecoder().decode(Sample.self, from: node) }
        #expect(error.map(Self.summary) == expected)
    }
}
