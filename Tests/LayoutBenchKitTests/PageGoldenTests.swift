import Foundation
import LayoutProfiler
import LayoutScenarios
import Testing

@testable import LayoutBenchKit
@testable import LayoutBenchReport

/// Every kind of page rendered from fixed inputs and compared byte for byte with a golden
/// file: the run report (alone and against a baseline), the comparison page, the history
/// site's index, trends and compare pages, and the profile page.
///
/// The golden files are `Golden/pages/*.html`. They pin the markup, so that moving it
/// (into templates, between modules) cannot change a page by accident. The shared style sheets
/// and scripts that every page inlines (`page.css`, `tables.js`, ...) are stored once: in a
/// golden page each stands as one marker line, which the test checks stands for the exact text
/// of the template file, and so do the page skeleton's (`page.mustache`) runs of fixed lines;
/// `Golden/pages/assets.sha256` pins those files' bytes
/// (`sha256sum -c Tests/LayoutBenchKitTests/Golden/pages/assets.sha256` checks it too). To
/// regenerate the golden files after an intended change to a page or an asset, run
/// `LAYOUTBENCH_UPDATE_GOLDEN=1 swift test --filter PageGoldenTests`, review the diff
/// (`git diff Tests/LayoutBenchKitTests/Golden/pages`) and say in the commit why it changed.
/// `scripts/check-report` checks the pages of a real run in the browser.
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
    /// figures of a busy machine, the comparison's base those of a quiet one. The report page
    /// against its baseline holds the first scenario only (a second section would repeat it).
    static func pages() throws -> [(name: String, html: String)] {
        let base = try GateFixture.loaded(withLoad(GateFixture.simple(), start: 0.42, end: 0.5), path: "base.json")
        let head = try GateFixture.loaded(withLoad(GateFixture.simple(cellUpdates: 130), start: 1.9, end: 2.61), path: "head.json")
        let comparison = ReportComparison.compare(base: base, head: head)
        let first = try [base, head].map { report in
            try GateFixture.loaded(
                GateFixture.report([report.report.specs[0]], date: report.report.date), path: report.path)
        }
        let firstComparison = ReportComparison.compare(base: first[0], head: first[1])
        let runs = try historyRuns()
        let collection = HistorySite.Collection(runs: runs, skipped: [GateError(.malformedJSON, "runs/broken/report.json:1:52: the text ends early")])
        let profile = ScenarioProfiling.profile(ScenarioCatalog.named("cells/stack-remove")!, size: 5)
        return [
            ("report.html", ReportPage(report: withLoad(HTMLTests.report(), start: 1.25, end: 2.5)).html()),
            ("report-baseline.html", ReportPage(report: first[1].report, comparison: firstComparison, baselineName: "ci-quick").html()),
            ("comparison.html", ComparisonPage.html(comparison)),
            ("history-index.html", HistorySite.indexPage(collection)),
            ("history-trends.html", HistorySite.trendsPage(runs)),
            ("history-compare.html", HistorySite.comparePage(runs)),
            ("profile.html", profile.report.html()),
        ].map { ($0.0, normalized($0.1)) }
    }

    static let folder = Fixture.golden.appendingPathComponent("pages")

    /// Where the template files are, from the repository root.
    static let templateFolder = "Sources/LayoutBenchReport/HTML/Templates"

    /// The style sheets and scripts that pages inline whole: file name, bytes, the text a page
    /// inlines (the file without its final line break).
    static let assets: [(file: String, bytes: [UInt8], text: String)] = [
        ("page.css", PackageResources.page_css, PageTemplates.style), ("tables.js", PackageResources.tables_js, PageTemplates.tablesScript),
        ("profile.css", PackageResources.profile_css, PageTemplates.profileStyle),
        ("history-compare.js", PackageResources.history_compare_js, PageTemplates.historyCompareScript),
        ("history-index.js", PackageResources.history_index_js, PageTemplates.historyIndexScript),
    ]

    /// The template files whose text pages hold verbatim, pinned by their digests in
    /// `assets.sha256`: the skeleton and the assets.
    static let pinnedFiles: [(file: String, bytes: [UInt8])] =
        [("page.mustache", PackageResources.page_mustache)] + assets.map { ($0.file, $0.bytes) }

    /// A piece of a pinned template file that pages hold verbatim, and the marker line that
    /// stands for it in a golden page.
    struct SharedBlock {
        let text: String
        let marker: String
        /// The file's bytes where the block is a whole file (but for its final line break).
        var wholeFile: [UInt8]? = nil
    }

    /// The shared blocks: the style sheets and scripts pages inline whole (each file without
    /// its final line break; a marker that is a comment in CSS and JavaScript alike), and the
    /// skeleton's runs of two or more lines without a Mustache tag (with their line breaks).
    static let sharedBlocks: [SharedBlock] = {
        let inlined = assets.map { asset in
            SharedBlock(
                text: asset.text, marker: "/* layoutbench snapshot: the text of \(templateFolder)/\(asset.file), pinned in assets.sha256 */",
                wholeFile: asset.bytes)
        }
        let lines = String(decoding: PackageResources.page_mustache, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let afterComment = (lines.firstIndex { $0.contains("}}") } ?? -1) + 1
        var skeleton: [SharedBlock] = []
        var first: Int?
        for index in afterComment...lines.count {
            if index < lines.count && !lines[index].isEmpty && !lines[index].contains("{{") {
                first = first ?? index
            } else if let start = first {
                first = nil
                guard index - start >= 2 else { continue }
                skeleton.append(
                    SharedBlock(
                        text: lines[start..<index].joined(separator: "\n") + "\n",
                        marker:
                            "<!-- layoutbench snapshot: lines \(start + 1)-\(index) of \(templateFolder)/page.mustache, pinned in assets.sha256 -->\n"
                    ))
            }
        }
        return inlined + skeleton
    }()

    /// The pinned files' digests as `sha256sum` writes them.
    static func digests() -> String {
        pinnedFiles.map { "\(SHA256.hex($0.bytes))  \(templateFolder)/\($0.file)\n" }.joined()
    }

    static let update = ProcessInfo.processInfo.environment["LAYOUTBENCH_UPDATE_GOLDEN"] == "1"

    @Test("Every page renders exactly as its golden file, each shared block as its marker line")
    func golden() throws {
        if Self.update { try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true) }
        for page in try Self.pages() {
            let url = Self.folder.appendingPathComponent(page.name)
            let stored = Self.sharedBlocks.reduce(page.html) { html, block in
                html.replacingOccurrences(of: block.text, with: block.marker)
            }
            if Self.update { try stored.write(to: url, atomically: true, encoding: .utf8) }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(
                stored == golden,
                "\(page.name) changed (first difference at byte \(Self.firstDifference(stored, golden)) of the golden file); see the suite's documentation to regenerate the golden files."
            )
        }
    }

    @Test("The shared blocks the golden pages stand for come from the pinned files, byte for byte")
    func sharedBlocksPinned() throws {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let url = Self.folder.appendingPathComponent("assets.sha256")
        if Self.update { try Self.digests().write(to: url, atomically: true, encoding: .utf8) }
        let pinned = try String(contentsOf: url, encoding: .utf8)
        #expect(Self.digests() == pinned, "a pinned template file changed; see the suite's documentation to regenerate the golden files.")
        let pinnedText = Self.pinnedFiles.map { String(decoding: $0.bytes, as: UTF8.self) }
        for block in Self.sharedBlocks {
            #expect(pinnedText.contains { $0.contains(block.text) }, "\(block.marker) stands for text of a pinned file")
            if let file = block.wholeFile { #expect(Array(block.text.utf8) + [0x0A] == file, "\(block.marker) stands for the whole file") }
        }
        #expect(Self.sharedBlocks.count > 5, "the skeleton has runs of fixed lines: \(Self.sharedBlocks.map(\.marker))")
    }

    @Test("Rendering is deterministic: the same inputs give the same bytes")
    func deterministic() throws {
        let first = try Self.pages(), second = try Self.pages()
        for (a, b) in zip(first, second) { #expect(a.html == b.html, "\(a.name) differs between two renderings") }
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
