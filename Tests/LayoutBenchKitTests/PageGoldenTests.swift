import Foundation
import LayoutProfiler
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// Every kind of page rendered from fixed inputs and compared byte for byte with a golden
/// file: the run report (alone and against a baseline), the comparison page, the history
/// site's index, trends and compare pages, and the profile page.
///
/// The golden files are `Snapshots/pages/*.html`. They pin the markup, so that moving it
/// (into templates, between modules) cannot change a page by accident. To regenerate them
/// after an intended change to a page, run
/// `LAYOUTBENCH_UPDATE_SNAPSHOTS=1 swift test --filter PageGoldenTests`, review the diff
/// (`git diff Tests/LayoutBenchKitTests/Snapshots/pages`) and say in the commit why it changed.
/// `scripts/check-report Tests/LayoutBenchKitTests/Snapshots/pages/report.html` (and the
/// others) checks a golden page in the browser.
///
/// Object addresses (`<NSLayoutConstraint:0x600002000a20 ...>`, `[0x60000080]`) come from
/// process-wide serial counters, so they depend on what ran before in the test process: the
/// pages are compared with every `0x` and 6 or more hex digits written `0x…`.
@Suite("Page golden files")
struct PageGoldenTests {
    /// The history site's runs: two runs of `GateFixture.simple`, the second with more cell
    /// updates, and a third on another machine (a group of its own), read from fixed
    /// (relative) paths so that no temporary folder shows.
    static func historyRuns() throws -> [HistorySite.Run] {
        let first = try GateFixture.loaded(GateFixture.simple(), path: "runs/a/report.json")
        let second = try GateFixture.loaded(
            GateFixture.report(GateFixture.simple(cellUpdates: 120).specs, date: "2026-01-02T12:00:00Z"), path: "runs/b/report.json")
        var elsewhere = GateFixture.report(GateFixture.simple(cellUpdates: 150).specs, date: "2026-01-03T12:00:00Z")
        elsewhere.environment.machine.cpuModel = "Other CPU"
        let third = try GateFixture.loaded(elsewhere, path: "runs/c/report.json")
        return [HistorySite.Run(id: "a", loaded: first), HistorySite.Run(id: "b", loaded: second), HistorySite.Run(id: "c", loaded: third)]
    }

    /// `report` with load figures at every size (``TimeResult/withLoad(atStart:atEnd:logicalCores:)``):
    /// the load averages `start` and `end` on the report's logical cores, which ``BusyRule``
    /// calls busy above 2.
    static func withLoad(_ report: Report, start: Double, end: Double) -> Report {
        var report = report
        for scenario in report.scenarios.indices {
            for size in report.scenarios[scenario].sizes.indices {
                report.scenarios[scenario].sizes[size].time = report.scenarios[scenario].sizes[size].time.withLoad(
                    atStart: start, atEnd: end, logicalCores: report.environment.machine.logicalCores)
            }
        }
        return report
    }

    /// The pages, by golden file name. The report page and the comparison's head carry load
    /// figures of a busy machine, the comparison's base those of a quiet one.
    static func pages() throws -> [(name: String, html: String)] {
        let base = try GateFixture.loaded(withLoad(GateFixture.simple(), start: 0.42, end: 0.5), path: "base.json")
        let head = try GateFixture.loaded(withLoad(GateFixture.simple(cellUpdates: 130), start: 1.9, end: 2.61), path: "head.json")
        let comparison = ReportComparison.compare(base: base, head: head)
        let runs = try historyRuns()
        let collection = HistorySite.Collection(runs: runs, skipped: [GateError(.malformedJSON, "runs/broken/report.json:1:52: the text ends early")])
        let profile = ScenarioProfiling.profile(ScenarioCatalog.named("cells/stack-hide")!, size: 5)
        return [
            ("report.html", ReportPage(report: withLoad(HTMLTests.report(), start: 1.25, end: 2.5)).html()),
            ("report-baseline.html", ReportPage(report: head.report, comparison: comparison, baselineName: "ci-quick").html()),
            ("comparison.html", ComparisonPage.html(comparison)),
            ("history-index.html", HistorySite.indexPage(collection)),
            ("history-trends.html", HistorySite.trendsPage(runs)),
            ("history-compare.html", HistorySite.comparePage(runs)),
            ("profile.html", profile.report.html()),
        ].map { ($0.0, normalized($0.1)) }
    }

    static let folder = Fixture.snapshots.appendingPathComponent("pages")

    @Test("Every page renders exactly as its golden file")
    func golden() throws {
        let update = ProcessInfo.processInfo.environment["LAYOUTBENCH_UPDATE_SNAPSHOTS"] == "1"
        if update { try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true) }
        for page in try Self.pages() {
            let url = Self.folder.appendingPathComponent(page.name)
            if update { try page.html.write(to: url, atomically: true, encoding: .utf8) }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(
                page.html == golden,
                "\(page.name) changed (first difference at byte \(Self.firstDifference(page.html, golden))); see the suite's documentation to regenerate the golden files."
            )
        }
    }

    @Test("Rendering is deterministic: the same inputs give the same bytes")
    func deterministic() throws {
        let first = try Self.pages(), second = try Self.pages()
        for (a, b) in zip(first, second) { #expect(a.html == b.html, "\(a.name) differs between two renderings") }
    }

    @Test("Every embedded template parses, and Mustache escapes exactly as HTML.escape")
    func templates() {
        #expect(PageTemplates.parsed.errors.isEmpty, "templates that did not parse: \(PageTemplates.parsed.errors)")
        for source in PageTemplates.sources {
            #expect(PageTemplates.parsed.library.getTemplate(named: source.name) != nil, "\(source.name) is not registered")
        }
        #expect(!PageTemplates.style.isEmpty && !PageTemplates.tablesScript.isEmpty && !PageTemplates.historyCompareScript.isEmpty)
        let hostile = "<script>alert('x') & \"y\"</script> é ✓ {{z}}"
        #expect(
            PageTemplates.render("facts", ["facts": [["label": hostile, "value": hostile]]])
                == "<dl class=\"facts\"><dt>\(HTML.escape(hostile))</dt><dd>\(HTML.escape(hostile))</dd></dl>\n")
        #expect(PageTemplates.render("no-such-template", [:]).hasPrefix("<!-- layoutbench: the template 'no-such-template' is missing"))
    }

    /// `html` with object addresses written `0x…`.
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: "0x[0-9a-f]{6,}", with: "0x…", options: .regularExpression)
    }

    /// The UTF-8 offset of the first differing byte.
    static func firstDifference(_ a: String, _ b: String) -> Int {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        return zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
    }
}

extension Report {
    /// The report's scenarios as specifications for ``GateFixture/report(_:injectChurn:date:)``.
    fileprivate var specs: [GateFixture.ScenarioSpec] {
        scenarios.map { GateFixture.ScenarioSpec(name: $0.name, sizes: $0.sizes) }
    }
}
