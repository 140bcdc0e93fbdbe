import Foundation
import LayoutScenarios
import Testing

@testable import LayoutBenchKit
@testable import LayoutBenchReport

/// The HTML views as text: sections, charts, tables, script, escaping, no external assets.
/// (scripts/check-report renders them in headless Chromium.)
@Suite("HTML views")
struct HTMLTests {
    /// A report with a pair, a failure, a warning and a hostile scenario summary.
    static func report() -> Report {
        var report = ReportEncodingTests.fixedReport()
        report.warnings = ["A <warning> & more."]
        report.scenarios[0].summary = "Activates <b>N</b> constraints & \"quotes\" </script>"
        return report
    }

    /// Things a self-contained page never holds.
    func expectSelfContained(_ html: String) {
        for external in ["src=\"http", "href=\"http", "url(http", "@import", "<link ", "src=\"//"] {
            #expect(!html.contains(external), "external reference \(external)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("data-enhanced"))
    }

    @Test("The report page has every section, charts with fits, sortable tables and the environment")
    func reportPage() throws {
        let html = ReportPage(report: Self.report()).html()
        expectSelfContained(html)
        for id in [
            "summary", "failures", "pairs", "scenarios", "environment", "scenario-demo-individual", "scenario-demo-batch", "pair-demo-individual",
        ] {
            #expect(html.contains("id=\"\(id)\""), "missing #\(id)")
        }
        #expect(!html.contains("id=\"baseline\""))
        #expect(html.contains("<svg class=\"chart\""))
        #expect(html.contains("class=\"curve s0\""))  // a fitted curve
        #expect(html.contains("class=\"whisker s0\""))  // p10-p90 whiskers
        #expect(html.contains("fit O("))
        #expect(html.contains("log-log exponent"))
        #expect(html.contains("<table id=\"measurements-demo-individual\" class=\"sortable\">"))
        #expect(html.contains("data-filter-sections=\"scenario-list\""))
        #expect(html.contains("Largest anti-pattern / fix ratios"))
        #expect(html.contains("solves was 2, expected == 1 (size 4)"))
        #expect(html.contains("Test CPU") && html.contains("Swift version 6.3.1"))
        // Escaped, never raw.
        #expect(html.contains("Activates &lt;b&gt;N&lt;/b&gt; constraints &amp; &quot;quotes&quot; &lt;/script&gt;"))
        #expect(html.contains("A &lt;warning&gt; &amp; more."))
        #expect(html.components(separatedBy: "</script>").count == 2)  // only the page's own script closes
        // Readable without script: the filter controls are hidden until the script runs.
        #expect(html.contains("<div class=\"controls\" data-js-only hidden>"))
        #expect(html.contains("id=\"growth\"") && html.contains("<table id=\"growth-table\""))
        #expect(!html.contains("The seeds' scaling claims"))  // no hierarchies family in this report
    }

    @Test("The growth section states whether the seeds' scaling claims hold, from the hierarchies fits")
    func seedClaims() {
        var report = Self.report()
        func entry(_ name: String, cells: Double, wall: Double, model: String) -> FamilySummary.Entry {
            FamilySummary.Entry(
                name: name, role: nil,
                growth: [
                    "wallNanoseconds": FamilySummary.Brief(model: "O(n)", logLogExponent: wall),
                    "cellUpdates": FamilySummary.Brief(model: model, logLogExponent: cells),
                ])
        }
        // Fitted over four sizes: enough for the labels to name a model.
        for name in ["hierarchies/cross-linked", "hierarchies/independent"] {
            var scenario = report.scenarios[0]
            scenario.name = name
            scenario.growth.sizes = [100, 200, 400, 800]
            report.scenarios.append(scenario)
        }
        report.families.append(
            FamilySummary(
                name: "hierarchies",
                scenarios: [
                    entry("hierarchies/cross-linked", cells: 1.63, wall: 1.27, model: "O(n^2)"),
                    entry("hierarchies/independent", cells: 1.0, wall: 1.05, model: "O(n)"),
                ]))
        let html = ReportPage(report: report).html()
        #expect(html.contains("The seeds' scaling claims"))
        #expect(html.contains("<b>Independent hierarchies cost linearly:</b> holds here."))
        #expect(html.contains("cell updates O(n) · 1.00, wall time O(n) · 1.05"))
        #expect(html.contains("<b>Cross-linked constraints cost O(n²) to O(n³):</b> holds here."))
        #expect(html.contains("cell updates O(n^2) · 1.63"))
        // The run summary lines the family's scenarios up under the longest name.
        let summary = RunSummary.text(report, written: [])
        #expect(summary.contains("\n    hierarchies/cross-linked  wall time O(n) (1.27), cellUpdates O(n^2) (1.63)\n"))
        #expect(summary.contains("\n    hierarchies/independent   wall time O(n) (1.05), cellUpdates O(n) (1.00)\n"))

        report.families[report.families.count - 1].scenarios = [
            entry("hierarchies/cross-linked", cells: 1.3, wall: 1.1, model: "O(n log n)"),
            entry("hierarchies/independent", cells: 1.4, wall: 1.3, model: "O(n log n)"),
        ]
        let other = ReportPage(report: report).html()
        #expect(other.contains("<b>Cross-linked constraints cost O(n²) to O(n³):</b> holds in part (superlinear, below quadratic) here."))
        #expect(other.contains("<b>Independent hierarchies cost linearly:</b> does not hold here."))

        // Three sizes (a quick run): the labels say so rather than name a model.
        for index in report.scenarios.indices where report.scenarios[index].name.hasPrefix("hierarchies/") {
            report.scenarios[index].growth.sizes = [5, 10, 20]
        }
        #expect(ReportPage(report: report).html().contains("cell updates too few sizes · 1.30"))
        #expect(RunSummary.text(report, written: []).contains("cellUpdates too few sizes (1.30)"))
    }

    @Test("With a baseline the report shows the regressions; injected churn is announced")
    func reportWithBaseline() throws {
        let base = try GateFixture.loaded(GateFixture.simple(), path: "base.json")
        let headReport = GateFixture.report(
            [.init(name: "demo/a", sizes: [GateFixture.size(10, wall: (0..<10).map { 100_000 + $0 * 1_000 }, cellUpdates: 150)])], injectChurn: 2)
        let comparison = ReportComparison.compare(base: base, head: try GateFixture.loaded(headReport))
        let html = ReportPage(report: headReport, comparison: comparison, baselineName: "ci-quick").html()
        #expect(html.contains("id=\"baseline\""))
        #expect(html.contains("Against the baseline 'ci-quick'"))
        #expect(html.contains("<tr class=\"regression\" data-verdict=\"regression\">"))
        #expect(html.contains("Injected churn:"))
        #expect(html.contains("--inject-churn 2"))
    }

    @Test("The comparison page has its sections, verdict filter and every non-zero metric")
    func comparisonPage() throws {
        let comparison = try GateFixture.simpleComparison(cellUpdates: 130).comparison
        let html = ComparisonPage.html(comparison)
        expectSelfContained(html)
        for id in ["summary", "changes", "time", "metrics", "metrics-table", "changes-table"] {
            #expect(html.contains("id=\"\(id)\""), "missing #\(id)")
        }
        #expect(html.contains("data-filter-attr=\"data-verdict\""))
        #expect(html.contains("class=\"chart bars\""))
        let zeroRows = comparison.rows.filter { $0.base == 0 && $0.head == 0 }.count
        #expect(html.contains("\(zeroRows) counters that are 0 in both runs are left out."))
    }

    @Test("The history site: index, trends, any-two comparison, every run's report and each against the one before")
    func historySite() throws {
        let folder = try Fixture.temporaryFolder("history")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GateFixture.write(GateFixture.simple().jsonText(), "runs/a/report.json", in: folder)
        try GateFixture.write(
            GateFixture.simple(cellUpdates: 120).jsonText().replacingOccurrences(of: "2026-01-01T12:00:00Z", with: "2026-01-02T12:00:00Z"),
            "runs/nested/b/report.json", in: folder)
        try GateFixture.write("{\"schema\": \"something.else\"}", "runs/other.json", in: folder)
        try GateFixture.write("{\"schema\": \"layoutbench.report\", \"schemaVersion\": 1", "runs/broken/report.json", in: folder)
        let collection = try HistorySite.collect(from: folder.appendingPathComponent("runs").path)
        #expect(collection.runs.map(\.id) == ["a", "nested-b"])
        #expect(collection.skipped.count == 1)
        #expect(collection.skipped.first?.code == .malformedJSON)
        let output = folder.appendingPathComponent("site").path
        let written = try HistorySite.build(collection, into: output)
        #expect(
            written.map { String($0.dropFirst(output.count + 1)) } == [
                "index.html", "trends.html", "compare.html", "runs/a/report.html", "runs/nested-b/report.html", "compare/nested-b.html",
            ])
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        expectSelfContained(index)
        for id in ["runs", "compare", "trends", "runs-table", "compare-form"] { #expect(index.contains("id=\"\(id)\""), "missing #\(id)") }
        #expect(index.contains("href=\"runs/nested-b/report.html\"") && index.contains("href=\"compare/nested-b.html\""))
        #expect(index.contains("2026-01-02T12:00:00Z") && index.contains("cdcdcdc"))
        let trends = try String(contentsOfFile: output + "/trends.html", encoding: .utf8)
        #expect(trends.contains("id=\"trend-machine-1-demo-a\"") && trends.contains("<svg class=\"chart\""))
        let compare = try String(contentsOfFile: output + "/compare.html", encoding: .utf8)
        #expect(compare.contains("var LAYOUTBENCH_HISTORY = {\"strings\":["))
        #expect(compare.contains("id=\"any-table\""))
        let previous = try String(contentsOfFile: output + "/compare/nested-b.html", encoding: .utf8)
        #expect(previous.contains("cellUpdates"))
    }
}
