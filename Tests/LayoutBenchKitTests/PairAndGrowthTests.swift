import Cassowary
import Foundation
import Testing

@testable import LayoutBenchKit
@testable import LayoutBenchReport

@Suite("Pair ratios and growth fits")
struct PairAndGrowthTests {
    static func result(
        _ name: String, role: String?, partner: String?, modelGap: String? = nil, sizes: [SizeResult]
    ) -> ScenarioResult {
        ScenarioResult(
            name: name, family: String(name.split(separator: "/")[0]), variant: String(name.split(separator: "/")[1]),
            summary: "", tags: [], sizeUnit: "views", operationUnit: "op",
            pair: role.map { ScenarioResult.PairInfo(partner: partner!, role: $0, modelGap: modelGap) }, expectations: [],
            status: .passed, sizes: sizes, growth: GrowthReport.fit(sizes))
    }

    @Test("Ratios are anti-pattern / fix per metric at each common size; zero denominators are null")
    func ratios() throws {
        /// A size whose three wall-time samples are all `wall`, so its ratio's interval is one point.
        func steady(_ size: Int, wall: UInt64, solves: Int, pivots: Int, cellUpdates: Int, allocations: UInt64) -> SizeResult {
            Fixture.sizeResult(
                size: size, wall: [wall, wall, wall], counters: Fixture.counters(solves: solves, pivots: pivots, cellUpdates: cellUpdates),
                allocations: allocations)
        }
        let anti = Self.result(
            "f/anti", role: "anti-pattern", partner: "f/fix",
            sizes: [
                steady(10, wall: 300, solves: 10, pivots: 4, cellUpdates: 90, allocations: 50),
                steady(20, wall: 800, solves: 20, pivots: 8, cellUpdates: 400, allocations: 100),
                steady(40, wall: 2000, solves: 40, pivots: 0, cellUpdates: 1600, allocations: 200),
            ])
        let fix = Self.result(
            "f/fix", role: "fix", partner: "f/anti",
            sizes: [
                steady(20, wall: 200, solves: 1, pivots: 0, cellUpdates: 100, allocations: 25),
                steady(40, wall: 400, solves: 1, pivots: 0, cellUpdates: 200, allocations: 50),
                steady(80, wall: 800, solves: 1, pivots: 0, cellUpdates: 400, allocations: 100),
            ])
        let pairs = PairComparison.compare([fix, anti])
        try #require(pairs.count == 1)
        let pair = pairs[0]
        #expect(pair.antiPattern == "f/anti" && pair.fix == "f/fix" && pair.family == "f")
        #expect(pair.sizes.map(\.size) == [20, 40])
        #expect(pair.largestCommonSize == 40)
        let at20 = pair.sizes[0].ratios
        #expect(at20["wallNanoseconds"] == .some(4.0))
        #expect(at20["solves"] == .some(20.0))
        #expect(at20["cellUpdates"] == .some(4.0))
        #expect(at20["allocations"] == .some(4.0))
        #expect(at20["pivots"] == .some(nil))  // 8 / 0
        #expect(at20.keys.elements == Metric.allCases.map(\.rawValue))
        let at40 = try #require(pair.atLargestCommonSize)
        #expect(at40["wallNanoseconds"] == .some(5.0))
        #expect(at40["solves"] == .some(40.0))
        #expect(at40["pivots"] == .some(nil))  // 0 / 0
        let interval = try #require(pair.sizes[1].wallTimeRatioInterval)
        #expect(interval.lower == 5 && interval.upper == 5)  // constant samples
    }

    /// The issue's figures: the individual activations at 0.79x the batch's wall time at
    /// 1,600 and 6,400 constraints, with N times the solves and the same cell updates.
    @Test("An anti-pattern faster than its fix is a contradiction, reported with the scenario's model gap")
    func contradiction() throws {
        func side(_ name: String, role: String, partner: String, gap: String?, walls: [[UInt64]], solves: (Int) -> Int) -> ScenarioResult {
            Self.result(
                name, role: role, partner: partner, modelGap: gap,
                sizes: zip([400, 1600, 6400], walls).map { size, wall in
                    Fixture.sizeResult(
                        size: size, wall: wall, counters: Fixture.counters(solves: solves(size), pivots: 0, cellUpdates: size), allocations: 10)
                })
        }
        let anti = side(
            "activation/individual", role: "anti-pattern", partner: "activation/batch", gap: "UIKit's per-call ancestor search",
            walls: [[1000, 1010, 990], [790, 791, 789], [7900, 7910, 7890]], solves: { $0 })
        let fix = side(
            "activation/batch", role: "fix", partner: "activation/individual", gap: nil,
            walls: [[1000, 1000, 1000], [1000, 1000, 1000], [10000, 10000, 10000]], solves: { _ in 1 })
        let pair = try #require(PairComparison.compare([anti, fix]).first)
        let contradiction = try #require(pair.contradiction)
        // At 400 the interval straddles 1: not a contradiction.
        #expect(contradiction.sizes == [1600, 6400])
        #expect(contradiction.wallTimeRatios.map { ($0 * 100).rounded() / 100 } == [0.79, 0.79])
        #expect(contradiction.cause == "UIKit's per-call ancestor search")

        // Without a declared gap the cause says so; a slower anti-pattern contradicts nothing.
        let undeclared = side(
            "activation/individual", role: "anti-pattern", partner: "activation/batch", gap: nil,
            walls: [[1000, 1010, 990], [790, 791, 789], [7900, 7910, 7890]], solves: { $0 })
        #expect(PairComparison.compare([undeclared, fix]).first?.contradiction?.cause == PairComparison.Contradiction.unexplained)
        let slower = side(
            "activation/individual", role: "anti-pattern", partner: "activation/batch", gap: "x",
            walls: [[2000, 2000, 2000], [2000, 2000, 2000], [20000, 20000, 20000]], solves: { $0 })
        #expect(PairComparison.compare([slower, fix]).first?.contradiction == nil)

        // The report page and the run summary show it with its cause.
        var report = ReportEncodingTests.fixedReport()
        report.scenarios = [anti, fix]
        report.pairs = PairComparison.compare([anti, fix])
        let page = ReportPage(report: report).html()
        #expect(page.contains("Pairs whose direction contradicts the seeds"))
        #expect(page.contains("UIKit&#39;s per-call ancestor search") || page.contains("UIKit's per-call ancestor search"))
        let summary = RunSummary.text(report, written: [])
        #expect(summary.contains("contradicts the seeds (the anti-pattern took less wall time at 1600, 6400): UIKit's per-call ancestor search"))
    }

    /// Seed 002 section 7 says toggling isHidden rebuilds a stack; UIKit's logs and code say it
    /// adds 'UISV-hiding' and re-links the spacing in place, so the hiding pair's roles follow
    /// the evidence (remove and re-add is the anti-pattern, hiding the fix): the report marks it
    /// "evidence over seed" with its anchor, not "contradicts the seeds".
    @Test("A pair whose roles follow evidence over a seed is marked so, with its doc anchor")
    func evidenceOverSeed() throws {
        func side(_ name: String, role: String, partner: String, walls: [[UInt64]]) -> ScenarioResult {
            Self.result(
                name, role: role, partner: partner,
                sizes: zip([5, 10, 20], walls).map { size, wall in
                    Fixture.sizeResult(size: size, wall: wall, counters: Fixture.counters(solves: size, pivots: 0, cellUpdates: size))
                })
        }
        let remove = side("cells/stack-remove", role: "anti-pattern", partner: "cells/stack-hide", walls: [[3000], [3000], [3000]])
        let hide = side("cells/stack-hide", role: "fix", partner: "cells/stack-remove", walls: [[1000], [1000], [1000]])
        let pair = try #require(PairComparison.compare([remove, hide]).first)
        let evidence = try #require(pair.evidenceOverSeed)
        #expect(evidence.seed == "seed-002 section 7" && evidence.anchor == "docs/fidelity.md#evidence-over-seed")
        #expect(pair.contradiction == nil)

        // Every listed anchor is a heading of its document.
        for (name, listed) in PairComparison.EvidenceOverSeed.listed {
            let parts = listed.anchor.split(separator: "#").map(String.init)
            let text = try String(contentsOf: Fixture.repositoryRoot.appendingPathComponent(parts[0]), encoding: .utf8)
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
                line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
            }
            #expect(headings.contains(parts[1]), "\(name): \(listed.anchor) has no heading")
        }

        // Other pairs carry no mark, and their JSON has no such key.
        let other = try #require(
            PairComparison.compare([
                side("f/anti", role: "anti-pattern", partner: "f/fix", walls: [[3000], [3000], [3000]]),
                side("f/fix", role: "fix", partner: "f/anti", walls: [[1000], [1000], [1000]]),
            ]).first)
        #expect(other.evidenceOverSeed == nil)
        var report = ReportEncodingTests.fixedReport()
        report.scenarios = [remove, hide]
        report.pairs = [pair, other]
        let json = try report.jsonText()
        #expect(json.components(separatedBy: "\"evidenceOverSeed\"").count == 2)

        // The page and the summary say it; measured the other way round, the pair contradicts
        // the evidence, not the seeds.
        let page = ReportPage(report: report).html()
        #expect(page.contains("Pairs whose roles follow evidence over a seed"))
        #expect(page.contains("docs/fidelity.md#evidence-over-seed"))
        let summary = RunSummary.text(report, written: [])
        #expect(summary.contains("evidence over seed: seed-002 section 7 says toggling isHidden"))
        let reversed = try #require(
            PairComparison.compare([
                side("cells/stack-remove", role: "anti-pattern", partner: "cells/stack-hide", walls: [[500], [500], [500]]), hide,
            ]).first)
        #expect(reversed.contradiction != nil && reversed.evidenceOverSeed != nil)
        report.pairs = [reversed]
        #expect(!ReportPage(report: report).html().contains("Pairs whose direction contradicts the seeds"))
        #expect(RunSummary.text(report, written: []).contains("contradicts the evidence (docs/fidelity.md#evidence-over-seed)"))
    }

    @Test("A pair appears only when both sides ran; no common size gives null largest-size ratios")
    func missingSides() {
        let anti = Self.result(
            "f/anti", role: "anti-pattern", partner: "f/fix",
            sizes: [
                Fixture.sizeResult(size: 10, wall: [1], counters: Fixture.counters())
            ])
        #expect(PairComparison.compare([anti]).isEmpty)
        let fix = Self.result(
            "f/fix", role: "fix", partner: "f/anti",
            sizes: [
                Fixture.sizeResult(size: 11, wall: [1], counters: Fixture.counters())
            ])
        let pair = PairComparison.compare([anti, fix])
        #expect(pair.count == 1 && pair[0].sizes.isEmpty && pair[0].largestCommonSize == nil && pair[0].atLargestCommonSize == nil)
    }

    @Test("ratio(_:_:)")
    func ratioMath() {
        #expect(PairComparison.ratio(6, 3) == 2)
        #expect(PairComparison.ratio(0, 3) == 0)
        #expect(PairComparison.ratio(3, 0) == nil)
        #expect(PairComparison.ratio(nil, 3) == nil)
        #expect(PairComparison.ratio(3, nil) == nil)
    }

    @Test("Per-operation costs divide by the operations; none when there are no operations")
    func perOperation() {
        let result = Fixture.sizeResult(
            size: 10, operations: 4, wall: [400, 400], counters: Fixture.counters(solves: 2, cellUpdates: 8), allocations: 12)
        #expect(result.perOperation["wallNanoseconds"] == .some(100.0))
        #expect(result.perOperation["solves"] == .some(0.5))
        #expect(result.perOperation["cellUpdates"] == .some(2.0))
        #expect(result.perOperation["allocations"] == .some(3.0))
        let none = Fixture.sizeResult(size: 10, operations: 0, wall: [400], counters: Fixture.counters(solves: 2))
        #expect(none.perOperation["solves"] == .some(nil))
        let noAllocations = Fixture.sizeResult(size: 10, wall: [400], counters: Fixture.counters(), allocations: nil)
        #expect(noAllocations.perOperation["allocations"] == .some(nil))
    }

    @Test("Growth: exact counters pick their model; times use every sample")
    func growthModels() throws {
        let sizes = [10, 20, 40, 80]
        let results = sizes.map { n in
            Fixture.sizeResult(
                size: n, wall: [UInt64(n * n * 100), UInt64(n * n * 101), UInt64(n * n * 99)],
                counters: Fixture.counters(solves: 1, pivots: n * n * n, cellUpdates: n * n + 7, substitutions: 3 * n + 2),
                allocations: UInt64(5 * n))
        }
        let growth = GrowthReport.fit(results)
        #expect(growth.unavailable == nil)
        #expect(growth.sizes == sizes)
        #expect(growth.metrics["solves"]?.model == "O(1)")
        #expect(growth.metrics["pivots"]?.model == "O(n^3)")
        #expect(growth.metrics["cellUpdates"]?.model == "O(n^2)")
        #expect(growth.metrics["substitutions"]?.model == "O(n)")
        #expect(growth.metrics["allocations"]?.model == "O(n)")
        #expect(growth.metrics["wallNanoseconds"]?.model == "O(n^2)")
        let wall = try #require(growth.metrics["wallNanoseconds"])
        #expect(wall.costs == sizes.map { Double($0 * $0 * 100) })  // the medians
        #expect(abs(try #require(wall.logLogExponent) - 2) < 0.01)
        #expect(wall.candidates.map(\.model) == ["O(1)", "O(log n)", "O(n)", "O(n log n)", "O(n^2)", "O(n^3)"])
        #expect(growth.metrics.keys.elements == Metric.allCases.map(\.rawValue))
    }

    @Test("Exact metrics skip the F test: three sizes of a cost between models still show growth")
    func exactGrowthWithoutNoise() {
        // n^1.6 fits no model exactly; with the F test, three points would stay O(1).
        let results = [25, 100, 400].map { n in
            Fixture.sizeResult(size: n, wall: [1000, 1000, 1000], counters: Fixture.counters(cellUpdates: Int(pow(Double(n), 1.6))))
        }
        let growth = GrowthReport.fit(results)
        #expect(growth.metrics["cellUpdates"]?.model != "O(1)")
        #expect(growth.metrics["wallNanoseconds"]?.model == "O(1)")
    }

    @Test("Fewer than three sizes: no fits, and a reason")
    func tooFewSizes() {
        let results = [10, 20].map { Fixture.sizeResult(size: $0, wall: [1], counters: Fixture.counters(solves: $0)) }
        let growth = GrowthReport.fit(results)
        #expect(growth.metrics.count == 0)
        #expect(growth.unavailable?.contains("at least 3 distinct sizes") == true)
    }

    @Test("Family summaries copy each scenario's models and exponents, grouped by family in order")
    func families() {
        let sizes = [10, 20, 40].map { Fixture.sizeResult(size: $0, wall: [UInt64($0)], counters: Fixture.counters(solves: $0)) }
        let results = [
            Self.result("a/x", role: nil, partner: nil, sizes: sizes),
            Self.result("b/y", role: "fix", partner: "b/z", sizes: sizes),
            Self.result("a/w", role: nil, partner: nil, sizes: sizes),
        ]
        let families = FamilySummary.summarize(results)
        #expect(families.map(\.name) == ["a", "b"])
        #expect(families[0].scenarios.map(\.name) == ["a/x", "a/w"])
        #expect(families[1].scenarios[0].role == "fix")
        #expect(families[0].scenarios[0].growth["solves"]?.model == "O(n)")
        #expect(abs((families[0].scenarios[0].growth["solves"]?.logLogExponent ?? 0) - 1) < 1e-9)
    }
}
