import Foundation
import Testing

@testable import LayoutBenchKit

/// The history site groups runs by machine, as asv does: the index shows one group of runs
/// per kind of machine, a trend line holds one machine's runs, and the comparisons (the
/// precomputed pairs of `compare.html` and the `compare/<id>.html` pages) stay within one
/// machine; the page says so when the chosen runs come from two machines.
@Suite("History site machine groups")
struct HistoryMachineTests {
    /// Four runs, alternating between two machines: `a1` (Test CPU), `b1` (Other CPU), `a2`
    /// (Test CPU, more cell updates), `b2` (Other CPU, more again).
    static func runs() throws -> [HistorySite.Run] {
        func run(_ id: String, cpu: String, cellUpdates: Int, day: Int) throws -> HistorySite.Run {
            var report = GateFixture.report(
                [.init(name: "demo/a", sizes: [GateFixture.size(10, wall: [100_000, 101_000, 102_000], cellUpdates: cellUpdates)])],
                date: "2026-01-0\(day)T12:00:00Z")
            report.environment.machine.cpuModel = cpu
            return HistorySite.Run(id: id, loaded: try GateFixture.loaded(report, path: "runs/\(id)/report.json"))
        }
        return [
            try run("a1", cpu: "Test CPU", cellUpdates: 100, day: 1), try run("b1", cpu: "Other CPU", cellUpdates: 150, day: 2),
            try run("a2", cpu: "Test CPU", cellUpdates: 120, day: 3), try run("b2", cpu: "Other CPU", cellUpdates: 200, day: 4),
        ]
    }

    /// The `<title>`s (tooltips) of an SVG's points.
    static func pointTitles(_ svg: String) -> [String] {
        svg.components(separatedBy: "<title>").dropFirst().compactMap { $0.components(separatedBy: "</title>").first }
    }

    @Test("Two machines' reports in one history make two groups, in the order of their oldest runs")
    func groups() throws {
        let runs = try Self.runs()
        let groups = HistorySite.machineGroups(runs)
        #expect(groups.map(\.runs) == [[0, 2], [1, 3]])
        #expect(groups.map(\.number) == [1, 2])
        #expect(groups[0].label.hasPrefix("Machine 1: x86_64, Test CPU, 2 cores"))
        #expect(groups[1].label.hasPrefix("Machine 2: x86_64, Other CPU, 2 cores"))
        #expect(HistorySite.previousOnSameMachine(groups, count: 4) == [nil, nil, 0, 1])
        // The forms start on the latest run against the run before it on its machine.
        let pair = try #require(HistorySite.defaultPair(groups, count: 4))
        #expect(pair == (base: 1, head: 3))
        // A run under callgrind is a group of its own, even on the same machine.
        var instructions = runs[0].loaded.report
        instructions.options.instructions = true
        let withCallgrind = runs + [HistorySite.Run(id: "i", loaded: try GateFixture.loaded(instructions, path: "runs/i/report.json"))]
        let split = HistorySite.machineGroups(withCallgrind)
        #expect(split.map(\.runs) == [[0, 2], [1, 3], [4]])
        #expect(split[2].label.hasSuffix(", instructions under callgrind"))
    }

    @Test("The index shows one group of runs per machine; 'vs #N' links the run before on the same machine")
    func index() throws {
        let runs = try Self.runs()
        let page = HistorySite.indexPage(HistorySite.Collection(runs: runs, skipped: []))
        #expect(page.components(separatedBy: "<tbody class=\"group\">").count - 1 == 2)
        #expect(page.contains("id=\"machine-1\">Machine 1: x86_64, Test CPU, 2 cores"))
        #expect(page.contains("id=\"machine-2\">Machine 2: x86_64, Other CPU, 2 cores"))
        #expect(page.contains("These runs come from 2 kinds of machine."))
        // Run 3 (a2) is compared with run 1 (a1), run 4 (b2) with run 2 (b1); run 2 has no run before on its machine.
        #expect(page.contains("<a href=\"compare/a2.html\">vs #1</a>") && page.contains("<a href=\"compare/b2.html\">vs #2</a>"))
        #expect(!page.contains("compare/b1.html"))
        // Machine 1's rows come before machine 2's heading: runs 1 and 3, then 2 and 4.
        let order = ["runs/a1/report.html", "runs/a2/report.html", "id=\"machine-2\"", "runs/b1/report.html", "runs/b2/report.html"]
        let positions = try order.map { try #require(page.range(of: $0), "\($0) is missing").lowerBound }
        #expect(positions == positions.sorted())
        // The form starts on b2 against b1, the runs grouped by machine.
        #expect(page.contains("<optgroup label=\"Machine 2: x86_64, Other CPU"))
        #expect(page.contains("<option value=\"b1\" selected>#2 ") && page.contains("<option value=\"b2\" selected>#4 "))
    }

    @Test("A trend series never mixes machines: each machine's charts hold only its own runs")
    func trends() throws {
        let runs = try Self.runs()
        let page = HistorySite.trendsPage(runs)
        #expect(page.contains("<section class=\"machine\" id=\"machine-1\">") && page.contains("<section class=\"machine\" id=\"machine-2\">"))
        let first = try #require(page.range(of: "id=\"trend-machine-1-demo-a\"")).lowerBound
        let second = try #require(page.range(of: "id=\"trend-machine-2-demo-a\"")).lowerBound
        let machineOne = Self.pointTitles(String(page[first..<second]))
        let machineTwo = Self.pointTitles(String(page[second...]))
        // Wall time and cell updates, one point per run at size 10.
        #expect(machineOne.filter { $0.hasPrefix("#") }.count == 4 && machineTwo.filter { $0.hasPrefix("#") }.count == 4)
        #expect(machineOne.allSatisfy { !$0.hasPrefix("#2 ") && !$0.hasPrefix("#4 ") }, "\(machineOne)")
        #expect(machineTwo.allSatisfy { !$0.hasPrefix("#1 ") && !$0.hasPrefix("#3 ") }, "\(machineTwo)")
        #expect(machineOne.contains { $0.hasPrefix("#3 ") && $0.hasSuffix("size 10: 120") }, "\(machineOne)")
        #expect(machineTwo.contains { $0.hasPrefix("#4 ") && $0.hasSuffix("size 10: 200") }, "\(machineTwo)")
    }

    @Test("Comparisons stay within one machine; the page knows each run's machine to say when two differ")
    func comparisons() throws {
        let runs = try Self.runs()
        let groups = HistorySite.machineGroups(runs)
        #expect(HistoryComparisons.pairs(groups: groups).map { [$0.base, $0.head] } == [[0, 2], [1, 3]])
        let page = HistorySite.comparePage(runs)
        let marker = "var LAYOUTBENCH_HISTORY = "
        let start = try #require(page.range(of: marker)).upperBound
        let end = try #require(page.range(of: ";\n", range: start..<page.endIndex)).lowerBound
        let data = try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
        let pairs = try #require(data["pairs"] as? [String: Any])
        #expect(Set(pairs.keys) == ["a1 a2", "b1 b2"])
        let machines = try #require(data["machines"] as? [String])
        #expect(machines.count == 2 && machines[1].hasPrefix("Machine 2: x86_64, Other CPU"))
        let described = try #require(data["runs"] as? [[String: Any]])
        #expect(described.map { $0["machine"] as? Int } == [0, 1, 0, 1])
        #expect(described.map { $0["number"] as? Int } == [1, 2, 3, 4])
        #expect((data["initial"] as? [String: String]) == ["base": "b1", "head": "b2"])
        #expect(page.contains("come from different machines"))
        #expect(page.contains("<a href=\"compare/a2.html\">#3 ") && page.contains(" against #1</a>"))
        #expect(!page.contains("compare/b1.html"))
    }

    @Test("The built site has a comparison page per run with a run before it on its machine")
    func built() throws {
        let folder = try Fixture.temporaryFolder("history-machines")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site").path
        let written = try HistorySite.build(HistorySite.Collection(runs: try Self.runs(), skipped: []), into: output)
        let pages = written.map { String($0.dropFirst(output.count + 1)) }.filter { $0.hasPrefix("compare/") }
        #expect(pages == ["compare/a2.html", "compare/b2.html"])
        let page = try String(contentsOfFile: output + "/compare/b2.html", encoding: .utf8)
        #expect(page.contains("Run #4 against run #2, on the same machine"))
        #expect(!page.contains("The runs come from different machines"))
    }
}
