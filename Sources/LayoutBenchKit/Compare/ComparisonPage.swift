/// A comparison as one self-contained HTML page: the two runs, the verdict counts, the
/// regressions and improvements, the wall-time ratio of every scenario as bars, and every
/// compared metric in a sortable table with a text filter and a verdict filter. Section ids:
/// `summary`, `changes`, `time`, `metrics`.
public enum ComparisonPage {
    /// The page.
    ///
    /// - Parameters:
    ///   - title: The heading (`layoutbench compare`).
    ///   - baseName: A baseline's name, or `nil`.
    public static func html(_ comparison: ReportComparison, title: String = "layoutbench comparison", baseName: String? = nil) -> String {
        var body = "<section id=\"summary\"><h2>Summary</h2>\n"
        let regressions = comparison.regressions.count, improvements = comparison.improvements.count
        if let lost = comparison.lostCoverageSummary {
            body += "<p class=\"notice fail\">\(HTML.badge("regression", kind: "regression")) \(HTML.escape(lost))</p>\n"
        }
        if regressions > 0 {
            body +=
                "<p class=\"notice fail\">\(HTML.badge("regression", kind: "regression")) \(regressions) metric\(regressions == 1 ? "" : "s") "
                + "regressed beyond \(regressions == 1 ? "its threshold" : "their thresholds").</p>\n"
        } else if improvements > 0 {
            body +=
                "<p class=\"notice\">\(HTML.badge("improvement", kind: "improvement")) \(improvements) metric\(improvements == 1 ? "" : "s") "
                + "improved beyond the thresholds and nothing regressed: the baseline can be updated.</p>\n"
        } else if comparison.lostCoverage.isEmpty {
            body += "<p class=\"notice ok\">\(HTML.badge("pass", kind: "ok")) No metric regressed or improved beyond its threshold.</p>\n"
        } else {
            body += "<p class=\"notice\">No measured metric regressed or improved beyond its threshold.</p>\n"
        }
        body += HTML.facts([
            ("Base", (baseName.map { "baseline '\($0)': " } ?? "") + "\(comparison.base.label) (\(comparison.base.path))"),
            ("Head", "\(comparison.head.label) (\(comparison.head.path))"),
            ("Machines", "\(comparison.base.machine ?? "unknown") · \(comparison.head.machine ?? "unknown")"),
            ("Builds", "\(comparison.base.buildConfiguration) · \(comparison.head.buildConfiguration)"),
            ("Thresholds", comparison.thresholdsSource),
            ("Verdicts", comparison.countsText),
        ])
        for warning in comparison.warnings { body += "<p class=\"notice\">\(HTML.escape(warning))</p>\n" }
        if !comparison.onlyInBase.isEmpty {
            body += "<p class=\"muted\">Only in the base: \(HTML.escape(comparison.onlyInBase.joined(separator: ", ")))</p>\n"
        }
        if !comparison.onlyInHead.isEmpty {
            body += "<p class=\"muted\">Only in the head: \(HTML.escape(comparison.onlyInHead.joined(separator: ", ")))</p>\n"
        }
        body +=
            "<p class=\"muted\">Counters compare exactly (by default); times need the change of the medians beyond the threshold, a "
            + "Mann-Whitney p below the limit and the bootstrap 95% interval of the median ratio outside the noise band; memory needs the "
            + "samples' ranges apart. Otherwise a change beyond the threshold is noise (docs/ci.md, \"Verdicts\").</p>\n</section>\n"

        let changes = comparison.rows.filter { $0.verdict == .regression || $0.verdict == .improvement }
        body += "<section id=\"changes\"><h2>Regressions and improvements</h2>\n"
        body += changes.isEmpty ? "<p>None.</p>\n" : rowsTable(changes, id: "changes-table", filterable: changes.count > 10)
        body += "</section>\n"

        body += "<section id=\"time\"><h2>Wall time, head ÷ base</h2>\n"
        var bars: [SVGRatioBars.Bar] = []
        var largest: [String: Int] = [:]
        for row in comparison.rows { largest[row.scenario] = max(largest[row.scenario] ?? 0, row.size) }
        for row in comparison.rows where row.metric == "wallNanoseconds" && row.size == largest[row.scenario] {
            bars.append(
                SVGRatioBars.Bar(
                    label: row.scenario, ratio: row.base > 0 ? row.head / row.base : nil, low: row.ratioLower, high: row.ratioUpper))
        }
        if bars.isEmpty {
            body += "<p class=\"muted\">No wall times to compare.</p>\n"
        } else {
            body +=
                "<p class=\"muted\">At each scenario's largest size: the ratio of the medians (right: the head is slower), with the "
                + "bootstrap 95% interval.</p>\n"
            body += "<figure>" + SVGRatioBars(title: "Wall time ratio head ÷ base per scenario", bars: bars).svg() + "</figure>\n"
        }
        body += "</section>\n"

        body += "<section id=\"metrics\"><h2>Every compared metric</h2>\n"
        let shown = comparison.rows.filter { $0.base != 0 || $0.head != 0 }
        if shown.count < comparison.rows.count {
            body += "<p class=\"muted\">\(comparison.rows.count - shown.count) counters that are 0 in both runs are left out.</p>\n"
        }
        let select = HTMLTable.attributeFilter(
            table: "metrics-table", attribute: "data-verdict", label: "Verdict",
            options: [("", "all")] + ReportComparison.Verdict.allCases.map { ($0.rawValue, $0.rawValue) })
        body += rowsTable(shown, id: "metrics-table", filterable: true, extraControls: select)
        body += "</section>\n"

        return HTMLPage(
            title: title, subtitle: "\(comparison.base.label) → \(comparison.head.label)",
            navigation: [("summary", "Summary"), ("changes", "Regressions and improvements"), ("time", "Wall time"), ("metrics", "Every metric")],
            body: body
        ).render()
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
