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

    @Test("Errors carry the coding path of the value that does not fit")
    func errors() throws {
        func error(_ replacing: String, with: String) throws -> DecodingError? {
            let node = try JSONDocument.parse(Self.text.replacingOccurrences(of: replacing, with: with))
            do {
                _ = try JSONNodeDecoder().decode(Sample.self, from: node)
                return nil
            } catch let error as DecodingError {
                return error
            }
        }
        func path(_ error: DecodingError?) -> [String] {
            switch error {
            case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
                .dataCorrupted(let context)?:
                return context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            default: return []
            }
        }
        let string = try error("\"count\": 12", with: "\"count\": \"12\"")
        guard case .typeMismatch(let type, _)? = string else {
            Issue.record("\(String(describing: string))")
            return
        }
        #expect(type == Int.self && path(string) == ["count"])
        let fraction = try error("\"count\": 12", with: "\"count\": 1.5")
        guard case .dataCorrupted? = fraction else {
            Issue.record("\(String(describing: fraction))")
            return
        }
        let null = try error("\"flag\": true", with: "\"flag\": null")
        guard case .valueNotFound? = null else {
            Issue.record("\(String(describing: null))")
            return
        }
        #expect(path(null) == ["flag"])
        let element = try error("[2, 3]", with: "[2, \"x\"]")
        #expect(path(element) == ["rows", "[2]", "[1]"])
        let missing = try error("\"ratio\": 1e-7, ", with: "")
        guard case .keyNotFound(let key, _)? = missing else {
            Issue.record("\(String(describing: missing))")
            return
        }
        #expect(key.stringValue == "ratio")
        let enumValue = try error("\"slow\"", with: "\"medium\"")
        guard case .dataCorrupted? = enumValue else {
            Issue.record("\(String(describing: enumValue))")
            return
        }
        #expect(path(enumValue) == ["kind"])
        let object = try error("{\"values\": [1, 2.5, -0.0], \"note\": null}", with: "5")
        guard case .typeMismatch? = object else {
            Issue.record("\(String(describing: object))")
            return
        }
        #expect(path(object) == ["inner"])
    }
}
