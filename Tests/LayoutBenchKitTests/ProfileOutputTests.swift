import Foundation
import LayoutBenchKit
import LayoutProfiler
import LayoutScenarios
import Testing

/// The three outputs: text (findings first), JSON (every documented key, stable order),
/// HTML (self-contained).
@Suite("Profile output")
struct ProfileOutputTests {
    static let profile = ScenarioProfiling.profile(ScenarioCatalog.named("cells/stack-remove")!, size: 5)

    @Test("The text summary puts findings first, then costs, churn and the timeline")
    func text() throws {
        let text = Self.profile.report.text()
        let order = [
            "Profile of cells/stack-remove at 5 frames", "Findings (2)", "[warning] churn (stack-rebuild)",
            "fix:", "Totals", "Top views by row operations", "Top view groups", "Top constraint identifiers",
            "Operations", "Churn:", "Timeline", "Hierarchy", "Events",
        ]
        var position = text.startIndex
        for marker in order {
            let range = try #require(text.range(of: marker, range: position..<text.endIndex), "'\(marker)' missing or out of order")
            position = range.upperBound
        }
        #expect(!text.contains("\u{1B}["))
        #expect(Self.profile.report.text(color: true).contains("\u{1B}[1m"))
        // Prose is wrapped at 100 columns (tables and constraint descriptions are not).
        for line in text.split(separator: "\n") where line.hasPrefix("    ") && !line.hasPrefix("      -") && !line.hasPrefix("        ") {
            #expect(line.count <= 100, "too wide: \(line)")
        }
    }

    @Test("The JSON has every documented key, in order, nulls included")
    func json() throws {
        let text = try ProfileOutput.json(Self.profile.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let keys = [
            "schema", "schemaVersion", "title", "subject", "totals", "findings", "timeline", "topViews", "topViewGroups",
            "topConstraintIdentifiers", "operations", "churn", "hierarchy", "recentEvents", "limits",
        ]
        #expect(Set(object.keys) == Set(keys))
        // Declaration order: each top-level key appears after the previous one.
        var position = text.startIndex
        for key in keys {
            let range = try #require(text.range(of: "\n  \"\(key)\":", range: position..<text.endIndex), "\(key) out of order")
            position = range.upperBound
        }
        #expect(object["schema"] as? String == "layoutbench.profile")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.first.map { Set($0.keys) } == [
                "id", "variant", "title", "severity", "summary", "counts", "constraints", "views", "locations", "fix",
            ])
        let totals = try #require(object["totals"] as? [String: Any])
        let counters = try #require(totals["counters"] as? [String: Int])
        #expect(counters["solves"] == Self.profile.counters.solves)
        let events = try #require((object["recentEvents"] as? [String: Any])?["events"] as? [[String: Any]])
        #expect(events.first?.keys.contains("oldValue") == true)
        let decoded = try JSONDecoder().decode(ProfileReport.self, from: Data(text.utf8))
        #expect(decoded.findings == Self.profile.report.findings)
        #expect(decoded.timeline.entries == Self.profile.report.timeline.entries)
    }

    @Test("The HTML page is self-contained, escaped and has the timeline and tables")
    func html() {
        let html = Self.profile.report.html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"viewport\""))
        // The shared page skeleton: one script, the tables' sorting and filtering (LayoutBenchKit's tables.js).
        #expect(html.components(separatedBy: "<script>").count == 2 && html.contains("data-enhanced"))
        #expect(html.contains("<table id=\"top-views-table\" class=\"sortable\">"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link"))
        #expect(html.contains("<svg class=\"timeline\""))
        #expect(html.contains("Churn by superview"))
        #expect(html.contains("&lt;NSLayoutConstraint:0x"))
        #expect(!html.contains("<NSLayoutConstraint"))
        for tag in ["section", "table", "article", "svg", "details"] {
            #expect(html.components(separatedBy: "<\(tag)").count == html.components(separatedBy: "</\(tag)>").count, "unbalanced <\(tag)>")
        }
    }

    @Test("Files are written into the folder, atomically, and an unwritable folder fails with its name")
    func writing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-out-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ProfileOutput.write(Self.profile.report, formats: [.text, .json, .html], to: folder.path + "/nested")
        #expect(written == [folder.path + "/nested/profile.json", folder.path + "/nested/profile.html"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/nested").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)

        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: LayoutBenchError.self) {
            try ProfileOutput.write(Self.profile.report, formats: [.json], to: blocker.path + "/sub")
        }
        do {
            _ = try ProfileOutput.write(Self.profile.report, formats: [.json], to: blocker.path + "/sub")
        } catch {
            #expect(error.code == .unwritableOutput)
            #expect(error.message.contains(blocker.path))
        }
    }

    @Test("Formats parse comma-separated or repeated; unknown ones name the choices")
    func formats() throws {
        #expect(try ProfileFormat.parse([]) == [.text, .json, .html])
        #expect(try ProfileFormat.parse(["json,html", "json"]) == [.json, .html])
        do {
            _ = try ProfileFormat.parse(["pdf"])
            Issue.record("pdf parsed")
        } catch {
            #expect(error.code == .invalidOption)
            #expect(error.message.contains("'pdf'") && error.message.contains("text, json, html"))
        }
    }

    @Test("Unknown scenarios get close names; bad sizes are refused")
    func scenarioErrors() {
        do {
            _ = try ScenarioProfiling.scenario(named: "cells/stack-scrol")
            Issue.record("found")
        } catch {
            #expect(error.code == .unknownScenario)
            #expect(error.message.contains("Did you mean 'cells/stack-scroll'"))
        }
        do {
            _ = try ScenarioProfiling.scenario(named: "cells/*")
            Issue.record("found")
        } catch {
            #expect(error.message.contains("profile takes one scenario"))
        }
        let any = ScenarioCatalog.named("activation/batch")!
        #expect(throws: LayoutBenchError.self) { try ScenarioProfiling.validate(size: 0, for: any) }
        // A size the scenario's own size rule refuses is an input error, not a crash.
        for scenario in ScenarioCatalog.all {
            guard let size = (2...30).first(where: { !scenario.sizeRule.allows($0) }) else { continue }
            do {
                try ScenarioProfiling.validate(size: size, for: scenario)
                Issue.record("\(scenario.name) at size \(size) accepted")
            } catch {
                #expect(error.code == .invalidSize)
                #expect(error.message.contains("'\(scenario.name)' cannot run at size \(size)"))
            }
        }
    }
}
