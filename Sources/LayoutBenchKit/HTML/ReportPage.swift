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
    public var comparison: ReportComparison?
    /// The baseline's name, for headings.
    public var baselineName: String?

    public init(report: Report, comparison: ReportComparison? = nil, baselineName: String? = nil) {
        self.report = report
        self.comparison = comparison
        self.baselineName = baselineName
    }

    /// The page.
    public func html() -> String {
        var body = summarySection()
        if !report.failures.isEmpty { body += failuresSection() }
        if let comparison { body += baselineSection(comparison) }
        body += pairsSection()
        body += growthSection()
        body += scenariosSection()
        body += environmentSection()
        var navigation: [(id: String, label: String)] = [("summary", "Summary")]
        if !report.failures.isEmpty { navigation.append(("failures", "Failures")) }
        if comparison != nil { navigation.append(("baseline", "Baseline")) }
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

    /// What the numbers are of, and where the seeds and tags are defined.
    static let modelNote =
        "These numbers measure layoutbench's model of UIKit's Auto Layout on its own Cassowary solver, not UIKit on a device: "
        + "the counters are the solver work a pattern asks for; the times are the model's on this machine. Tags "
        + "<code>seed-000</code> to <code>seed-004</code> name the seed articles whose claims a scenario reproduces. "
        + "docs/fidelity.md says what is modelled and what is not, and names the seeds."

    func summarySection() -> String {
        var html = "<section id=\"summary\"><h2>Summary</h2>\n"
        html += "<p class=\"muted\">\(Self.modelNote)</p>\n"
        let failedScenarios = report.scenarios.filter { $0.status == .failed }.count
        if let churn = report.options.injectChurn {
            html +=
                "<p class=\"notice\"><b>Injected churn:</b> this run deactivated and reactivated up to \(churn) constraints in every display frame "
                + "(<code>--inject-churn \(churn)</code>), a deliberately slowed variant for testing gates. Its expectations were "
                + "checked but not enforced (see the warnings).</p>\n"
        }
        if report.status == .passed {
            html +=
                "<p class=\"notice ok\">\(HTML.badge("passed", kind: "passed")) Every scenario met its expectations in every "
                + "repetition, with identical counters across repetitions.</p>\n"
        } else {
            html +=
                "<p class=\"notice fail\">\(HTML.badge("failed", kind: "failed")) \(report.failures.count) failure"
                + "\(report.failures.count == 1 ? "" : "s") in \(failedScenarios) scenario\(failedScenarios == 1 ? "" : "s"): "
                + "see <a href=\"#failures\">Failures</a>.</p>\n"
        }
        let sizes = report.scenarios.reduce(0) { $0 + $1.sizes.count }
        var cards: [(String, String)] = [
            ("\(report.scenarios.count)", "scenarios run"),
            ("\(sizes)", "scenario sizes measured"),
            ("\(report.scenarios.count - failedScenarios) / \(report.scenarios.count)", "scenarios met their expectations"),
            ("\(report.pairs.count)", "anti-pattern/fix pairs"),
            (MetricFormat.significant(report.durationSeconds) + " s", "measuring time"),
        ]
        if let comparison {
            cards.append(("\(comparison.regressions.count)", "regressions against \(baselineName.map { "'\($0)'" } ?? "the baseline")"))
        }
        html +=
            "<div class=\"cards\">"
            + cards.map {
                "<div class=\"card\"><span class=\"big\">\(HTML.escape($0.0))</span><span class=\"label\">\(HTML.escape($0.1))</span></div>"
            }.joined() + "</div>\n"

        // The largest ratios.
        let ranked = report.pairs.compactMap { pair -> (PairComparison, Double)? in
            guard let ratio = pair.atLargestCommonSize?[Metric.wallNanoseconds.rawValue] ?? nil else { return nil }
            return (pair, ratio)
        }.sorted { $0.1 > $1.1 }
        if !ranked.isEmpty {
            html += "<h3>Largest anti-pattern / fix ratios</h3>\n"
            html += "<p class=\"muted\">At the largest size both sides ran: how many times more the anti-pattern costs than its fix.</p>\n"
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
                        html: "<a href=\"#pair-\(HTML.slug(pair.antiPattern))\">\(HTML.escape(pair.antiPattern))</a> / \(HTML.escape(pair.fix))",
                        sortValue: pair.antiPattern),
                    HTMLTable.Cell(
                        MetricFormat.count(Double(pair.largestCommonSize ?? 0)) + " " + pair.sizeUnit, sortBy: Double(pair.largestCommonSize ?? 0)),
                    HTMLTable.Cell(wall, sortBy: ratio), cell(.solves), cell(.cellUpdates), cell(.allocations),
                ])
            }
            html += HTMLTable(
                id: "largest-ratios",
                columns: [
                    .init("Anti-pattern / fix"), .init("Size", numeric: true), .init("Wall time", numeric: true),
                    .init("Solves", numeric: true), .init("Cell updates", numeric: true), .init("Allocations", numeric: true),
                ], rows: rows
            ).render()
        }
        if comparison == nil {
            html +=
                "<p class=\"muted\">No baseline was given. <code>layoutbench check --baseline NAME</code> compares a run with a saved "
                + "baseline and shows its regressions here (docs/ci.md).</p>\n"
        }
        if !report.warnings.isEmpty {
            html += "<h3>Warnings</h3><ul>" + report.warnings.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>\n"
        }
        return html + "</section>\n"
    }

    func failuresSection() -> String {
        var html = "<section id=\"failures\"><h2>Failures</h2>\n"
        html += HTMLTable(
            id: "failures-table",
            columns: [
                .init("Scenario"), .init("Size", numeric: true), .init("Kind"), .init("Expected"), .init("What happened", wraps: true),
                .init("Repetitions"),
            ],
            rows: report.failures.map {
                HTMLTable.Row([
                    HTMLTable.Cell(html: "<a href=\"#scenario-\(HTML.slug($0.scenario))\">\(HTML.escape($0.scenario))</a>", sortValue: $0.scenario),
                    HTMLTable.Cell(MetricFormat.count(Double($0.size)), sortBy: Double($0.size)), HTMLTable.Cell($0.kind.rawValue),
                    HTMLTable.Cell($0.expectation), HTMLTable.Cell($0.detail), HTMLTable.Cell(Report.Failure.ranges($0.repetitions)),
                ])
            }, filterable: report.failures.count > 10
        ).render()
        return html + "</section>\n"
    }

    func baselineSection(_ comparison: ReportComparison) -> String {
        var html = "<section id=\"baseline\"><h2>Against the baseline\(baselineName.map { " '\(HTML.escape($0))'" } ?? "")</h2>\n"
        html +=
            "<p>Baseline: \(HTML.escape(comparison.base.label)). Thresholds: \(HTML.escape(comparison.thresholdsSource)). "
            + "\(HTML.escape(comparison.countsText)).</p>\n"
        for warning in comparison.warnings { html += "<p class=\"notice\">\(HTML.escape(warning))</p>\n" }
        if let lost = comparison.lostCoverageSummary { html += "<p class=\"notice fail\">\(HTML.escape(lost))</p>\n" }
        let gating = comparison.rows.filter { $0.verdict == .regression || $0.verdict == .improvement }
        if gating.isEmpty && !comparison.lostCoverage.isEmpty {
            html += "<p class=\"notice\">No measured metric regressed or improved beyond its threshold.</p>\n"
        } else if gating.isEmpty {
            html += "<p class=\"notice ok\">No metric regressed or improved beyond its threshold.</p>\n"
        } else {
            html += ComparisonPage.rowsTable(gating, id: "baseline-changes", filterable: gating.count > 10)
        }
        return html + "</section>\n"
    }

    // MARK: Pairs

    func pairsSection() -> String {
        var html = "<section id=\"pairs\"><h2>Anti-pattern / fix pairs</h2>\n"
        guard !report.pairs.isEmpty else {
            return html + "<p class=\"muted\">No pair had both sides in this run.</p></section>\n"
        }
        html +=
            "<p class=\"muted\">Bars: anti-pattern ÷ fix per metric at the largest common size, on a log scale (right: the anti-pattern "
            + "costs more). The wall-time bar carries its 95% bootstrap interval.</p>\n"
        html += "<div class=\"charts\">\n"
        for pair in report.pairs {
            guard let size = pair.largestCommonSize, let ratios = pair.atLargestCommonSize else { continue }
            let interval = pair.sizes.last?.wallTimeRatioInterval
            let bars = Metric.allCases.map { metric -> SVGRatioBars.Bar in
                let ratio = ratios[metric.rawValue] ?? nil
                if metric == .wallNanoseconds, let interval {
                    return SVGRatioBars.Bar(label: RunSummary.label(metric), ratio: ratio, low: interval.lower, high: interval.upper)
                }
                return SVGRatioBars.Bar(label: RunSummary.label(metric), ratio: ratio)
            }
            html += "<figure id=\"pair-\(HTML.slug(pair.antiPattern))\">"
            html += SVGRatioBars(title: "\(pair.antiPattern) ÷ \(pair.fix) at \(size) \(pair.sizeUnit)", bars: bars).svg()
            html +=
                "<figcaption><b><a href=\"#scenario-\(HTML.slug(pair.antiPattern))\">\(HTML.escape(pair.antiPattern))</a> ÷ "
                + "<a href=\"#scenario-\(HTML.slug(pair.fix))\">\(HTML.escape(pair.fix))</a></b> at \(MetricFormat.count(Double(size))) "
                + "\(HTML.escape(pair.sizeUnit))</figcaption></figure>\n"
        }
        html += "</div>\n"
        html += contradictions()
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
        html += "<h3>Ratios at every size</h3>\n"
        html += HTMLTable(
            id: "pair-ratios",
            columns: [.init("Pair"), .init("Size", numeric: true)] + Metric.allCases.map { .init(RunSummary.label($0), numeric: true) },
            rows: rows, filterable: true
        ).render()
        return html + "</section>\n"
    }

    /// The pairs whose anti-pattern ran faster than its fix, with the cause.
    func contradictions() -> String {
        let contradicted = report.pairs.filter { $0.contradiction != nil }
        guard !contradicted.isEmpty else { return "" }
        var html = "<h3>Pairs whose direction contradicts the seeds</h3>\n<ul class=\"claims\">"
        for pair in contradicted {
            let contradiction = pair.contradiction!
            let at = zip(contradiction.sizes, contradiction.wallTimeRatios).map {
                "\(MetricFormat.ratio($0.1)) at \(MetricFormat.count(Double($0.0)))"
            }.joined(separator: ", ")
            var counters = ""
            if let last = pair.sizes.first(where: { $0.size == contradiction.sizes.last }) {
                let parts = [Metric.solves, .cellUpdates].compactMap { metric -> String? in
                    guard let ratio = last.ratios[metric.rawValue] ?? nil else { return nil }
                    return "\(RunSummary.label(metric)) \(MetricFormat.ratio(ratio))"
                }
                if !parts.isEmpty { counters = " (counters there: " + parts.joined(separator: ", ") + ")" }
            }
            html +=
                "<li><b><code>\(HTML.escape(pair.antiPattern))</code> took less wall time than <code>\(HTML.escape(pair.fix))</code></b>: "
                + "\(HTML.escape(at)) \(HTML.escape(pair.sizeUnit))\(HTML.escape(counters)). The seeds say the anti-pattern costs more. "
                + "<b>Cause:</b> \(HTML.escape(contradiction.cause)) (What the model measures, and what it does not: "
                + "docs/fidelity.md.)</li>\n"
        }
        return html + "</ul>\n"
    }

    // MARK: Growth

    /// The metrics the growth table shows, in its column order.
    static let growthMetrics: [Metric] = [.wallNanoseconds, .cellUpdates, .rowOperations, .allocations]

    func growthSection() -> String {
        var html = "<section id=\"growth\"><h2>How cost grows with size</h2>\n"
        html +=
            "<p class=\"muted\">Per scenario: the best of O(1), O(log n), O(n), O(n log n), O(n²) and O(n³) fitted with a "
            + "constant term, and the exponent of a log-log fit (1 is linear, 2 quadratic), over the sizes the run measured. "
            + "Each scenario's section has the fits of every metric and their charts.</p>\n"
        if let claims = seedClaims() { html += claims }
        var rows: [HTMLTable.Row] = []
        for family in report.families {
            for entry in family.scenarios {
                var cells = [HTMLTable.Cell(family.name),
                             HTMLTable.Cell(html: "<a href=\"#scenario-\(HTML.slug(entry.name))\">\(HTML.escape(entry.name))</a>",
                                            sortValue: entry.name),
                             HTMLTable.Cell(entry.role ?? "")]
                for metric in Self.growthMetrics {
                    let brief = entry.growth[metric.rawValue]
                    cells.append(HTMLTable.Cell(brief.map(Self.growthText) ?? "–", sortBy: brief?.logLogExponent))
                }
                rows.append(HTMLTable.Row(cells))
            }
        }
        html += HTMLTable(
            id: "growth-table",
            columns: [.init("Family"), .init("Scenario"), .init("Role")]
                + Self.growthMetrics.map { .init(RunSummary.label($0), numeric: true) },
            rows: rows, filterable: true
        ).render()
        return html + "</section>\n"
    }

    /// `O(n^2) · 1.63`: the model and the log-log exponent.
    static func growthText(_ brief: FamilySummary.Brief) -> String {
        brief.model + (brief.logLogExponent.map { " · " + String(format: "%.2f", $0) } ?? "")
    }

    /// What the run says of the seeds' scaling claims (seed 002): independent hierarchies
    /// cost linearly, cross-linked constraints O(n²) to O(n³). Nil when the run lacks them.
    func seedClaims() -> String? {
        guard let family = report.families.first(where: { $0.name == "hierarchies" }) else { return nil }
        func fit(_ name: String) -> (FamilySummary.Brief, FamilySummary.Brief)? {
            guard let entry = family.scenarios.first(where: { $0.name == name }),
                let cells = entry.growth[Metric.cellUpdates.rawValue], let wall = entry.growth[Metric.wallNanoseconds.rawValue]
            else { return nil }
            return (cells, wall)
        }
        var items: [String] = []
        if let (cells, wall) = fit("hierarchies/independent"), let exponent = cells.logLogExponent {
            let holds = exponent < 1.2 && cells.model != "O(n^2)" && cells.model != "O(n^3)"
            items.append(
                "<li><b>Independent hierarchies cost linearly:</b> \(holds ? "holds" : "does not hold") here. "
                    + "<code>hierarchies/independent</code>: cell updates \(HTML.escape(Self.growthText(cells))), wall time "
                    + "\(HTML.escape(Self.growthText(wall))).</li>")
        }
        if let (cells, wall) = fit("hierarchies/cross-linked"), let exponent = cells.logLogExponent {
            let quadratic = cells.model == "O(n^2)" || cells.model == "O(n^3)" || exponent >= 1.8
            let verdict = quadratic ? "holds" : exponent >= 1.2 ? "holds in part (superlinear, below quadratic)" : "does not hold"
            items.append(
                "<li><b>Cross-linked constraints cost O(n²) to O(n³):</b> \(verdict) here. "
                    + "<code>hierarchies/cross-linked</code>: cell updates \(HTML.escape(Self.growthText(cells))), wall time "
                    + "\(HTML.escape(Self.growthText(wall))).</li>")
        }
        guard !items.isEmpty else { return nil }
        return "<h3>The seeds' scaling claims</h3>\n<p class=\"muted\">From seed 002, <i>Auto Layout performance and correctness</i> "
            + "(docs/fidelity.md).</p>\n<ul class=\"claims\">" + items.joined(separator: "\n") + "</ul>\n"
    }

    // MARK: Scenarios

    func scenariosSection() -> String {
        var html = "<section id=\"scenarios\"><h2>Scenarios</h2>\n"
        html +=
            "<div class=\"controls\" data-js-only hidden><input type=\"search\" class=\"filter\" data-filter-sections=\"scenario-list\" "
            + "placeholder=\"Filter scenarios by name, family or tag…\" aria-label=\"Filter scenarios\"></div>\n"
        html +=
            "<p class=\"muted\">"
            + report.scenarios.map { "<a href=\"#scenario-\(HTML.slug($0.name))\">\(HTML.escape($0.name))</a>" }.joined(separator: " · ") + "</p>\n"
        html += "<div id=\"scenario-list\">\n"
        for scenario in report.scenarios { html += scenarioSection(scenario) }
        html += "</div></section>\n"
        return html
    }

    func scenarioSection(_ scenario: ScenarioResult) -> String {
        let partner = scenario.pair.flatMap { pair in report.scenarios.first { $0.name == pair.partner } }
        let filterText = ([scenario.name, scenario.family, scenario.summary] + scenario.tags).joined(separator: " ")
        var html = "<section class=\"scenario\" id=\"scenario-\(HTML.slug(scenario.name))\" data-filter-text=\"\(HTML.escape(filterText))\">\n"
        html += "<h3>\(HTML.escape(scenario.name)) \(HTML.badge(scenario.status.rawValue, kind: scenario.status.rawValue))</h3>\n"
        html += "<p>\(HTML.escape(scenario.summary))</p>\n"
        var facts: [String] = []
        if let pair = scenario.pair {
            let link =
                report.scenarios.contains { $0.name == pair.partner }
                ? "<a href=\"#scenario-\(HTML.slug(pair.partner))\">\(HTML.escape(pair.partner))</a>" : HTML.escape(pair.partner) + " (not run)"
            facts.append("<b>\(HTML.escape(pair.role))</b>; \(pair.role == "anti-pattern" ? "fix" : "anti-pattern"): \(link)")
        }
        facts.append("tags: " + scenario.tags.map(HTML.escape).joined(separator: ", "))
        facts.append("size: \(HTML.escape(scenario.sizeUnit)); per operation: \(HTML.escape(scenario.operationUnit))")
        if !scenario.expectations.isEmpty {
            facts.append("expects " + scenario.expectations.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: "; "))
        }
        html += "<p class=\"muted\">" + facts.joined(separator: " · ") + "</p>\n"

        html += "<div class=\"charts\">"
        html += chart(scenario, partner: partner, metric: .wallNanoseconds, label: "Wall time (median, p10–p90)")
        html += chart(scenario, partner: partner, metric: .cellUpdates, label: "Cell updates (tableau work)")
        if scenario.sizes.allSatisfy({ $0.allocations != nil }) {
            html += chart(scenario, partner: partner, metric: .allocations, label: "Allocations")
        }
        html += "</div>\n"

        html += measurementsTable(scenario)
        html += countersTable(scenario)
        html += growthTable(scenario)
        return html + "</section>\n"
    }

    /// A log-log chart of one metric against size: the scenario, its partner, both fits.
    func chart(_ scenario: ScenarioResult, partner: ScenarioResult?, metric: Metric, label: String) -> String {
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
        return "<figure>\(chart.svg())<figcaption><b>\(HTML.escape(label))</b>\(SVGLineChart.legend(legend))</figcaption></figure>"
    }

    func measurementsTable(_ scenario: ScenarioResult) -> String {
        var rows: [HTMLTable.Row] = []
        for size in scenario.sizes {
            let wall = size.time.wallNanoseconds, cpu = size.time.cpuNanoseconds
            let statistics = SampleStatistics(integers: wall.samples)
            func counter(_ name: String) -> HTMLTable.Cell {
                let value = size.counters[name].map(Double.init)
                return HTMLTable.Cell(value.map { MetricFormat.count($0) } ?? "–", sortBy: value)
            }
            rows.append(
                HTMLTable.Row([
                    HTMLTable.Cell(MetricFormat.count(Double(size.size)), sortBy: Double(size.size)),
                    HTMLTable.Cell(MetricFormat.count(Double(size.operations)), sortBy: Double(size.operations)),
                    HTMLTable.Cell(MetricFormat.duration(nanoseconds: wall.median), sortBy: wall.median),
                    HTMLTable.Cell(
                        statistics.map {
                            "\(MetricFormat.duration(nanoseconds: $0.percentile(0.1)))–\(MetricFormat.duration(nanoseconds: $0.percentile(0.9)))"
                        } ?? "–",
                        sortBy: statistics?.percentile(0.9)),
                    HTMLTable.Cell(MetricFormat.duration(nanoseconds: cpu.median), sortBy: cpu.median),
                    HTMLTable.Cell("\(wall.count)", sortBy: Double(wall.count)),
                    HTMLTable.Cell(
                        size.allocations.map { MetricFormat.count(Double($0.count)) + ($0.repetitionsAgree ? "" : " *") } ?? "–",
                        sortBy: size.allocations.map { Double($0.count) }),
                    HTMLTable.Cell(
                        size.allocations.map { MetricFormat.bytes(Double($0.bytes)) } ?? "–", sortBy: size.allocations.map { Double($0.bytes) }),
                    HTMLTable.Cell(MetricFormat.bytes(Double(size.memory.peakIncreaseBytes)), sortBy: Double(size.memory.peakIncreaseBytes)),
                    counter("solves"), counter("pivots"), counter("rowOperations"), counter("cellUpdates"),
                    HTMLTable.Cell(html: HTML.badge(size.status.rawValue, kind: size.status.rawValue), sortValue: size.status.rawValue),
                ]))
        }
        let columns: [HTMLTable.Column] = [
            .init("Size", numeric: true), .init("Operations", numeric: true), .init("Wall median", numeric: true),
            .init("Wall p10–p90", numeric: true), .init("CPU median", numeric: true),
            .init("Timed reps", numeric: true), .init("Allocations", numeric: true, help: "* the counting repetitions disagreed"),
            .init("Allocated", numeric: true), .init("Peak increase", numeric: true), .init("Solves", numeric: true),
            .init("Pivots", numeric: true), .init("Row operations", numeric: true), .init("Cell updates", numeric: true), .init("Status"),
        ]
        return HTMLTable(id: "measurements-\(HTML.slug(scenario.name))", caption: "Time and counters per size", columns: columns, rows: rows).render()
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
        var html = "<details><summary>All solver counters (\(nonzero.count) nonzero)</summary>\n"
        html += HTMLTable(
            id: "counters-\(HTML.slug(scenario.name))",
            columns: [.init("Counter")] + scenario.sizes.map { .init("n = \(MetricFormat.count(Double($0.size)))", numeric: true) },
            rows: rows
        ).render()
        if !zero.isEmpty { html += "<p class=\"muted\">Zero at every size: " + zero.map { "<code>\($0)</code>" }.joined(separator: ", ") + ".</p>\n" }
        return html + "</details>\n"
    }

    func growthTable(_ scenario: ScenarioResult) -> String {
        if let unavailable = scenario.growth.unavailable {
            return "<p class=\"muted\">Growth: \(HTML.escape(unavailable))</p>\n"
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
        return "<details><summary>Growth fits</summary>\n"
            + HTMLTable(
                id: "growth-\(HTML.slug(scenario.name))",
                columns: [
                    .init("Metric"), .init("Model"), .init("Log-log exponent", numeric: true), .init("R²", numeric: true),
                    .init("p (vs O(1))", numeric: true), .init("Best growth model"),
                ],
                rows: rows
            ).render() + "</details>\n"
    }

    // MARK: Environment

    func environmentSection() -> String {
        let environment = report.environment, options = report.options
        var html = "<section id=\"environment\"><h2>Environment</h2>\n"
        html +=
            "<h3>Tool and commit</h3>"
            + HTML.facts([
                ("Tool", "\(report.tool.name) \(report.tool.version)"),
                ("Commit", report.tool.gitCommit.map { $0 + (report.tool.gitDirty == true ? " (uncommitted changes)" : "") } ?? "unknown"),
                ("Date", report.date), ("Measuring time", MetricFormat.significant(report.durationSeconds) + " s"),
            ])
        html +=
            "<h3>Machine</h3>"
            + HTML.facts([
                ("CPU", environment.machine.cpuModel ?? "unknown"), ("Logical cores", "\(environment.machine.logicalCores)"),
                ("Memory", MetricFormat.bytes(Double(environment.machine.memoryBytes))), ("OS", environment.machine.os ?? "unknown"),
                ("Kernel", environment.machine.kernel ?? "unknown"), ("Architecture", environment.machine.architecture ?? "unknown"),
            ])
        html +=
            "<h3>Toolchain</h3>"
            + HTML.facts([
                ("Swift", environment.toolchain.swiftVersion ?? "unknown"), ("Compiler", environment.toolchain.compilerVersion),
                ("Build", environment.toolchain.buildConfiguration),
            ])
        html +=
            "<h3>Measurement</h3>"
            + HTML.facts([
                ("jemalloc", environment.measurement.jemallocVersion ?? "not used"),
                ("Allocations", environment.measurement.allocationCountingUnavailable.map { "not counted: \($0)" } ?? "counted"),
                ("Peak reset", environment.measurement.peakResetSupported ? "supported" : "not supported (lifetime peaks)"),
                (
                    "Harness overhead",
                    MetricFormat.duration(nanoseconds: environment.measurement.harnessOverhead.wallNanoseconds)
                        + (environment.measurement.harnessOverhead.allocations.map { ", \($0) allocations" } ?? "")
                ),
            ])
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
        html += "<h3>Options</h3>" + HTML.facts(optionFacts)
        return html + "</section>\n"
    }
}
