import Foundation
import LayoutBenchMetrics

/// The run report as one self-contained HTML page (`report.html`): a summary, every pair's
/// ratios, every scenario's measurements with log-log charts of cost against size (its pair
/// on the same chart), how cost grows with size per family, and the environment. Sections have
/// stable ids (`summary`, `pairs`, `growth`, `scenarios`, `environment`; `failures` and
/// `baseline` when there are any) that
/// `scripts/check-report` looks for.
public struct ReportPage {
    /// The report.
    public var report: Report
    /// The comparison with a baseline, when `layoutbench check` gave one.
    public var baseline: Baseline?

    /// What the page shows of a comparison with a baseline: the summary's count of
    /// regressions and the `baseline` section, which the comparison (in `LayoutBenchKit`,
    /// `ReportPage(report:comparison:baselineName:)`) renders.
    public struct Baseline {
        /// The baseline's name, for headings, or `nil` for a report file given by path.
        public var name: String?
        /// How many comparison rows are regressions.
        public var regressions: Int
        /// The `baseline` section's HTML.
        public var section: String

        public init(name: String?, regressions: Int, section: String) {
            self.name = name
            self.regressions = regressions
            self.section = section
        }
    }

    public init(report: Report, baseline: Baseline? = nil) {
        self.report = report
        self.baseline = baseline
    }

    /// The page.
    public func html() -> String {
        var body = summarySection()
        if !report.failures.isEmpty { body += failuresSection() }
        if let baseline { body += baseline.section }
        body += pairsSection()
        body += growthSection()
        body += scenariosSection()
        body += environmentSection()
        var navigation: [(id: String, label: String)] = [("summary", "Summary")]
        if !report.failures.isEmpty { navigation.append(("failures", "Failures")) }
        if baseline != nil { navigation.append(("baseline", "Baseline")) }
        navigation += [("pairs", "Pairs"), ("growth", "Growth"), ("scenarios", "Scenarios"), ("environment", "Environment")]
        let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? " (with uncommitted changes)" : "") }
        return HTMLPage(
            title: "layoutbench report",
            subtitle: "\(report.date) · commit \(commit ?? "unknown") · \(report.options.quick ? "quick suite" : "full suite")"
                + " · \(report.environment.toolchain.buildConfiguration) build",
            navigation: navigation, body: body
        ).render()
    }

    // MARK: Summary

    func summarySection() -> String {
        let failedScenarios = report.scenarios.filter { $0.status == .failed }.count
        var context: [String: Any] = [:]
        if let churn = report.options.injectChurn { context["injectChurn"] = String(churn) }
        if report.status == .passed {
            context["passed"] = true
        } else {
            context["failed"] = [
                "failures": String(report.failures.count), "failuresPlural": report.failures.count == 1 ? "" : "s",
                "scenarios": String(failedScenarios), "scenariosPlural": failedScenarios == 1 ? "" : "s",
            ]
        }
        let sizes = report.scenarios.reduce(0) { $0 + $1.sizes.count }
        var cards: [(String, String)] = [
            ("\(report.scenarios.count)", "scenarios run"),
            ("\(sizes)", "scenario sizes measured"),
            ("\(report.scenarios.count - failedScenarios) / \(report.scenarios.count)", "scenarios met their expectations"),
            ("\(report.pairs.count)", "anti-pattern/fix pairs"),
            (MetricFormat.significant(report.durationSeconds) + " s", "measuring time"),
        ]
        if let baseline {
            cards.append(("\(baseline.regressions)", "regressions against \(baseline.name.map { "'\($0)'" } ?? "the baseline")"))
        }
        context["cards"] = cards.map { ["big": $0.0, "label": $0.1] }
        if let busy = BusyRule.warning(report) { context["busy"] = busy }

        // The largest ratios.
        let ranked = report.pairs.compactMap { pair -> (PairComparison, Double)? in
            guard let ratio = pair.atLargestCommonSize?[Metric.wallNanoseconds.rawValue] ?? nil else { return nil }
            return (pair, ratio)
        }.sorted { $0.1 > $1.1 }
        if !ranked.isEmpty {
            let rows = ranked.map { pair, ratio -> HTMLTable.Row in
                let ratios = pair.atLargestCommonSize
                func cell(_ metric: Metric) -> HTMLTable.Cell {
                    let value = ratios?[metric.rawValue] ?? nil
                    return HTMLTable.Cell(MetricFormat.ratio(value), sortBy: value)
                }
                var wall = MetricFormat.ratio(ratio)
                if let interval = pair.sizes.last?.wallTimeRatioInterval {
                    wall += " (95% \(MetricFormat.significant(interval.lower))–\(MetricFormat.significant(interval.upper)))"
                }
                return HTMLTable.Row([
                    HTMLTable.Cell(
                        html: HTML.link("#pair-\(HTML.slug(pair.antiPattern))", pair.antiPattern) + " / " + HTML.escape(pair.fix),
                        sortValue: pair.antiPattern),
                    HTMLTable.Cell(
                        MetricFormat.count(Double(pair.largestCommonSize ?? 0)) + " " + pair.sizeUnit, sortBy: Double(pair.largestCommonSize ?? 0)),
                    HTMLTable.Cell(wall, sortBy: ratio), cell(.solves), cell(.cellUpdates), cell(.allocations),
                ])
            }
            context["ratiosTable"] = HTMLTable(
                id: "largest-ratios",
                columns: [
                    .init("Anti-pattern / fix"), .init("Size", numeric: true), .init("Wall time", numeric: true),
                    .init("Solves", numeric: true), .init("Cell updates", numeric: true), .init("Allocations", numeric: true),
                ], rows: rows
            ).render()
        }
        context["noBaseline"] = baseline == nil
        context["hasWarnings"] = !report.warnings.isEmpty
        context["warnings"] = report.warnings
        return PageTemplates.render("report-summary", context)
    }

    func failuresSection() -> String {
        let table = HTMLTable(
            id: "failures-table",
            columns: [
                .init("Scenario"), .init("Size", numeric: true), .init("Kind"), .init("Expected"), .init("What happened", wraps: true),
                .init("Repetitions"),
            ],
            rows: report.failures.map {
                HTMLTable.Row([
                    HTMLTable.Cell(html: HTML.link("#scenario-\(HTML.slug($0.scenario))", $0.scenario), sortValue: $0.scenario),
                    HTMLTable.Cell(MetricFormat.count(Double($0.size)), sortBy: Double($0.size)), HTMLTable.Cell($0.kind.rawValue),
                    HTMLTable.Cell($0.expectation), HTMLTable.Cell($0.detail), HTMLTable.Cell(Report.Failure.ranges($0.repetitions)),
                ])
            }, filterable: report.failures.count > 10
        ).render()
        return HTML.section(id: "failures", title: "Failures", html: table)
    }

    // MARK: Pairs

    func pairsSection() -> String {
        guard !report.pairs.isEmpty else { return PageTemplates.render("report-pairs", ["hasPairs": false]) }
        var figures: [[String: String]] = []
        for pair in report.pairs {
            guard let size = pair.largestCommonSize, let ratios = pair.atLargestCommonSize else { continue }
            let interval = pair.sizes.last?.wallTimeRatioInterval
            let bars = Metric.allCases.map { metric -> SVGRatioBars.Bar in
                let ratio = ratios[metric.rawValue] ?? nil
                if metric == .wallNanoseconds, let interval {
                    return SVGRatioBars.Bar(label: metric.label, ratio: ratio, low: interval.lower, high: interval.upper)
                }
                return SVGRatioBars.Bar(label: metric.label, ratio: ratio)
            }
            figures.append([
                "slug": HTML.slug(pair.antiPattern), "fixSlug": HTML.slug(pair.fix), "anti": pair.antiPattern, "fix": pair.fix,
                "svg": SVGRatioBars(title: "\(pair.antiPattern) ÷ \(pair.fix) at \(size) \(pair.sizeUnit)", bars: bars).svg(),
                "size": MetricFormat.count(Double(size)), "unit": pair.sizeUnit,
            ])
        }
        // Every size, every metric.
        var rows: [HTMLTable.Row] = []
        for pair in report.pairs {
            for entry in pair.sizes {
                var cells = [
                    HTMLTable.Cell("\(pair.antiPattern) / \(pair.fix)"),
                    HTMLTable.Cell(MetricFormat.count(Double(entry.size)), sortBy: Double(entry.size)),
                ]
                for metric in Metric.allCases {
                    let ratio = entry.ratios[metric.rawValue] ?? nil
                    cells.append(HTMLTable.Cell(MetricFormat.ratio(ratio), sortBy: ratio))
                }
                rows.append(HTMLTable.Row(cells))
            }
        }
        let contradictions = contradictions()
        // Published device ratios beside the model's, for the pairs that reproduce a benchmark.
        var deviceRows: [HTMLTable.Row] = []
        for pair in report.pairs {
            for device in pair.deviceRatios ?? [] {
                deviceRows.append(
                    HTMLTable.Row([
                        HTMLTable.Cell("\(pair.antiPattern) / \(pair.fix)"),
                        HTMLTable.Cell(MetricFormat.count(Double(device.size)), sortBy: Double(device.size)),
                        HTMLTable.Cell("\(device.device), \(device.os)"),
                        HTMLTable.Cell(MetricFormat.ratio(device.deviceRatio), sortBy: device.deviceRatio),
                        HTMLTable.Cell(MetricFormat.ratio(device.modelRatio), sortBy: device.modelRatio),
                        HTMLTable.Cell(device.source),
                    ]))
            }
        }
        let evidence = evidenceOverSeed()
        let estimateRows = deviceEstimateRows()
        return PageTemplates.render(
            "report-pairs",
            [
                "hasPairs": true, "figures": figures, "hasContradictions": !contradictions.isEmpty, "contradictions": contradictions,
                "hasDeviceRatios": !deviceRows.isEmpty, "hasEstimates": !estimateRows.isEmpty,
                "estimateTable": HTMLTable(
                    id: "device-estimates",
                    columns: [
                        .init("Scenario"), .init("Size", numeric: true), .init("Device"),
                        .init("Estimate", numeric: true, help: "milliseconds, one run"),
                        .init("Held-out error", numeric: true, help: "largest, on timings the fit did not see"),
                        .init("Checked on", wraps: true),
                    ],
                    rows: estimateRows
                ).render(),
                "deviceTable": HTMLTable(
                    id: "device-ratios",
                    columns: [
                        .init("Pair"), .init("Size", numeric: true), .init("Device"), .init("Device ratio", numeric: true),
                        .init("Model ratio", numeric: true, help: "wall time, this run"), .init("Source", wraps: true),
                    ],
                    rows: deviceRows
                ).render(),
                "hasEvidence": !evidence.isEmpty, "evidence": evidence,
                "ratiosTable": HTMLTable(
                    id: "pair-ratios",
                    columns: [.init("Pair"), .init("Size", numeric: true)] + Metric.allCases.map { .init($0.label, numeric: true) },
                    rows: rows, filterable: true
                ).render(),
            ])
    }

    /// A row per scenario and size with a ``DeviceEstimate``.
    func deviceEstimateRows() -> [HTMLTable.Row] {
        var rows: [HTMLTable.Row] = []
        for scenario in report.scenarios {
            for size in scenario.sizes {
                guard let estimate = size.deviceEstimate else { continue }
                rows.append(
                    HTMLTable.Row([
                        HTMLTable.Cell(scenario.name),
                        HTMLTable.Cell(MetricFormat.count(Double(size.size)), sortBy: Double(size.size)),
                        HTMLTable.Cell("\(estimate.device), \(estimate.os)"),
                        HTMLTable.Cell(MetricFormat.significant(estimate.milliseconds) + " ms", sortBy: estimate.milliseconds),
                        HTMLTable.Cell(MetricFormat.significant(estimate.heldOutError * 100) + "%", sortBy: estimate.heldOutError),
                        HTMLTable.Cell(estimate.checkedOn),
                    ]))
            }
        }
        return rows
    }

    /// The pairs whose roles follow evidence over a seed: the claim, the evidence, the anchor,
    /// and whether the run measured the anti-pattern faster (against the evidence).
    func evidenceOverSeed() -> [[String: String]] {
        report.pairs.compactMap { pair in
            guard let evidence = pair.evidenceOverSeed else { return nil }
            var measured = ""
            if let contradiction = pair.contradiction {
                let sizes = contradiction.sizes.map { MetricFormat.count(Double($0)) }.joined(separator: ", ")
                measured = " This run measured the anti-pattern faster at \(sizes) \(pair.sizeUnit), against the evidence: \(contradiction.cause)"
            }
            return [
                "anti": pair.antiPattern, "fix": pair.fix, "seed": evidence.seed, "claim": evidence.claim,
                "evidence": evidence.evidence, "anchor": evidence.anchor, "measured": measured,
            ]
        }
    }

    /// The pairs whose anti-pattern ran faster than its fix, with the cause (a pair whose roles
    /// follow evidence over a seed is listed with that evidence instead).
    func contradictions() -> [[String: String]] {
        report.pairs.compactMap { pair in
            guard let contradiction = pair.contradiction, pair.evidenceOverSeed == nil else { return nil }
            let at = zip(contradiction.sizes, contradiction.wallTimeRatios).map {
                "\(MetricFormat.ratio($0.1)) at \(MetricFormat.count(Double($0.0)))"
            }.joined(separator: ", ")
            var counters = ""
            if let last = pair.sizes.first(where: { $0.size == contradiction.sizes.last }) {
                let parts = [Metric.solves, .cellUpdates].compactMap { metric -> String? in
                    guard let ratio = last.ratios[metric.rawValue] ?? nil else { return nil }
                    return "\(metric.label) \(MetricFormat.ratio(ratio))"
                }
                if !parts.isEmpty { counters = " (counters there: " + parts.joined(separator: ", ") + ")" }
            }
            return [
                "anti": pair.antiPattern, "fix": pair.fix, "at": at, "unit": pair.sizeUnit, "counters": counters, "cause": contradiction.cause,
            ]
        }
    }

    // MARK: Growth

    /// The metrics the growth table shows, in its column order.
    static let growthMetrics: [Metric] = [.wallNanoseconds, .cellUpdates, .rowOperations, .allocations]

    func growthSection() -> String {
        var rows: [HTMLTable.Row] = []
        for family in report.families {
            for entry in family.scenarios {
                var cells = [
                    HTMLTable.Cell(family.name),
                    HTMLTable.Cell(html: HTML.link("#scenario-\(HTML.slug(entry.name))", entry.name), sortValue: entry.name),
                    HTMLTable.Cell(entry.role ?? ""),
                ]
                let sizeCount = sizeCount(of: entry.name)
                for metric in Self.growthMetrics {
                    let brief = entry.growth[metric.rawValue]
                    cells.append(HTMLTable.Cell(brief.map { Self.growthText($0, sizeCount: sizeCount) } ?? "–", sortBy: brief?.logLogExponent))
                }
                rows.append(HTMLTable.Row(cells))
            }
        }
        let claims = seedClaims()
        return PageTemplates.render(
            "report-growth",
            [
                "hasClaims": !claims.isEmpty, "claims": claims,
                "growthTable": HTMLTable(
                    id: "growth-table",
                    columns: [.init("Family"), .init("Scenario"), .init("Role")]
                        + Self.growthMetrics.map { .init($0.label, numeric: true) },
                    rows: rows, filterable: true
                ).render(),
            ])
    }

    /// `O(n^2) · 1.63`: the model's label (``FamilySummary/Brief/label(sizeCount:)``) and the
    /// log-log exponent.
    static func growthText(_ brief: FamilySummary.Brief, sizeCount: Int) -> String {
        brief.label(sizeCount: sizeCount) + (brief.logLogExponent.map { " · " + String(format: "%.2f", $0) } ?? "")
    }

    /// The distinct sizes the scenario `name`'s growth was fitted over.
    func sizeCount(of name: String) -> Int {
        (report.scenarios.first { $0.name == name }).map { Set($0.growth.sizes).count } ?? 0
    }

    /// What the run says of the seeds' scaling claims (seed 002): independent hierarchies
    /// cost linearly, cross-linked constraints O(n²) to O(n³). Empty when the run lacks them.
    func seedClaims() -> [[String: Any]] {
        guard let family = report.families.first(where: { $0.name == "hierarchies" }) else { return [] }
        func fit(_ name: String) -> (FamilySummary.Brief, FamilySummary.Brief)? {
            guard let entry = family.scenarios.first(where: { $0.name == name }),
                let cells = entry.growth[Metric.cellUpdates.rawValue], let wall = entry.growth[Metric.wallNanoseconds.rawValue]
            else { return nil }
            return (cells, wall)
        }
        var items: [[String: Any]] = []
        func claim(_ title: String, _ verdict: String, _ scenario: String, _ cells: FamilySummary.Brief, _ wall: FamilySummary.Brief) {
            items.append([
                "first": items.isEmpty, "title": title, "verdict": verdict, "scenario": scenario,
                "cells": Self.growthText(cells, sizeCount: sizeCount(of: scenario)),
                "wall": Self.growthText(wall, sizeCount: sizeCount(of: scenario)),
            ])
        }
        if let (cells, wall) = fit("hierarchies/independent"), let exponent = cells.logLogExponent {
            let holds = exponent < 1.2 && cells.model != "O(n^2)" && cells.model != "O(n^3)"
            claim("Independent hierarchies cost linearly:", holds ? "holds" : "does not hold", "hierarchies/independent", cells, wall)
        }
        if let (cells, wall) = fit("hierarchies/cross-linked"), let exponent = cells.logLogExponent {
            let quadratic = cells.model == "O(n^2)" || cells.model == "O(n^3)" || exponent >= 1.8
            let verdict = quadratic ? "holds" : exponent >= 1.2 ? "holds in part (superlinear, below quadratic)" : "does not hold"
            claim("Cross-linked constraints cost O(n²) to O(n³):", verdict, "hierarchies/cross-linked", cells, wall)
        }
        return items
    }

    // MARK: Scenarios

    func scenariosSection() -> String {
        PageTemplates.render(
            "report-scenarios",
            [
                "names": report.scenarios.enumerated().map {
                    ["first": $0.offset == 0, "slug": HTML.slug($0.element.name), "name": $0.element.name] as [String: Any]
                },
                "scenarios": report.scenarios.map(scenarioContext),
            ])
    }

    /// One scenario's section: summary, pair, tags, charts and tables.
    func scenarioContext(_ scenario: ScenarioResult) -> [String: Any] {
        let partner = scenario.pair.flatMap { pair in report.scenarios.first { $0.name == pair.partner } }
        var context: [String: Any] = [
            "slug": HTML.slug(scenario.name), "name": scenario.name, "status": scenario.status.rawValue, "summary": scenario.summary,
            "filterText": ([scenario.name, scenario.family, scenario.summary] + scenario.tags).joined(separator: " "),
            "tags": scenario.tags.joined(separator: ", "), "sizeUnit": scenario.sizeUnit, "operationUnit": scenario.operationUnit,
            "hasExpectations": !scenario.expectations.isEmpty,
            "expectations": scenario.expectations.enumerated().map { ["first": $0.offset == 0, "text": $0.element] as [String: Any] },
        ]
        if let pair = scenario.pair {
            var entry: [String: Any] = [
                "role": pair.role, "otherRole": pair.role == "anti-pattern" ? "fix" : "anti-pattern", "partner": pair.partner,
            ]
            if report.scenarios.contains(where: { $0.name == pair.partner }) { entry["partnerSlug"] = HTML.slug(pair.partner) }
            context["pair"] = entry
        }
        var charts = [
            chart(scenario, partner: partner, metric: .wallNanoseconds, label: "Wall time (median, p10–p90)"),
            chart(scenario, partner: partner, metric: .cellUpdates, label: "Cell updates (tableau work)"),
        ]
        if scenario.sizes.allSatisfy({ $0.allocations != nil }) {
            charts.append(chart(scenario, partner: partner, metric: .allocations, label: "Allocations"))
        }
        context["charts"] = charts
        context["tables"] = measurementsTable(scenario) + countersTable(scenario) + growthTable(scenario)
        return context
    }

    /// A log-log chart of one metric against size: the scenario, its partner, both fits.
    /// (The figure's parts for `Templates/figure.mustache`: svg, label, legend.)
    func chart(_ scenario: ScenarioResult, partner: ScenarioResult?, metric: Metric, label: String) -> [String: String] {
        var series: [SVGLineChart.Series] = []
        var legend: [(text: String, style: Int, dashed: Bool)] = []
        for (style, result) in [scenario, partner].compactMap({ $0 }).enumerated() {
            var points: [SVGLineChart.Point] = []
            for size in result.sizes {
                guard let value = size.value(of: metric) else { continue }
                var point = SVGLineChart.Point(x: Double(size.size), y: value)
                if metric == .wallNanoseconds, let statistics = SampleStatistics(integers: size.time.wallNanoseconds.samples), statistics.count > 1 {
                    point.low = statistics.percentile(0.1)
                    point.high = statistics.percentile(0.9)
                    point.label =
                        "\(result.name) at \(size.size): median \(MetricFormat.duration(nanoseconds: value)), "
                        + "p10 \(MetricFormat.duration(nanoseconds: statistics.percentile(0.1))), p90 \(MetricFormat.duration(nanoseconds: statistics.percentile(0.9)))"
                } else {
                    point.label = "\(result.name) at \(size.size): \(MetricFormat.value(value, metric: metric.rawValue))"
                }
                points.append(point)
            }
            var curve: [(x: Double, y: Double)] = []
            var fitText = "not fitted"
            if let fit = result.growth.metrics[metric.rawValue], let first = result.sizes.first?.size, let last = result.sizes.last?.size {
                curve = SVGLineChart.modelCurve(model: fit.model, intercept: fit.intercept, slope: fit.slope, from: Double(first), to: Double(last))
                fitText = "fit \(fit.model)" + (fit.logLogExponent.map { ", log-log exponent \(MetricFormat.significant($0))" } ?? "")
            } else if let unavailable = result.growth.unavailable {
                fitText = unavailable
            }
            series.append(SVGLineChart.Series(name: result.name, style: style, points: points, curve: curve))
            legend.append((result.name + (result.pair.map { " (\($0.role))" } ?? ""), style, false))
            legend.append(("\(result.name): \(fitText)", style, true))
        }
        let isTime = metric == .wallNanoseconds || metric == .cpuNanoseconds
        let yFormat: @Sendable (Double) -> String
        if isTime {
            yFormat = { MetricFormat.duration(nanoseconds: $0) }
        } else {
            yFormat = { MetricFormat.count($0) }
        }
        let names: [String] = series.map { $0.name }
        let axisLabel: String = String(label.split(separator: "(").first ?? Substring(label)).trimmingCharacters(in: .whitespaces) + " (log)"
        let chart = SVGLineChart(
            title: "\(label) against size, log-log: " + names.joined(separator: " and "),
            xLabel: scenario.sizeUnit + " (log)", yLabel: axisLabel, series: series, yFormat: yFormat)
        return ["svg": chart.svg(), "label": label, "legend": SVGLineChart.legend(legend)]
    }

    func measurementsTable(_ scenario: ScenarioResult) -> String {
        // The load columns only where the run recorded load figures (not in older reports or instruction runs).
        let hasLoad = scenario.sizes.contains { $0.time.busy != nil }
        // The instruction columns only in a run with --instructions.
        let hasInstructions = scenario.sizes.contains { $0.instructions != nil }
        var rows: [HTMLTable.Row] = []
        for size in scenario.sizes {
            let wall = size.time.wallNanoseconds, cpu = size.time.cpuNanoseconds
            let statistics = SampleStatistics(integers: wall.samples)
            func counter(_ name: String) -> HTMLTable.Cell {
                let value = size.counters[name].map(Double.init)
                return HTMLTable.Cell(value.map { MetricFormat.count($0) } ?? "–", sortBy: value)
            }
            rows.append(
                HTMLTable.Row(
                    [
                        HTMLTable.Cell(MetricFormat.count(Double(size.size)), sortBy: Double(size.size)),
                        HTMLTable.Cell(MetricFormat.count(Double(size.operations)), sortBy: Double(size.operations)),
                        HTMLTable.Cell(MetricFormat.duration(nanoseconds: wall.median), sortBy: wall.median),
                        HTMLTable.Cell(
                            statistics.map {
                                "\(MetricFormat.duration(nanoseconds: $0.percentile(0.1)))–\(MetricFormat.duration(nanoseconds: $0.percentile(0.9)))"
                            } ?? "–",
                            sortBy: statistics?.percentile(0.9)),
                        HTMLTable.Cell(MetricFormat.duration(nanoseconds: cpu.median), sortBy: cpu.median),
                    ] + (hasLoad ? [.wallToCPU(size.time), .loadAverage(size.time)] : [])
                        + (hasInstructions ? Self.instructionCells(size) : []) + [
                            HTMLTable.Cell("\(wall.count)", sortBy: Double(wall.count)),
                            HTMLTable.Cell(
                                size.allocations.map { MetricFormat.count(Double($0.count)) + ($0.repetitionsAgree ? "" : " *") } ?? "–",
                                sortBy: size.allocations.map { Double($0.count) }),
                            HTMLTable.Cell(
                                size.allocations.map { MetricFormat.bytes(Double($0.bytes)) } ?? "–",
                                sortBy: size.allocations.map { Double($0.bytes) }),
                            HTMLTable.Cell(MetricFormat.bytes(Double(size.memory.peakIncreaseBytes)), sortBy: Double(size.memory.peakIncreaseBytes)),
                            counter("solves"), counter("pivots"), counter("rowOperations"), counter("cellUpdates"),
                            HTMLTable.Cell(html: HTML.badge(size.status.rawValue, kind: size.status.rawValue), sortValue: size.status.rawValue),
                        ]))
        }
        let columns: [HTMLTable.Column] = [
            .init("Size", numeric: true), .init("Operations", numeric: true), .init("Wall median", numeric: true),
            .init("Wall p10–p90", numeric: true), .init("CPU median", numeric: true),
        ]
        let loadColumns: [HTMLTable.Column] = [
            .init(
                "Wall/CPU", numeric: true,
                help: "median wall time ÷ median CPU time; busy above \(BusyRule.wallToCPUThreshold)× or a load average over the logical cores"),
            .init("Load average", numeric: true, help: "1-minute load average at the measurement's start → end"),
        ]
        let instructionColumns: [HTMLTable.Column] = [
            .init("Instructions", numeric: true, help: "one run() counted by callgrind (--instructions)"),
            .init(
                "In the solver", numeric: true,
                help:
                    "share of the instructions executed inside the solver, with the runtime code it calls; the rest is the engine's and the scenario's"
            ),
            .init(
                "Exclusivity checks", numeric: true,
                help: "Swift's runtime exclusivity checks (swift_beginAccess) in the same run(): none per operation in a release engine"
            ),
        ]
        let rest: [HTMLTable.Column] = [
            .init("Timed reps", numeric: true), .init("Allocations", numeric: true, help: "* the counting repetitions disagreed"),
            .init("Allocated", numeric: true), .init("Peak increase", numeric: true), .init("Solves", numeric: true),
            .init("Pivots", numeric: true), .init("Row operations", numeric: true), .init("Cell updates", numeric: true), .init("Status"),
        ]
        return HTMLTable(
            id: "measurements-\(HTML.slug(scenario.name))", caption: "Time and counters per size",
            columns: columns + (hasLoad ? loadColumns : []) + (hasInstructions ? instructionColumns : []) + rest, rows: rows
        ).render()
    }

    /// A measurement's instructions, the solver's share of them and its exclusivity checks
    /// (`–` where not counted).
    static func instructionCells(_ size: SizeResult) -> [HTMLTable.Cell] {
        let instructions = size.instructions.map { Double($0) }  // not map(Double.init): that is init(bitPattern:) on UInt64
        let share = size.solverInstructions.flatMap { solver in instructions.flatMap { $0 > 0 ? Double(solver) / $0 : nil } }
        let checks = size.exclusivityChecks.map { Double($0) }
        return [
            HTMLTable.Cell(instructions.map { MetricFormat.count($0) } ?? "–", sortBy: instructions),
            HTMLTable.Cell(share.map { MetricFormat.significant($0 * 100) + "%" } ?? "–", sortBy: share),
            HTMLTable.Cell(checks.map { MetricFormat.count($0) } ?? "–", sortBy: checks),
        ]
    }

    func countersTable(_ scenario: ScenarioResult) -> String {
        let names = scenario.sizes.first?.counters.keys ?? []
        let nonzero = names.filter { name in scenario.sizes.contains { ($0.counters[name] ?? 0) != 0 } }
        let zero = names.filter { !nonzero.contains($0) }
        var rows: [HTMLTable.Row] = []
        for name in nonzero {
            var cells = [HTMLTable.Cell(name)]
            for size in scenario.sizes {
                let value = Double(size.counters[name] ?? 0)
                cells.append(HTMLTable.Cell(MetricFormat.count(value), sortBy: value))
            }
            rows.append(HTMLTable.Row(cells))
        }
        var html = HTMLTable(
            id: "counters-\(HTML.slug(scenario.name))",
            columns: [.init("Counter")] + scenario.sizes.map { .init("n = \(MetricFormat.count(Double($0.size)))", numeric: true) },
            rows: rows
        ).render()
        if !zero.isEmpty {
            let names = zero.enumerated().flatMap { [Markup.text($0.offset == 0 ? "" : ", "), Markup("code", [:], [.text($0.element)])] }
            html += Markup("p", ["class": "muted"], [.text("Zero at every size: ")] + names + [.text(".")]).markup + "\n"
        }
        return PageTemplates.render("details", ["summary": "All solver counters (\(nonzero.count) nonzero)", "html": html])
    }

    func growthTable(_ scenario: ScenarioResult) -> String {
        if let unavailable = scenario.growth.unavailable {
            return HTML.paragraph("Growth: \(unavailable)", class: "muted")
        }
        var rows: [HTMLTable.Row] = []
        for (name, fit) in scenario.growth.metrics {
            rows.append(
                HTMLTable.Row([
                    HTMLTable.Cell(name), HTMLTable.Cell(fit.model),
                    HTMLTable.Cell(fit.logLogExponent.map { MetricFormat.significant($0) } ?? "–", sortBy: fit.logLogExponent),
                    HTMLTable.Cell(MetricFormat.significant(fit.rSquared), sortBy: fit.rSquared),
                    HTMLTable.Cell(MetricFormat.pValue(fit.pValue), sortBy: fit.pValue),
                    HTMLTable.Cell(fit.bestGrowthModel ?? "–"),
                ]))
        }
        let table = HTMLTable(
            id: "growth-\(HTML.slug(scenario.name))",
            columns: [
                .init("Metric"), .init("Model"), .init("Log-log exponent", numeric: true), .init("R²", numeric: true),
                .init("p (vs O(1))", numeric: true), .init("Best growth model"),
            ],
            rows: rows
        ).render()
        return PageTemplates.render("details", ["summary": "Growth fits", "html": table])
    }

    // MARK: Environment

    func environmentSection() -> String {
        let environment = report.environment, options = report.options
        var groups: [(title: String, facts: [(String, String)])] = []
        groups.append(
            (
                "Tool and commit",
                [
                    ("Tool", "\(report.tool.name) \(report.tool.version)"),
                    ("Commit", report.tool.gitCommit.map { $0 + (report.tool.gitDirty == true ? " (uncommitted changes)" : "") } ?? "unknown"),
                    ("Date", report.date), ("Measuring time", MetricFormat.significant(report.durationSeconds) + " s"),
                ]
            ))
        groups.append(
            (
                "Machine",
                [
                    ("CPU", environment.machine.cpuModel ?? "unknown"), ("Logical cores", "\(environment.machine.logicalCores)"),
                    ("Memory", MetricFormat.bytes(Double(environment.machine.memoryBytes))), ("OS", environment.machine.os ?? "unknown"),
                    ("Kernel", environment.machine.kernel ?? "unknown"), ("Architecture", environment.machine.architecture ?? "unknown"),
                ]
            ))
        groups.append(
            (
                "Toolchain",
                [
                    ("Swift", environment.toolchain.swiftVersion ?? "unknown"), ("Compiler", environment.toolchain.compilerVersion),
                    ("Build", environment.toolchain.buildConfiguration),
                ]
            ))
        groups.append(
            (
                "Measurement",
                [
                    ("jemalloc", environment.measurement.jemallocVersion ?? "not used"),
                    ("Allocations", environment.measurement.allocationCountingUnavailable.map { "not counted: \($0)" } ?? "counted"),
                    ("Peak reset", environment.measurement.peakResetSupported ? "supported" : "not supported (lifetime peaks)"),
                    (
                        "Harness overhead",
                        MetricFormat.duration(nanoseconds: environment.measurement.harnessOverhead.wallNanoseconds)
                            + (environment.measurement.harnessOverhead.allocations.map { ", \($0) allocations" } ?? "")
                    ),
                ]
            ))
        var optionFacts: [(String, String)] = [
            ("Suite", options.quick ? "quick (--quick)" : "full"),
            ("Scenarios", options.filters.isEmpty ? "all" : options.filters.joined(separator: ", ")),
            ("Tags", options.tags.isEmpty ? "any" : options.tags.joined(separator: ", ")),
            ("Sizes", options.sizes.map { $0.map(String.init).joined(separator: ", ") } ?? "each scenario's own"),
            (
                "Repetitions",
                "\(options.warmup) warm-up, \(options.minimumRepetitions) to \(options.maximumRepetitions) timed, \(options.countingRepetitions) counting"
            ),
            ("Time budget", MetricFormat.significant(options.timeBudgetSeconds) + " s"),
            ("Formats", options.formats.joined(separator: ", ")),
        ]
        if let churn = options.injectChurn { optionFacts.append(("Injected churn", "\(churn) constraints per frame (--inject-churn)")) }
        if let work = options.injectWork { optionFacts.append(("Injected work", "\(work) steps per cell update in every solve (--inject-work)")) }
        if let shard = options.shard {
            optionFacts.append(("Shard", "\(shard) of the selection's measurements (--shard; join the shards with layoutbench merge)"))
        }
        if options.instructions == true { optionFacts.append(("Instructions", "counted under valgrind's callgrind (--instructions)")) }
        groups.append(("Options", optionFacts))
        return PageTemplates.render(
            "report-environment",
            ["groups": groups.map { ["title": $0.title, "facts": $0.facts.map { ["label": $0.0, "value": $0.1] }] }])
    }
}
