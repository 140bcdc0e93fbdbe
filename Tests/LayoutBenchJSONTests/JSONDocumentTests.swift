import Testing

@testable import LayoutBenchJSON

/// The positional JSON reader behind reports, baselines and thresholds files.
@Suite("Positional JSON reader")
struct JSONDocumentTests {
    @Test("Values, nesting, escapes and positions")
    func values() throws {
        let text = """
            {
              "a": [1, -2.5e3, true, null],
              "b": {"c": "x\\u00e9\\n\\ud83d\\ude00"},
              "é": "ü"
            }
            """
        let root = try JSONDocument.parse(text)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(root.members.map(\.key) == ["a", "b", "é"])
        #expect(root["a"]?.elements.count == 4)
        #expect(root["a"]?.elements[0].integerValue == 1)
        #expect(root["a"]?.elements[1].doubleValue == -2500)
        #expect(root["a"]?.elements[1].position == SourcePosition(line: 2, column: 12))
        #expect(root["a"]?.elements[2].boolValue == true)
        #expect(root["b"]?["c"]?.stringValue == "xé\n😀")
        #expect(root["b"]?["c"]?.position == SourcePosition(line: 3, column: 14))
        // Columns count characters, not bytes: "ü" follows the two-byte "é" key.
        #expect(root["é"]?.position == SourcePosition(line: 4, column: 8))
        #expect(root.members[2].keyPosition == SourcePosition(line: 4, column: 3))
    }

    @Test("A coding path leads back to a node")
    func codingPath() throws {
        let root = try JSONDocument.parse("{\"s\": [{\"x\": 1}, {\"x\": \"two\"}]}")
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(_ string: String) { stringValue = string }
            init(_ int: Int) {
                stringValue = "\(int)"
                intValue = int
            }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { self.init(intValue) }
        }
        let (node, complete) = root.node(at: [Key("s"), Key(1), Key("x")])
        #expect(complete)
        #expect(node.stringValue == "two")
        #expect(node.position == SourcePosition(line: 1, column: 24))
        let (partial, found) = root.node(at: [Key("s"), Key(1), Key("missing")])
        #expect(!found)
        #expect(partial.position == SourcePosition(line: 1, column: 18))
    }

    @Test(
        "Syntax errors name the line and column of the problem",
        arguments: [
            ("{\"a\": 1,\n  \"b\": [1, 2", 2, 13, "unexpected end of the file in the array that starts at 2:8"),
            ("{\"a\": 1", 1, 8, "unexpected end of the file in the object that starts at 1:1"),
            ("{\"a\": \"unterminated", 1, 20, "unexpected end of the file in the string that starts at 1:7"),
            ("", 1, 1, "the file is empty"),
            ("{\"a\" 1}", 1, 6, "expected ':' after \"a\""),
            ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
            ("[1, 2,]", 1, 7, "unexpected ']'; expected a value"),
            ("{\"a\": 01}", 1, 8, "cannot start with 0"),
            ("{\"a\": tru}", 1, 10, "expected 'true'"),
            ("{\"a\": \"\\q\"}", 1, 8, "invalid escape sequence '\\q'"),
            ("{\"a\": 1, \"a\": 2}", 1, 10, "the key \"a\" is repeated (first at 1:2)"),
            ("{}\n{}", 2, 1, "after the JSON value"),
            ("{\"a\": \"tab\there\"}", 1, 11, "unescaped control character"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try JSONDocument.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            #expect(error.position == SourcePosition(line: line, column: column), "\(error)")
            #expect(error.message.contains(message), "\(error)")
            return true
        }
    }

    /// Objects of up to 16 members look for a repeated key by scanning them, larger ones
    /// through a dictionary (a trace line has at most seven members).
    @Test("A repeated key is found in small and large objects, naming the first", arguments: [3, 15, 16, 17, 40])
    func repeatedKeys(members: Int) throws {
        let keys = (0..<members).map { "\"k\($0)\": \($0)" }
        #expect(try JSONDocument.parse("{" + keys.joined(separator: ", ") + "}").members.count == members)
        let repeated = "{" + (keys + ["\"k1\": 0"]).joined(separator: ", ") + "}"
        #expect {
            _ = try JSONDocument.parse(repeated)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.message == "the key \"k1\" is repeated (first at 1:11)"
        }
    }

    @Test("Strings with and without escapes decode to the same text")
    func strings() throws {
        let node = try JSONDocument.parse(#"["plain é 😀", "pl\u0061in \u00e9 \ud83d\ude00", "", "\n"]"#)
        #expect(node.elements.map(\.stringValue) == ["plain é 😀", "plain é 😀", "", "\n"])
    }

    @Test("A byte order mark is skipped; deep nesting is refused, not a crash")
    func edges() throws {
        #expect(try JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).elements.count == 1)
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(deep) }
    }
}
