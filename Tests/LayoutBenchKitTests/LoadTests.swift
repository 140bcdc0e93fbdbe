import Foundation
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// The load figures of each measurement and the busy rule, with injected load readings and
/// fixed samples: no assertion on a real time or a real load.
@Suite("Load")
struct LoadTests {
    /// Times with every wall sample `wall` and every CPU sample `cpu`.
    static func time(wall: UInt64, cpu: UInt64) -> TimeResult {
        TimeResult(
            wallNanoseconds: ScenarioRunner.summary(Array(repeating: wall, count: 5)),
            cpuNanoseconds: ScenarioRunner.summary(Array(repeating: cpu, count: 5)))
    }

    @Test("/proc/loadavg's first field is the 1-minute load average; anything else reads as none")
    func parse() {
        #expect(LoadSource.parse("0.52 0.58 0.59 1/467 12345\n") == 0.52)
        #expect(LoadSource.parse("3.75 2.10 1.00 4/900 77") == 3.75)
        #expect(LoadSource.parse(nil) == nil)
        #expect(LoadSource.parse("") == nil)
        #expect(LoadSource.parse("busy 1 2") == nil)
        #expect(LoadSource.parse("-1 0 0") == nil)
        #expect(LoadSource.unavailable.oneMinuteAverage() == nil)
    }

    @Test("Busy when wall/CPU is over 1.25 or a load average is over the logical cores, and not at either bound")
    func busyRule() {
        #expect(!BusyRule.isBusy(wallToCPURatio: 1.25, loadAverages: [2.0, 2.0], logicalCores: 2))
        #expect(BusyRule.isBusy(wallToCPURatio: 1.26, loadAverages: [0.1], logicalCores: 2))
        #expect(BusyRule.isBusy(wallToCPURatio: 1.0, loadAverages: [0.5, 2.01], logicalCores: 2))
        #expect(!BusyRule.isBusy(wallToCPURatio: nil, loadAverages: [], logicalCores: 2))
        #expect(!BusyRule.isBusy(wallToCPURatio: 1.1, loadAverages: [7.9], logicalCores: 8))

        let calm = Self.time(wall: 110, cpu: 100).withLoad(atStart: 0.4, atEnd: 1.5, logicalCores: 2)
        #expect(calm.loadAverageAtStart == 0.4 && calm.loadAverageAtEnd == 1.5)
        #expect(calm.wallToCPURatio == 1.1)
        #expect(calm.busy == false)
        let waited = Self.time(wall: 300, cpu: 100).withLoad(atStart: nil, atEnd: nil, logicalCores: 2)
        #expect(waited.wallToCPURatio == 3 && waited.busy == true)
        let loaded = Self.time(wall: 100, cpu: 100).withLoad(atStart: 1.0, atEnd: 4.2, logicalCores: 2)
        #expect(loaded.busy == true)
        let untimed = Self.time(wall: 0, cpu: 0).withLoad(atStart: nil, atEnd: nil, logicalCores: 2)
        #expect(untimed.wallToCPURatio == nil && untimed.busy == false)
    }

    @Test("The runner reads the injected load at the start and the end of each measurement")
    func runnerRecordsLoad() throws {
        let readings = Readings([0.5, 3.0, 0.25, 0.75, 1.0, 1.5])
        let runner = ScenarioRunner(configuration: RunnerTests.configuration(), allocationCounter: nil)
        runner.loadSource = LoadSource { readings.next() }
        runner.logicalCores = 2
        let outcome = try runner.run([Fixture.scenario(name: "test/load", sizes: [2, 4, 8])])
        let sizes = try #require(outcome.scenarios.first?.sizes)
        #expect(sizes.map(\.time.loadAverageAtStart) == [0.5, 0.25, 1.0])
        #expect(sizes.map(\.time.loadAverageAtEnd) == [3.0, 0.75, 1.5])
        // Over two cores at the end of the first: busy whatever its times were.
        #expect(sizes[0].time.busy == true)
        for size in sizes {
            #expect(size.time.wallToCPURatio == size.time.wallNanoseconds.median / size.time.cpuNanoseconds.median)
        }
    }

    @Test("Reports without load figures decode with none and say nothing about load")
    func oldReports() throws {
        let report = GateFixture.simple()
        let text = try report.jsonText()
        #expect(!text.contains("loadAverageAtStart") && !text.contains("\"busy\""))
        let decoded = try ReportReader.decode(Array(text.utf8), path: "old.json").report
        #expect(decoded.scenarios[0].sizes[0].time.busy == nil)
        #expect(BusyRule.summary(decoded) == nil)
        #expect(BusyRule.warning(decoded) == nil)
        #expect(!RunSummary.text(decoded, written: []).contains("Busy machine"))
    }

    @Test("Optional fields need no new schema version: a version 1 reader skips members it does not know")
    func unknownMembers() throws {
        // A report as a later layoutbench might write it: load figures, plus a member this one does not know.
        var report = GateFixture.simple()
        report.scenarios[0].sizes[0].time = report.scenarios[0].sizes[0].time.withLoad(atStart: 1.25, atEnd: 2.5, logicalCores: 2)
        let text = try report.jsonText().replacingOccurrences(of: "\"busy\": true", with: "\"busy\": true,\n\"laterField\": [1, 2]")
        #expect(text.contains("\"laterField\": [1, 2]") && text.contains("\"schemaVersion\": 1"))
        let decoded = try ReportReader.decode(Array(text.utf8), path: "later.json").report
        #expect(decoded.scenarios[0].sizes[0].time.busy == true && decoded.scenarios[0].sizes[0].time.loadAverageAtEnd == 2.5)
        #expect(decoded.scenarios[0].sizes[1].time.busy == nil)
    }

    @Test("Load figures round-trip through the report JSON")
    func roundTrip() throws {
        var report = GateFixture.simple()
        report.scenarios[0].sizes[0].time = report.scenarios[0].sizes[0].time.withLoad(atStart: 1.25, atEnd: 2.5, logicalCores: 2)
        let text = try report.jsonText()
        #expect(text.contains("\"loadAverageAtStart\": 1.25") && text.contains("\"loadAverageAtEnd\": 2.5"))
        let decoded = try ReportReader.decode(Array(text.utf8), path: "new.json").report
        let time = decoded.scenarios[0].sizes[0].time
        #expect(time.loadAverageAtStart == 1.25 && time.loadAverageAtEnd == 2.5 && time.busy == true)
        #expect(time.wallToCPURatio == 1.0)
    }

    @Test("The run summary and the check's Markdown count the busy measurements and name the worst")
    func warnings() throws {
        var report = GateFixture.simple()
        report.scenarios[0].sizes[0].time = Self.time(wall: 130, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.5, logicalCores: 2)
        report.scenarios[0].sizes[1].time = Self.time(wall: 105, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.5, logicalCores: 2)
        report.scenarios[1].sizes[0].time = Self.time(wall: 410, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.5, logicalCores: 2)
        report.scenarios[1].sizes[1].time = Self.time(wall: 100, cpu: 100).withLoad(atStart: 3, atEnd: 1, logicalCores: 2)
        let summary = try #require(BusyRule.summary(report))
        #expect(summary.measured == 4 && summary.busy == 3)
        #expect(summary.worst?.scenario == "demo/b" && summary.worst?.size == 10 && summary.worst?.ratio == 4.1)
        #expect(summary.highestLoadAverage == 3)

        let text = RunSummary.text(report, written: [])
        #expect(
            text.contains(
                "warning: Busy machine: 3 of 4 measurements had wall time over 1.25× CPU time or a load average over the 2 logical cores "
                    + "(largest wall/CPU 4.10×: demo/b at size 10; load average up to 3.00). Wall-time figures and verdicts from this run "
                    + "are weak evidence"))
        #expect(text.contains("instruction counts and counters are not affected"))

        let loaded = try GateFixture.loaded(report)
        let comparison = ReportComparison.compare(base: try GateFixture.loaded(GateFixture.simple(), path: "base.json"), head: loaded)
        let markdown = GateCheck.markdown(comparison, status: .success, head: loaded.report, baselineName: "main")
        #expect(markdown.contains("> ⚠️ Head: Busy machine: 3 of 4 measurements"))
        #expect(markdown.contains("(largest wall/CPU 4.10×: demo/b at size 10; load average up to 3.00)"))
        #expect(markdown.components(separatedBy: "Busy machine").count == 2, "once: \(markdown)")
        // Every format of compare carries it, not only the page and check.md.
        #expect(ComparisonOutput.text(comparison).contains("warning: Head: Busy machine: 3 of 4 measurements"))
        let json = try ComparisonOutput.json(comparison)
        #expect(json.contains("\"Head: Busy machine: 3 of 4 measurements"))
        #expect(!ComparisonOutput.markdown(comparison, title: "t").contains("Base: Busy machine"))

        // Nothing busy: no warning.
        for s in report.scenarios.indices {
            for z in report.scenarios[s].sizes.indices {
                report.scenarios[s].sizes[z].time = Self.time(wall: 100, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.5, logicalCores: 2)
            }
        }
        #expect(BusyRule.summary(report)?.busy == 0 && BusyRule.summary(report)?.worst?.ratio == 1)
        #expect(BusyRule.warning(report) == nil)
        #expect(!RunSummary.text(report, written: []).contains("Busy machine"))
    }

    @Test("The report page and the comparison page show each measurement's load figures and the summary's busy warning")
    func pages() throws {
        var head = GateFixture.simple()
        head.scenarios[0].sizes[0].time = Self.time(wall: 130, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.75, logicalCores: 2)
        head.scenarios[0].sizes[1].time = Self.time(wall: 105, cpu: 100).withLoad(atStart: 0.5, atEnd: nil, logicalCores: 2)
        head.scenarios[1].sizes[0].time = Self.time(wall: 410, cpu: 100).withLoad(atStart: 0.5, atEnd: 0.5, logicalCores: 2)
        head.scenarios[1].sizes[1].time = Self.time(wall: 100, cpu: 100).withLoad(atStart: 3, atEnd: 1, logicalCores: 2)
        let warning = try #require(BusyRule.warning(head))
        // The text summary's line, the report page's notice: one sentence from BusyRule.
        #expect(RunSummary.text(head, written: []).contains("warning: " + warning))
        let page = ReportPage(report: head).html()
        #expect(page.contains("<p class=\"notice\">⚠️ " + HTML.escape(warning)))
        #expect(page.contains(">Wall/CPU</th>") && page.contains(">Load average</th>"))
        #expect(
            page.contains(
                "<td class=\"n\" data-v=\"1.3\">1.30× <span class=\"badge warn\">busy</span></td><td class=\"n\" data-v=\"0.75\">0.50 → 0.75</td>"))
        #expect(page.contains("<td class=\"n\" data-v=\"1.05\">1.05×</td><td class=\"n\" data-v=\"0.5\">0.50 at the start</td>"))
        #expect(
            page.contains(
                "<td class=\"n\" data-v=\"1.0\">1.00× <span class=\"badge warn\">busy</span></td><td class=\"n\" data-v=\"3.0\">3.00 → 1.00</td>"))

        // The comparison page: the head's warning, and both runs' figures per measurement (the base has none).
        let comparison = ReportComparison.compare(
            base: try GateFixture.loaded(GateFixture.simple(), path: "base.json"), head: try GateFixture.loaded(head))
        #expect(comparison.load.headWarning == warning && comparison.load.baseWarning == nil)
        #expect(comparison.load.measurements.map { "\($0.scenario)@\($0.size)" } == ["demo/a@10", "demo/a@20", "demo/b@10", "demo/b@20"])
        let compared = ComparisonPage.html(comparison)
        #expect(compared.contains("<p class=\"notice\">⚠️ <b>Head:</b> " + HTML.escape(warning) + "</p>"))
        #expect(compared.contains("Load average and wall/CPU per measurement (busy: 0 in the base, 3 in the head)"))
        #expect(compared.contains("<tr><td>demo/b</td><td class=\"n\" data-v=\"10.0\">10</td><td class=\"n\">–</td><td class=\"n\">–</td>"))
        #expect(compared.contains("4.10× <span class=\"badge warn\">busy</span>"))
        // The history site's summary of the pair says it too.
        #expect(HistoryComparisons.summary(comparison, baseNumber: 1, headNumber: 2).text.hasSuffix(" Head: " + warning))

        // Without load figures (older reports, instruction runs): no columns, no table, no notice.
        let quiet = ReportPage(report: GateFixture.simple()).html()
        #expect(!quiet.contains(">Wall/CPU</th>") && !quiet.contains("Busy machine"))
        let plain = ComparisonPage.html(
            ReportComparison.compare(
                base: try GateFixture.loaded(GateFixture.simple(), path: "base.json"), head: try GateFixture.loaded(GateFixture.simple())))
        #expect(!plain.contains("load-table") && !plain.contains("Busy machine"))
    }
}

/// Fixed readings handed out in order (then none).
final class Readings: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double]

    init(_ values: [Double]) { self.values = values }

    func next() -> Double? {
        lock.lock()
        defer { lock.unlock() }
        return values.isEmpty ? nil : values.removeFirst()
    }
}
