/// The report page with a comparison against a baseline (`layoutbench check`): the summary
/// counts its regressions and the `baseline` section lists what gated.
extension ReportPage {
    public init(report: Report, comparison: ReportComparison?, baselineName: String? = nil) {
        self.init(
            report: report,
            baseline: comparison.map {
                Baseline(name: baselineName, regressions: $0.regressions.count, section: Self.baselineSection($0, baselineName: baselineName))
            })
    }

    static func baselineSection(_ comparison: ReportComparison, baselineName: String?) -> String {
        var context: [String: Any] = [
            "label": comparison.base.label, "thresholds": comparison.thresholdsSource, "counts": comparison.countsText,
            "warnings": comparison.warnings,
        ]
        if let baselineName { context["baselineName"] = baselineName }
        if let lost = comparison.lostCoverageSummary { context["lost"] = lost }
        let gating = comparison.rows.filter { $0.verdict == .regression || $0.verdict == .improvement }
        if gating.isEmpty && !comparison.lostCoverage.isEmpty {
            context["unsettled"] = true
        } else if gating.isEmpty {
            context["passed"] = true
        } else {
            context["changesTable"] = ComparisonPage.rowsTable(gating, id: "baseline-changes", filterable: gating.count > 10)
        }
        return PageTemplates.render("report-baseline", context)
    }
}
