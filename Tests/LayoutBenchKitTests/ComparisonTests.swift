import Foundation
import Testing

@testable import LayoutBenchKit

/// The verdict rule (docs/ci.md, "Verdicts"): exact counters, statistical times, ranges for
/// memory and nondeterministic allocations, thresholds and their overrides, exit statuses.
@Suite("Comparison verdicts")
struct ComparisonTests {
    typealias Measurement = CompareMetric.Measurement

    static let counter = CompareMetric.named("cellUpdates")!
    static let wall = CompareMetric.named("wallNanoseconds")!
    static let allocations = CompareMetric.named("allocations")!
    static let memory = CompareMetric.named("peakIncreaseBytes")!

    func exact(_ value: Double) -> Measurement { Measurement(value: value, samples: [value], samplesAgree: true) }

    func times(_ samples: [Double]) -> Measurement {
        let sorted = samples.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return Measurement(value: median, samples: samples, samplesAgree: false)
    }

    func verdict(_ metric: CompareMetric, _ base: Measurement, _ head: Measurement, rule: Thresholds.Resolved? = nil) -> ReportComparison.Row {
        ReportComparison.row(
            scenario: "demo/a", size: 10, metric: metric, rule: rule ?? Thresholds.builtInDefaults[metric.kind]!, base: base, head: head)
    }

    @Test("Counters compare exactly: any rise is a regression, any fall an improvement")
    func counters() {
        #expect(verdict(Self.counter, exact(100), exact(100)).verdict == .unchanged)
        #expect(verdict(Self.counter, exact(100), exact(101)).verdict == .regression)
        #expect(verdict(Self.counter, exact(100), exact(99)).verdict == .improvement)
        #expect(verdict(Self.counter, exact(0), exact(40)).verdict == .regression)
        #expect(verdict(Self.counter, exact(0), exact(40)).relativeChange == nil)
        #expect(verdict(Self.counter, exact(0), exact(40)).changeText == "new")
        #expect(verdict(Self.counter, exact(100), exact(101)).reason == "exact")
    }

    @Test("Relative and absolute limits must both be exceeded; directions and informational rules")
    func limits() {
        let tolerant = Thresholds.Resolved(relative: 0.05, absolute: 3)
        #expect(verdict(Self.counter, exact(100), exact(104), rule: tolerant).verdict == .unchanged)  // 4% and 4 > 3
        #expect(verdict(Self.counter, exact(100), exact(106), rule: tolerant).verdict == .regression)  // 6% and 6
        #expect(verdict(Self.counter, exact(10), exact(13), rule: tolerant).verdict == .unchanged)  // 30% but only 3
        var higher = Thresholds.Resolved(relative: 0, absolute: 0)
        higher.direction = .higherIsBetter
        #expect(verdict(Self.counter, exact(100), exact(90), rule: higher).verdict == .regression)
        #expect(verdict(Self.counter, exact(100), exact(110), rule: higher).verdict == .improvement)
        var either = Thresholds.Resolved(relative: 0, absolute: 0)
        either.direction = .either
        #expect(verdict(Self.counter, exact(100), exact(90), rule: either).verdict == .regression)
        var informational = Thresholds.Resolved(relative: 0, absolute: 0)
        informational.informational = true
        let row = verdict(Self.counter, exact(100), exact(110), rule: informational)
        #expect(row.verdict == .regression && row.informational && !row.gates)
    }

    @Test("A time shift with clear separation is a regression; the reverse an improvement")
    func timeShift() {
        let base = times((0..<12).map { 100_000 + Double($0) * 500 })
        let slower = times((0..<12).map { 130_000 + Double($0) * 500 })
        let row = verdict(Self.wall, base, slower)
        #expect(row.verdict == .regression, "\(row)")
        #expect(row.pValue! < 0.001)
        #expect(row.ratioLower! > 1.02)
        #expect(verdict(Self.wall, slower, base).verdict == .improvement)
    }

    @Test("Overlapping noisy samples are noise, even with a large change of the medians")
    func noisyTimes() {
        // Medians 100 µs and 125 µs (+25%), but the samples overlap heavily.
        let base = times([60_000, 80_000, 100_000, 100_000, 150_000, 190_000, 70_000, 210_000, 95_000])
        let head = times([65_000, 90_000, 125_000, 125_000, 180_000, 200_000, 75_000, 220_000, 110_000])
        let row = verdict(Self.wall, base, head)
        #expect(row.verdict == .noise, "\(row)")
        #expect(row.pValue! > 0.01)
    }

    /// Three samples a side can never give p < 0.01: a 1.5× slowdown is then "inconclusive",
    /// said as such in the counts, not filed as noise. With nine a side the test can decide.
    @Test("Few repetitions cannot reach p < 0.01: a clear shift with three samples is inconclusive, not noise")
    func fewSamples() {
        let row = verdict(Self.wall, times([100_000, 101_000, 102_000]), times([150_000, 151_000, 152_000]))
        #expect(row.verdict == .inconclusive)
        #expect(abs(row.pValue! - 0.0809) < 0.001)
        #expect(row.reason.contains("3 and 3 samples cannot reach p < 0.01"))
        #expect(ReportComparison.smallestPValue(3, 3) >= 0.01 && ReportComparison.smallestPValue(9, 9) < 0.01)

        let decided = verdict(Self.wall, times((0..<9).map { 100_000 + Double($0) * 100 }), times((0..<9).map { 150_000 + Double($0) * 100 }))
        #expect(decided.verdict == .regression)
        // Overlapping samples that could have reached p < 0.01 stay noise (noisyTimes).
    }

    @Test("A significant shift inside the noise band is noise; a change within the threshold is unchanged")
    func bandAndThreshold() {
        // +11%, very significant, but with a 20% noise band the interval does not clear it.
        let base = times((0..<20).map { 100_000 + Double($0 % 4) * 10 })
        let head = times((0..<20).map { 111_000 + Double($0 % 4) * 10 })
        var banded = Thresholds.builtInDefaults[.time]!
        banded.noiseBand = 0.2
        let row = verdict(Self.wall, base, head, rule: banded)
        #expect(row.verdict == .noise && row.reason.contains("noise band"), "\(row)")
        #expect(verdict(Self.wall, base, head).verdict == .regression)
        // +5%: within the 10% threshold however significant.
        let close = times((0..<20).map { 105_000 + Double($0 % 4) * 10 })
        #expect(verdict(Self.wall, base, close).verdict == .unchanged)
    }

    @Test("Allocations: exact when the counting repetitions agree, by ranges when they do not; memory by ranges")
    func allocationsAndMemory() {
        #expect(verdict(Self.allocations, exact(500), exact(501)).verdict == .regression)
        let disagreeing = Measurement(value: 500, samples: [500, 560], samplesAgree: false)
        let overlapping = Measurement(value: 530, samples: [530, 550], samplesAgree: false)
        let apart = Measurement(value: 700, samples: [700, 710], samplesAgree: false)
        #expect(verdict(Self.allocations, disagreeing, overlapping).verdict == .noise)
        #expect(verdict(Self.allocations, disagreeing, apart).verdict == .regression)
        let base = Measurement(value: 1_000_000, samples: [900_000, 1_000_000], samplesAgree: false)
        #expect(
            verdict(Self.memory, base, Measurement(value: 1_100_000, samples: [1_050_000, 1_100_000], samplesAgree: false)).verdict == .unchanged)
        #expect(
            verdict(Self.memory, base, Measurement(value: 5_000_000, samples: [4_000_000, 5_000_000], samplesAgree: false)).verdict == .regression)
        #expect(verdict(Self.memory, base, Measurement(value: 5_000_000, samples: [800_000, 5_000_000], samplesAgree: false)).verdict == .noise)
    }

    @Test("Two reports: rows per scenario, size and metric; sizes and scenarios only on one side are listed")
    func reports() throws {
        let base = try GateFixture.loaded(GateFixture.simple(), path: "base.json")
        var headReport = GateFixture.simple(cellUpdates: 120)
        headReport.scenarios.removeLast()
        let head = try GateFixture.loaded(headReport)
        let comparison = ReportComparison.compare(base: base, head: head)
        #expect(comparison.onlyInBase == ["demo/b"])
        #expect(Set(comparison.rows.map(\.scenario)) == ["demo/a"])
        // Every metric at both sizes but those counted under callgrind (the instructions, the
        // solver's part of them, the exclusivity checks), which these runs did not count.
        let counted = CompareMetric.all.filter { $0.kind == .instructions }
        #expect(counted.map(\.name) == ["instructions", "solverInstructions", "exclusivityChecks"])
        #expect(comparison.rows.count == 2 * (CompareMetric.all.count - counted.count))
        #expect(!comparison.rows.contains { $0.kind == .instructions })
        #expect(comparison.regressions.map(\.metric) == ["cellUpdates", "cellUpdates"])
        #expect(comparison.regressions.map(\.size) == [10, 20])
        #expect(comparison.rows.filter { $0.metric == "wallNanoseconds" }.allSatisfy { $0.verdict == .unchanged })
        #expect(GateCheck.exitStatus(comparison: comparison, head: head.report) == .regression)
    }

    @Test("A scenario the baseline has and a run of the same selection lacks is lost coverage: exit 2")
    func lostCoverage() throws {
        let base = try GateFixture.loaded(GateFixture.simple(), path: "base.json")
        var renamed = GateFixture.simple()
        renamed.scenarios.removeLast()  // demo/b renamed or removed; nothing else changed
        let comparison = ReportComparison.compare(base: base, head: try GateFixture.loaded(renamed))
        #expect(comparison.regressions.isEmpty && comparison.improvements.isEmpty)
        #expect(comparison.lostCoverage == ["demo/b"])
        let outcome = GateCheck.exitStatus(comparison: comparison, head: renamed)
        #expect(outcome == .regression)
        let markdown = GateCheck.markdown(comparison, status: outcome, head: renamed, baselineName: "main")
        #expect(markdown.contains("### Lost coverage (1)") && markdown.contains("- `demo/b`"))
        // Every rendering says it failed: no green pass, no "No metric regressed" beside exit 2.
        let lost = "Lost coverage: 1 scenario size of the base was not measured"
        #expect(markdown.contains(lost) && !markdown.contains("No metric regressed"))
        let page = ComparisonPage.html(comparison, baseName: "main")
        #expect(page.contains(lost) && !page.contains("notice ok"))
        let reportPage = ReportPage(report: renamed, comparison: comparison, baselineName: "main").html()
        #expect(reportPage.contains(lost) && !reportPage.contains("No metric regressed"))
        let json = try JSONDocument.parse(try ComparisonOutput.json(comparison))
        #expect(json["lostCoverage"]?.elements.map(\.stringValue) == ["demo/b"])

        // A run that selected less on purpose loses nothing.
        var narrowed = renamed
        narrowed.options.filters = ["demo/a"]
        let partial = ReportComparison.compare(base: base, head: try GateFixture.loaded(narrowed))
        #expect(partial.onlyInBase == ["demo/b"] && partial.lostCoverage.isEmpty)
        #expect(GateCheck.exitStatus(comparison: partial, head: narrowed) == .success)
    }

    @Test("Thresholds overrides by scenario glob change verdicts; ignored metrics are left out")
    func overrides() throws {
        let base = try GateFixture.loaded(GateFixture.simple(), path: "base.json")
        let head = try GateFixture.loaded(GateFixture.simple(cellUpdates: 104))
        let file = """
            {"metrics": {"cpuNanoseconds": {"ignore": true}},
             "scenarios": {"demo/*": {"cellUpdates": {"relative": 0.05}}, "demo/b": {"cellUpdates": {"relative": 0}}}}
            """
        let thresholds = try Thresholds.parse(
            Array(file.utf8), path: "t.json",
            catalog: [Fixture.scenario(name: "demo/a"), Fixture.scenario(name: "demo/b")])
        let comparison = ReportComparison.compare(base: base, head: head, thresholds: thresholds)
        #expect(!comparison.rows.contains { $0.metric == "cpuNanoseconds" })
        let cell = comparison.rows.filter { $0.metric == "cellUpdates" }
        #expect(cell.filter { $0.scenario == "demo/a" }.allSatisfy { $0.verdict == .unchanged && $0.limit == "±5%" })
        #expect(cell.filter { $0.scenario == "demo/b" }.allSatisfy { $0.verdict == .regression && $0.limit == "exact" })
        #expect(comparison.thresholdsSource == "t.json")
    }

    @Test("Exit statuses: regression wins over failed expectations and improvements")
    func exitStatuses() throws {
        let base = try GateFixture.loaded(GateFixture.simple(cellUpdates: 100), path: "base.json")
        func status(_ head: Report) throws -> LayoutBenchKit.ExitStatus {
            GateCheck.exitStatus(comparison: ReportComparison.compare(base: base, head: try GateFixture.loaded(head)), head: head)
        }
        #expect(try status(GateFixture.simple()) == .success)
        // An improvement passes unless asked to fail (`check --fail-on-improvement`, which scripts/ci-gate gives).
        #expect(try status(GateFixture.simple(cellUpdates: 90)) == .success)
        #expect(
            GateCheck.exitStatus(
                comparison: ReportComparison.compare(base: base, head: try GateFixture.loaded(GateFixture.simple(cellUpdates: 90))),
                head: GateFixture.simple(cellUpdates: 90), failsOnImprovement: true) == .improvement)
        #expect(try status(GateFixture.simple(cellUpdates: 110)) == .regression)
        // Improvements and regressions at once: a regression.
        #expect(try status(GateFixture.simple(solves: 20, cellUpdates: 90)) == .regression)
        var failed = GateFixture.simple(cellUpdates: 90)
        failed.status = .failed
        #expect(try status(failed) == .failed)
        failed = GateFixture.simple(cellUpdates: 110)
        failed.status = .failed
        #expect(try status(failed) == .regression)
    }

    @Test("Text, Markdown and JSON outputs name the scenario and the metric")
    func outputs() throws {
        let (head, comparison) = try GateFixture.simpleComparison(cellUpdates: 130)
        let text = ComparisonOutput.text(comparison)
        #expect(text.contains("demo/a"))
        #expect(text.contains("cellUpdates") && text.contains("+30.0%") && text.contains("regression"))
        let markdown = GateCheck.markdown(comparison, status: .regression, head: head.report, baselineName: "main")
        #expect(markdown.hasPrefix("## layoutbench check: ❌ regression"))
        #expect(markdown.contains("| `demo/a` | `cellUpdates` | 10, 20 | 200 | 260 | +30.0% | exact |"))
        #expect(markdown.contains("- `demo/a`: `cellUpdates`"))
        #expect(markdown.contains("baseline `main`"))
        #expect(markdown.contains("Exit code 2"))
        let json = try JSONDocument.parse(try ComparisonOutput.json(comparison))
        #expect(json["schema"]?.stringValue == "layoutbench.comparison")
        #expect(json["counts"]?["regression"]?.integerValue == comparison.regressions.count)
    }

    /// In CI against a baseline from another machine every time changes without a verdict
    /// (informational, too few samples): the summary keeps the headline ones and counts the rest.
    @Test("The summary leaves out informational rows without a verdict, but not headline ones, and counts them")
    func summaryLeavesOutUnjudgedInformation() throws {
        var (_, comparison) = try GateFixture.simpleComparison(cellUpdates: 100)
        for index in comparison.rows.indices where comparison.rows[index].metric == "wallNanoseconds" {
            comparison.rows[index].informational = true
            comparison.rows[index].verdict = .inconclusive
        }
        let regressed = try #require(comparison.rows.firstIndex { $0.scenario == "demo/b" && $0.size == 10 && $0.metric == "wallNanoseconds" })
        comparison.rows[regressed].verdict = .regression
        func shown(_ scenario: String, _ size: Int) -> Bool {
            ComparisonOutput.summaryRows(comparison).contains { $0.scenario == scenario && $0.size == size && $0.metric == "wallNanoseconds" }
        }
        #expect(!shown("demo/a", 10))
        #expect(shown("demo/a", 20) && shown("demo/b", 20))  // a headline metric at the largest size
        #expect(shown("demo/b", 10))  // informational, but it regressed
        let text = ComparisonOutput.text(comparison)
        #expect(text.contains("left out: 1 informational row that changed without a verdict, noise or inconclusive;"))
        let everyRow = ComparisonOutput.text(comparison, all: true).split(separator: "\n")
        #expect(everyRow.contains { $0.hasPrefix("demo/a ") && $0.contains(" 10  wallNanoseconds ") })
        comparison.rows[regressed].verdict = .noise
        #expect(ComparisonOutput.text(comparison).contains("left out: 2 informational rows that"))
    }

    /// The pull-request summary: the verdict and one line per changed scenario above the fold,
    /// everything else in `<details>`; names with Markdown's own characters stay whole.
    @Test("The PR summary is the verdict and a line per regressed scenario; names are escaped")
    func pullRequestSummary() throws {
        func many(cellUpdates: Int, solves: Int) -> Report {
            GateFixture.report(
                (0..<25).map { index in
                    GateFixture.ScenarioSpec(
                        name: index == 0 ? "odd/`tick`|pipe*" : "family/s\(index)",
                        sizes: [10, 20, 40].map {
                            GateFixture.size($0, wall: [1_000, 1_010, 1_020], solves: solves * $0, cellUpdates: cellUpdates * $0)
                        })
                })
        }
        let base = try GateFixture.loaded(many(cellUpdates: 10, solves: 1), path: "base.json")
        let head = try GateFixture.loaded(many(cellUpdates: 30, solves: 3))
        let comparison = ReportComparison.compare(base: base, head: head)
        #expect(comparison.regressions.count == 25 * 3 * 2)
        let markdown = GateCheck.markdown(comparison, status: .regression, head: head.report, baselineName: "main")
        let visible = markdown.components(separatedBy: "<details>")[0].split(separator: "\n")
        #expect(visible.count <= 25, "\(visible.count) lines above the fold")
        #expect(markdown.contains("Regressed in 25 scenarios"))
        #expect(markdown.contains("| `family/s1` | `solves` at 40 | 40 | 120 | +200% |"))
        #expect(markdown.contains("… and 15 more scenarios."))
        // The odd name: a double-backtick span that its own backticks cannot close, the pipe escaped.
        #expect(markdown.contains("``odd/`tick`\\|pipe*``"))
    }
}
