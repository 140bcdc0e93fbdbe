import Foundation
import Testing

@testable import LayoutBenchKit

/// The history site shows the verdicts of `layoutbench compare`: one rule, computed in Swift
/// (``HistoryComparisons``), embedded in `compare.html` as data that the page's script only
/// shows. Before, the page re-derived verdicts in JavaScript and knew neither `inconclusive`
/// nor instruction counts.
@Suite("History site verdicts", .serialized)
struct HistoryVerdictTests {
    /// Three runs of `demo/a` at size 10: a base; a head 30% slower in wall time on three
    /// samples each (too few for p < 0.01: `inconclusive`); a head whose only change is 10%
    /// more instructions (beyond the 3% tolerance: a regression).
    static func runs() -> [Report] {
        func run(wall: [UInt64], instructions: UInt64, day: Int) -> Report {
            var size = GateFixture.size(10, wall: wall)
            size.instructions = instructions
            var report = GateFixture.report([.init(name: "demo/a", sizes: [size])], date: "2026-01-0\(day)T12:00:00Z")
            report.options.instructions = true
            return report
        }
        return [
            run(wall: [100_000, 101_000, 102_000], instructions: 1_000_000, day: 1),
            run(wall: [130_000, 131_000, 132_000], instructions: 1_000_000, day: 2),
            run(wall: [100_000, 101_000, 102_000], instructions: 1_100_000, day: 3),
        ]
    }

    /// The rows of one pair in `compare.html`'s `LAYOUTBENCH_HISTORY`, as (scenario size metric) -> verdict.
    static func pageVerdicts(_ page: String, base: String, head: String) throws -> [String: String] {
        let marker = "var LAYOUTBENCH_HISTORY = "
        let start = try #require(page.range(of: marker), "compare.html holds no LAYOUTBENCH_HISTORY").upperBound
        let end = try #require(page.range(of: ";\n", range: start..<page.endIndex)).lowerBound
        let data = try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
        let strings = try #require(data["strings"] as? [String])
        let pairs = try #require(data["pairs"] as? [String: [String: Any]])
        let pair = try #require(pairs["\(base) \(head)"], "no comparison of \(base) with \(head) on the page")
        let rows = try #require(pair["rows"] as? [[Any]])
        var verdicts: [String: String] = [:]
        for row in rows {
            let text = { (index: Int) in strings[(row[index] as? Int) ?? 0] }
            verdicts["\(text(0)) \((row[1] as? Int) ?? -1) \(text(3))"] = text(10)
        }
        return verdicts
    }

    /// `compare`'s verdicts on the rows a page shows.
    static func compareVerdicts(_ comparison: ReportComparison) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: HistoryComparisons.shownRows(comparison).map { ("\($0.scenario) \($0.size) \($0.metric)", $0.verdict.rawValue) })
    }

    @Test("An inconclusive time and an instructions-only regression show the same verdicts as ReportComparison")
    func inProcess() throws {
        let reports = Self.runs()
        let runs = try reports.enumerated().map {
            HistorySite.Run(id: "r\($0.offset + 1)", loaded: try GateFixture.loaded($0.element, path: "r\($0.offset + 1).json"))
        }
        let page = HistorySite.comparePage(runs)

        let slower = ReportComparison.compare(base: runs[0].loaded, head: runs[1].loaded)
        #expect(slower.rows.first { $0.metric == "wallNanoseconds" }?.verdict == .inconclusive)
        let slowerOnPage = try Self.pageVerdicts(page, base: "r1", head: "r2")
        #expect(slowerOnPage["demo/a 10 wallNanoseconds"] == "inconclusive")
        #expect(slowerOnPage == Self.compareVerdicts(slower))

        let moreWork = ReportComparison.compare(base: runs[0].loaded, head: runs[2].loaded)
        #expect(moreWork.rows.first { $0.metric == "instructions" }?.verdict == .regression)
        let moreWorkOnPage = try Self.pageVerdicts(page, base: "r1", head: "r3")
        #expect(moreWorkOnPage["demo/a 10 instructions"] == "regression")
        #expect(moreWorkOnPage["demo/a 10 wallNanoseconds"] == nil)  // the same samples: unchanged, counted, not listed
        #expect(moreWorkOnPage == Self.compareVerdicts(moreWork))
        // The summary is compare's count line, and a regression marks it failed.
        #expect(page.contains(moreWork.countsText.replacingOccurrences(of: "<", with: "\\u003c")))
        #expect(!page.contains("function mannWhitney") && !page.contains("erfc"))
    }

    @Test("Through the binary: `layoutbench report` shows what `layoutbench compare --format json` gives")
    func endToEnd() throws {
        let folder = try Fixture.temporaryFolder("history-verdicts")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, report) in Self.runs().enumerated() {
            paths.append(try GateFixture.write(report.jsonText(), "runs/r\(index + 1)/report.json", in: folder))
        }
        let site = folder.appendingPathComponent("site").path
        let built = try EndToEndTests.execute(["report", folder.appendingPathComponent("runs").path, "--output", site])
        #expect(built.status == 0, "stderr: \(built.errors)")
        let page = try String(contentsOfFile: site + "/compare.html", encoding: .utf8)
        for head in [2, 3] {
            let compared = try EndToEndTests.execute(["compare", paths[0], paths[head - 1], "--format", "json"])
            #expect(compared.status == 0, "stderr: \(compared.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(compared.output.utf8)) as? [String: Any])
            let rows = try #require(document["rows"] as? [[String: Any]])
            var expected: [String: String] = [:]
            for row in rows {
                let (base, headValue) = ((row["base"] as? Double) ?? 0, (row["head"] as? Double) ?? 0)
                guard row["verdict"] as? String != "unchanged" || base != headValue else { continue }
                expected["\(row["scenario"] as? String ?? "") \(row["size"] as? Int ?? -1) \(row["metric"] as? String ?? "")"] =
                    row["verdict"] as? String
            }
            #expect(!expected.isEmpty)
            #expect(try Self.pageVerdicts(page, base: "r1", head: "r\(head)") == expected)
        }
        #expect(try Self.pageVerdicts(page, base: "r1", head: "r2")["demo/a 10 wallNanoseconds"] == "inconclusive")
        #expect(try Self.pageVerdicts(page, base: "r1", head: "r3")["demo/a 10 instructions"] == "regression")
    }
}
