import Foundation
import Testing
import _LayoutTestSupport

@testable import UIKitLogs

/// The built `layoutbench explain`, end to end: output formats, standard input, exit codes.
@Suite("layoutbench explain end to end", .serialized)
struct ExplainCommandTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> TestExecution {
        try TestProcess.layoutbench(arguments, input: input)
    }

    @Test("Text: the conflict in words, both breaks, the fix, totals; exit 0")
    func text() throws {
        let result = try Self.run(["explain", Self.fixture("modern-cell.log")])
        #expect(result.status == 0)
        #expect(result.output.contains("332 ≠ 320"))
        #expect(result.output.contains("UIKit broke:   UITableViewCellContentView …a010.trailing == UILabel 'Title'.trailing + 16"))
        #expect(result.output.contains("(agrees)"))
        #expect(result.output.contains("Fix: "))
        #expect(result.output.contains("Totals: 1 logs, 1 read, 1 conflicts, 1 unsatisfiable"))
    }

    @Test("JSON: the fields per log (null when absent) and the totals")
    func json() throws {
        let result = try Self.run(["explain", "--format", "json", Self.fixture("modern-cell.log"), Self.fixture("third-party.log")])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "layoutbench.explain")
        let logs = try #require(document["logs"] as? [[String: Any]])
        #expect(logs.count == 2)
        for key in ["path", "parsed", "constraints", "unsatisfiable", "uikitBroke", "engineBreaks", "agree", "explanation", "fix"] {
            #expect(logs.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
        }
        #expect(logs[0]["agree"] as? Bool == true && logs[0]["constraints"] as? Int == 4)
        #expect(logs[1]["agree"] is NSNull && logs[1]["uikitBroke"] is NSNull)
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals["logs"] as? Int == 2 && totals["withUIKitBreak"] as? Int == 1 && totals["agree"] as? Int == 1)
    }

    @Test("Markdown from standard input")
    func markdownFromStandardInput() throws {
        let result = try Self.run(["explain", "--format", "markdown"], input: try Fixture.text("legacy-ios8.log"))
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("# Unsatisfiable constraints, explained"))
        #expect(result.output.contains("## `<stdin>`"))
        #expect(result.output.contains("translatesAutoresizingMaskIntoConstraints = false"))
    }

    @Test("Exit 65 for a log that cannot be read, with file, line and column; the others are still explained")
    func unreadable() throws {
        let result = try Self.run(["explain", Self.fixture("unterminated.log"), Self.fixture("modern-cell.log"), "/nonexistent/log.txt"])
        #expect(result.status == 65)
        #expect(result.errors.contains("unterminated.log:2:2: error:"))
        #expect(result.errors.contains("/nonexistent/log.txt:1:1: error: Cannot read"))
        #expect(result.output.contains("modern-cell.log: 4 constraints, unsatisfiable in the engine too"))
        // Each error once: on standard error, not again in the report.
        #expect(!result.output.contains("error: Cannot read"), "\(result.output)")
        #expect(result.output.contains("/nonexistent/log.txt: cannot read the log (the error is on standard error)"))
    }

    @Test("Exit 66 when the only problem is a file that is not there; the others are still explained")
    func missingFile() throws {
        let result = try Self.run(["explain", Self.fixture("modern-cell.log"), "/nonexistent/log.txt"])
        #expect(result.status == 66)
        #expect(result.errors.contains("/nonexistent/log.txt:1:1: error: Cannot read"))
        #expect(result.output.contains("modern-cell.log: 4 constraints, unsatisfiable in the engine too"))
    }

    @Test("A paste of several blocks, one damaged: exit 65, the damaged block named, the others explained")
    func damagedBlockOnStandardInput() throws {
        let result = try Self.run(["explain", "--format", "json"], input: try Fixture.text("two-blocks-one-damaged.log"))
        #expect(result.status == 65)
        #expect(result.errors.contains("<stdin>:5:36: error:"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let logs = try #require(document["logs"] as? [[String: Any]])
        #expect(logs.map { $0["parsed"] as? Bool } == [false, true])
        #expect(logs[1]["agree"] as? Bool != nil && logs[1]["block"] as? Int == 1)
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals["conflicts"] as? Int == 1 && totals["unreadable"] as? Int == 1)
    }

    @Test("Exit 64 for an unknown format; --help documents the exit codes")
    func arguments() throws {
        #expect(try Self.run(["explain", "--format", "yaml", Self.fixture("modern-cell.log")]).status == 64)
        let help = try Self.run(["explain", "--help"])
        #expect(
            help.status == 0 && help.output.contains("65  some log, or some block of a log") && help.output.contains("66  a log file does not exist"))
    }
}
