import Testing

@testable import LayoutBenchJSON

/// The writer's two options for documents other than reports: `nil` members left out, and keys
/// sorted for values that hold a `Dictionary`.
@Suite("OrderedJSONEncoder options")
struct OrderedJSONEncoderTests {
    struct Inner: Encodable {
        var zeta: Int
        var alpha: String?
    }

    struct Outer: Encodable {
        var name: String
        var note: String?
        var inner: Inner
        var items: [Inner]
        var counts: [String: Int]
        var maybe: Inner?
    }

    static let value = Outer(
        name: "trace", note: nil, inner: Inner(zeta: 1, alpha: nil), items: [Inner(zeta: 2, alpha: "a")],
        counts: ["pivots": 4, "cellUpdates": 9, "solves": 2], maybe: nil)

    @Test("A nil member is null by default and left out, at every depth, with .omitted")
    func nilMembers() throws {
        let counts = ["solves": 1]
        struct Small: Encodable {
            var a: Int?
            var b: [Int?]
            var c: [String: Int]
        }
        let small = Small(a: nil, b: [1, nil], c: counts)
        #expect(try OrderedJSONEncoder().text(small, pretty: false) == #"{"a":null,"b":[1,null],"c":{"solves":1}}"#)
        // A nil in an array is a value, not a member: it stays.
        #expect(try OrderedJSONEncoder(nilMembers: .omitted).text(small, pretty: false) == #"{"b":[1,null],"c":{"solves":1}}"#)
        let nested = try OrderedJSONEncoder(nilMembers: .omitted).text(Self.value, pretty: false, sortingKeys: true)
        #expect(!nested.contains("null") && !nested.contains("note") && !nested.contains("maybe"))
        #expect(nested.contains(#""inner":{"zeta":1}"#))
    }

    @Test("sortingKeys sorts every object's members at every depth, whatever the dictionary's order")
    func sortedKeys() throws {
        let text = try OrderedJSONEncoder(nilMembers: .omitted).text(Self.value, pretty: false, sortingKeys: true)
        #expect(
            text == #"{"counts":{"cellUpdates":9,"pivots":4,"solves":2},"inner":{"zeta":1},"items":[{"alpha":"a","zeta":2}],"name":"trace"}"#)
        // Without it, declaration order.
        let ordered = try OrderedJSONEncoder().text(Inner(zeta: 3, alpha: "b"), pretty: false)
        #expect(ordered == #"{"zeta":3,"alpha":"b"}"#)
        // Pretty text sorts the same way.
        let pretty = try OrderedJSONEncoder(nilMembers: .omitted).text(Self.value, sortingKeys: true)
        #expect(pretty.hasPrefix("{\n  \"counts\": {\n    \"cellUpdates\": 9,"))
    }
}
