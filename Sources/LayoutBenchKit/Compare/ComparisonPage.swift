/// A comparison as one self-contained HTML page: the two runs, the verdict counts, the
/// regressions and improvements, the wall-time ratio of every scenario as bars, and every
/// compared metric in a sortable table with a text filter and a verdict filter. Section ids:
/// `summary`, `changes`, `time`, `metrics`. The markup is `Templates/comparison.mustache`.
public enum ComparisonPage {
    /// The page.
    ///
    /// - Parameters:
    ///   - title: The heading (`layoutbench compare`).
    ///   - baseName: A baseline's name, or `nil`.
    public static func html(_ comparison: ReportComparison, title: String = "layoutbench comparison", baseName: String? = nil) -> String {
        let regressions = comparison.regressions.count, improvements = comparison.improvements.count
        var context: [String: Any] = [
            "facts": HTML.facts([
                ("Base", (baseName.map { "baseline '\($0)': " } ?? "") + "\(comparison.base.label) (\(comparison.base.path))"),
                ("Head", "\(comparison.head.label) (\(comparison.head.path))"),
                ("Machines", "\(comparison.base.machine ?? "unknown") · \(comparison.head.machine ?? "unknown")"),
                ("Builds", "\(comparison.base.buildConfiguration) · \(comparison.head.buildConfiguration)"),
                ("Thresholds", comparison.thresholdsSource),
                ("Verdicts", comparison.countsText),
            ]),
            "warnings": comparison.warnings,
            "busy": [("Base", comparison.load.baseWarning), ("Head", comparison.load.headWarning)].compactMap { side, warning in
                warning.map { ["side": side, "text": $0] }
            },
        ]
        if let lost = comparison.lostCoverageSummary { context["lostCoverage"] = lost }
        if regressions > 0 {
            context["regressed"] = [
                "count": String(regressions), "s": regressions == 1 ? "" : "s", "thresholds": regressions == 1 ? "its threshold" : "their thresholds",
            ]
        } else if improvements > 0 {
            context["improved"] = ["count": String(improvements), "s": improvements == 1 ? "" : "s"]
        } else if comparison.lostCoverage.isEmpty {
            context["passed"] = true
        } else {
            context["unsettled"] = true
        }
        if !comparison.onlyInBase.isEmpty { context["onlyInBase"] = comparison.onlyInBase.joined(separator: ", ") }
        if !comparison.onlyInHead.isEmpty { context["onlyInHead"] = comparison.onlyInHead.joined(separator: ", ") }

        let changes = comparison.rows.filter { $0.verdict == .regression || $0.verdict == .improvement }
        if !changes.isEmpty { context["changesTable"] = rowsTable(changes, id: "changes-table", filterable: changes.count > 10) }

        var bars: [SVGRatioBars.Bar] = []
        var largest: [String: Int] = [:]
        for row in comparison.rows { largest[row.scenario] = max(largest[row.scenario] ?? 0, row.size) }
        for row in comparison.rows where row.metric == "wallNanoseconds" && row.size == largest[row.scenario] {
            bars.append(
                SVGRatioBars.Bar(
                    label: row.scenario, ratio: row.base > 0 ? row.head / row.base : nil, low: row.ratioLower, high: row.ratioUpper))
        }
        if !bars.isEmpty { context["bars"] = SVGRatioBars(title: "Wall time ratio head ÷ base per scenario", bars: bars).svg() }
        if let table = loadTable(comparison.load) { context["loadTable"] = table }

        let shown = comparison.rows.filter { $0.base != 0 || $0.head != 0 }
        if shown.count < comparison.rows.count { context["zeroCounters"] = String(comparison.rows.count - shown.count) }
        let select = HTMLTable.attributeFilter(
            table: "metrics-table", attribute: "data-verdict", label: "Verdict",
            options: [("", "all")] + ReportComparison.Verdict.allCases.map { ($0.rawValue, $0.rawValue) })
        context["metricsTable"] = rowsTable(shown, id: "metrics-table", filterable: true, extraControls: select)

        return HTMLPage(
            title: title, subtitle: "\(comparison.base.label) → \(comparison.head.label)",
            navigation: [("summary", "Summary"), ("changes", "Regressions and improvements"), ("time", "Wall time"), ("metrics", "Every metric")],
            body: PageTemplates.render("comparison", context)
        ).render()
    }

    /// Per measurement, each run's load averages and wall/CPU ratio (folded), or `nil` when
    /// neither run recorded load figures.
    static func loadTable(_ load: ReportComparison.Load) -> String? {
        guard !load.measurements.isEmpty else { return nil }
        let table = HTMLTable(
            id: "load-table",
            columns: [
                .init("Scenario"), .init("Size", numeric: true), .init("Base load average", numeric: true),
                .init("Base wall/CPU", numeric: true, help: "median wall time ÷ median CPU time; busy above \(BusyRule.wallToCPUThreshold)×"),
                .init("Head load average", numeric: true),
                .init("Head wall/CPU", numeric: true, help: "median wall time ÷ median CPU time; busy above \(BusyRule.wallToCPUThreshold)×"),
            ],
            rows: load.measurements.map {
                HTMLTable.Row([
                    HTMLTable.Cell($0.scenario), HTMLTable.Cell(MetricFormat.count(Double($0.size)), sortBy: Double($0.size)),
                    .loadAverage($0.base), .wallToCPU($0.base), .loadAverage($0.head), .wallToCPU($0.head),
                ])
            }, filterable: load.measurements.count > 10
        ).render()
        let busy = (load.measurements.filter { $0.base.busy == true }.count, load.measurements.filter { $0.head.busy == true }.count)
        return PageTemplates.render(
            "details",
            [
                "summary": "Load average and wall/CPU per measurement (busy: \(busy.0) in the base, \(busy.1) in the head)",
                "html": table,
            ])
    }

    /// A sortable table of comparison rows (also used in the report's baseline section).
    public static func rowsTable(_ rows: [ReportComparison.Row], id: String, filterable: Bool, extraControls: String = "") -> String {
        HTMLTable(
            id: id,
            columns: [
                .init("Scenario"), .init("Size", numeric: true), .init("Metric"), .init("Base", numeric: true), .init("Head", numeric: true),
                .init("Change", numeric: true), .init("Verdict"), .init("Limit"), .init("Detail", wraps: true),
            ],
            rows: rows.map { row in
                HTMLTable.Row(
                    [
                        HTMLTable.Cell(row.scenario), HTMLTable.Cell(MetricFormat.count(Double(row.size)), sortBy: Double(row.size)),
                        HTMLTable.Cell(row.metric),
                        HTMLTable.Cell(MetricFormat.value(row.base, metric: row.metric), sortBy: row.base),
                        HTMLTable.Cell(MetricFormat.value(row.head, metric: row.metric), sortBy: row.head),
                        HTMLTable.Cell(row.changeText, sortBy: row.relativeChange ?? (row.head == row.base ? 0 : .greatestFiniteMagnitude)),
                        HTMLTable.Cell(
                            html: HTML.badge(ComparisonOutput.verdictText(row), kind: row.informational ? "info" : row.verdict.rawValue),
                            sortValue: row.verdict.rawValue),
                        HTMLTable.Cell(row.limit), HTMLTable.Cell(row.reason),
                    ],
                    attributes: [("class", row.informational ? "" : row.verdict.rawValue), ("data-verdict", row.verdict.rawValue)])
            }, filterable: filterable, extraControls: extraControls
        ).render()
    }
}
