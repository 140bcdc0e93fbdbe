import Foundation
import Testing

@testable import LayoutBenchKit

/// Issue 16's diagnostics: out-of-range numbers and invalid UTF-8 at their position (they were
/// "not valid JSON" at 1:1), thresholds messages that say what is wrong, and baseline names
/// that round-trip (`baseline save foo.json` wrote `foo.json.json`).
@Suite("Diagnostics")
struct DiagnosticsTests {
    func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("A number out of a Double's range is a syntax error at the number")
    func outOfRangeNumber() throws {
        let error = try #require(syntaxError(Array("{\n  \"a\": [1, -1e400]\n}".utf8)))
        #expect(error.position == SourcePosition(line: 2, column: 12), "\(error)")
        #expect(error.message.contains("the number -1e400 is out of range"), "\(error)")
        #expect(syntaxError(Array("[1e308, 1e-400, 18446744073709551615]".utf8)) == nil)
    }

    @Test(
        "Invalid UTF-8 in a string is a syntax error at its first byte",
        arguments: [
            [0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3],
        ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        let bytes = Array("[\"ok\",\n \"é".utf8) + sequence + Array("x\"]".utf8)
        let error = try #require(syntaxError(bytes))
        #expect(error.position == SourcePosition(line: 2, column: 4), "\(error)")
        #expect(error.message.contains("invalid UTF-8"), "\(error)")
        #expect(syntaxError(Array("[\"é€😀\"]".utf8)) == nil)
    }

    @Test("A report with 1e400 or invalid UTF-8 is malformed JSON at the place, not at 1:1")
    func reportPositions() throws {
        let text = try GateFixture.simple().jsonText()
        let range = try #require(text.range(of: "\"median\": "))
        let broken = text.replacingCharacters(in: range, with: "\"median\": 1e400, \"was\": ")
        let line = broken[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        #expect {
            _ = try ReportReader.decode(Array(broken.utf8), path: "r.json")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            return error.code == .malformedJSON && error.position?.line == line && error.message.contains("1e400")
        }
        let nameRange = try #require(text.range(of: "\"demo/"))
        var bytes = Array(text[..<nameRange.lowerBound].utf8) + [UInt8(ascii: "\""), 0xFE]
        bytes += Array(text[text.index(after: nameRange.lowerBound)...].utf8)
        #expect {
            _ = try ReportReader.decode(bytes, path: "r.json")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            return error.code == .malformedJSON && error.position != SourcePosition(line: 1, column: 1)
                && error.message.contains("invalid UTF-8 (0xFE)")
        }
    }

    @Test("A thresholds value of 1e400 is out of range at its position, not 'must be a number, found the number'")
    func thresholdsNumber() throws {
        let text = """
            {"schema": "layoutbench.thresholds", "schemaVersion": 1,
             "defaults": {"time": {"relative": 1e400}}}
            """
        #expect {
            _ = try Thresholds.parse(Array(text.utf8), path: "t.json")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            return error.description.hasPrefix("t.json:2:36: ") && error.message.contains("out of range")
                && !error.message.contains("must be a number, found the number")
        }
    }

    @Test("baseline save NAME.json saves NAME.json, which check --baseline NAME.json and NAME find")
    func jsonSuffixedName() throws {
        let folder = try Fixture.temporaryFolder("baseline-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines").path)
        let report = try GateFixture.write(GateFixture.simple().jsonText(), "r.json", in: folder)
        let saved = try store.save(name: "robust-demo.json", from: report)
        #expect(saved.path == store.folder + "/robust-demo.json")
        #expect(!FileManager.default.fileExists(atPath: store.folder + "/robust-demo.json.json"))
        #expect(try store.load("robust-demo.json").path == saved.path)
        #expect(try store.load("robust-demo").path == saved.path)
        #expect(try store.list().map(\.name) == ["robust-demo"])
    }

    @Test("A baseline name starting with '-' is refused with a message that says so")
    func dashName() {
        #expect {
            try BaselineStore.validate(name: "-main")
        } throws: { error in
            (error as? GateError)?.code == .invalidArgument && "\(error)".contains("not starting with '.' or '-'")
        }
    }
}
