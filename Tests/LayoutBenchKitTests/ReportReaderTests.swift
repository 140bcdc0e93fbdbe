import Foundation
import Testing

@testable import LayoutBenchKit

/// Reading reports: a valid report round-trips; every bad input is an error naming the file,
/// the line and the column.
@Suite("Reading reports")
struct ReportReaderTests {
    static func text() throws -> String { try GateFixture.simple().jsonText() }

    /// The 1-based line and column of the first occurrence of `needle` in `text`, plus `offset` characters.
    static func position(of needle: String, in text: String, offset: Int = 0) -> SourcePosition {
        let range = text.range(of: needle)!
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = (before.lastIndex(of: "\n").map { before.distance(from: before.index(after: $0), to: before.endIndex) } ?? before.count) + 1
        return SourcePosition(line: line, column: column + offset)
    }

    func expectError(_ bytes: String, code: GateError.Code, at position: SourcePosition?, containing message: String) {
        #expect {
            _ = try ReportReader.decode(Array(bytes.utf8), path: "some/report.json")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            #expect(error.code == code, "\(error)")
            #expect(error.file == "some/report.json")
            if let position { #expect(error.position == position, "\(error)") }
            #expect(error.description.hasPrefix("some/report.json:"), "\(error)")
            #expect(error.message.contains(message), "\(error)")
            return true
        }
    }

    @Test("A report reads back with counters and metrics in their declared order")
    func roundTrip() throws {
        let report = GateFixture.simple()
        let loaded = try ReportReader.decode(Array(try report.jsonText().utf8), path: "r.json")
        #expect(loaded.report.scenarios.map(\.name) == ["demo/a", "demo/b"])
        #expect(loaded.report.scenarios[0].sizes[0].counters.keys.elements == CompareMetric.counterNames)
        #expect(loaded.report.scenarios[0].sizes[0].perOperation.keys.elements == Metric.allCases.map(\.rawValue))
        // Re-encoding the decoded report gives the same bytes.
        #expect(try loaded.report.jsonText() == report.jsonText())
    }

    @Test("A truncated report is malformed JSON at the end of the file")
    func truncated() throws {
        let full = try Self.text()
        let cut = String(full.prefix(full.count / 2))
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        let end = SourcePosition(line: lines.count, column: lines.last!.count + 1)
        #expect {
            _ = try ReportReader.decode(Array(cut.utf8), path: "cut.json")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            #expect(error.code == .malformedJSON)
            #expect(error.exitStatusIsBadInput)
            // The error is at the end of what was written, or at the incomplete token just before it.
            #expect(error.position.map { $0.line == end.line || $0.line == end.line - 1 } == true, "\(error) vs \(end)")
            #expect(error.message.contains("unexpected end of the file"), "\(error)")
            return true
        }
    }

    @Test("A file over 256 MiB is refused before it is read")
    func oversized() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lb-huge-\(UUID().uuidString).json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        // Sparse: the size is there, the disk is not used.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ReportReader.maximumFileBytes) + 1)
        try handle.close()
        let error = try #require(throws: GateError.self) { try ReportReader.read(url.path) }
        #expect(error.exitStatusIsBadInput)
        #expect(error.message.contains("at most 268435456 are read"), "\(error)")
    }

    @Test("A report of another schema version names the version and where it is written")
    func wrongVersion() throws {
        let text = try Self.text().replacingOccurrences(of: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 2,")
        expectError(
            text, code: .unsupportedSchema, at: Self.position(of: "\"schemaVersion\": 2", in: text, offset: 17),
            containing: "report schema version 2 is not supported")
    }

    @Test("Another schema, or not an object")
    func wrongSchema() throws {
        let text = try Self.text().replacingOccurrences(of: "\"layoutbench.report\"", with: "\"layoutbench.scenarios\"")
        expectError(
            text, code: .unsupportedSchema, at: Self.position(of: "\"layoutbench.scenarios\"", in: text), containing: "not a layoutbench run report")
        expectError("[1, 2]", code: .unsupportedSchema, at: SourcePosition(line: 1, column: 1), containing: "found an array")
        expectError("{\"a\": 1}", code: .unsupportedSchema, at: SourcePosition(line: 1, column: 1), containing: "no \"schema\" member")
    }

    @Test("A member of the wrong type, or a missing member, is named with its position")
    func wrongMembers() throws {
        let original = try Self.text()
        let mistyped = original.replacingOccurrences(of: "\"quick\": true", with: "\"quick\": \"yes\"")
        expectError(
            mistyped, code: .invalidReport, at: Self.position(of: "\"quick\": \"yes\"", in: mistyped, offset: 9),
            containing: "options.quick should be true or false, found the string \"yes\"")
        let missing = original.replacingOccurrences(of: "\"date\": \"2026-01-01T12:00:00Z\",", with: "")
        expectError(missing, code: .invalidReport, at: SourcePosition(line: 1, column: 1), containing: "has no member \"date\"")
    }

    @Test("A missing file is unreadable")
    func missingFile() {
        #expect {
            _ = try ReportReader.read("/nonexistent/report.json")
        } throws: { error in
            (error as? GateError)?.code == .unreadableFile
        }
    }
}

extension GateError {
    var exitStatusIsBadInput: Bool { code.exitStatus == .badInput }
}
