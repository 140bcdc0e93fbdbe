import LayoutBenchJSON
import OrderedCollections

/// A comparison as text for a terminal, Markdown for a pull-request comment, or JSON.
public enum ComparisonOutput {
    /// The rows a summary shows: every row whose verdict is not `unchanged` (an informational
    /// one only when it regressed or improved), and the headline metrics
    /// (``CompareMetric/headline``) at each scenario's largest compared size.
    ///
    /// Informational rows without a verdict (noise, inconclusive) are left out otherwise: they
    /// gate nothing and say only that a time moved, which in CI, against a baseline from
    /// another machine, is every time of every size (the summary line counts them).
    public static func summaryRows(_ comparison: ReportComparison) -> [ReportComparison.Row] {
        var largest: [String: Int] = [:]
        for row in comparison.rows { largest[row.scenario] = max(largest[row.scenario] ?? 0, row.size) }
        return comparison.rows.filter {
            ($0.verdict != .unchanged && !isUnjudgedInformation($0))
                || ($0.size == largest[$0.scenario] && CompareMetric.headline.contains($0.metric))
        }
    }

    /// An informational row that changed without a verdict either way (noise, inconclusive).
    static func isUnjudgedInformation(_ row: ReportComparison.Row) -> Bool {
        row.informational && (row.verdict == .noise || row.verdict == .inconclusive)
    }

    /// `regression`, `improvement (info)`, ...
    static func verdictText(_ row: ReportComparison.Row) -> String {
        row.verdict.rawValue + (row.informational && row.verdict != .unchanged ? " (info)" : "")
    }

    // MARK: Text

    /// The terminal table.
    ///
    /// - Parameter all: Every row, instead of ``summaryRows(_:)``.
    public static func text(_ comparison: ReportComparison, all: Bool = false) -> String {
        var lines: [String] = []
        lines.append("Base: \(comparison.base.path) (\(comparison.base.label))")
        lines.append("Head: \(comparison.head.path) (\(comparison.head.label))")
        lines.append("Thresholds: \(comparison.thresholdsSource)")
        for warning in comparison.allWarnings { lines.append("warning: \(warning)") }
        let rows = all ? comparison.rows.filter { $0.base != 0 || $0.head != 0 } : summaryRows(comparison)
        let header = ["scenario", "size", "metric", "base", "head", "change", "verdict", "detail"]
        var table = [header]
        for row in rows {
            table.append([
                row.scenario, MetricFormat.count(Double(row.size)), row.metric,
                MetricFormat.value(row.base, metric: row.metric), MetricFormat.value(row.head, metric: row.metric),
                row.changeText, verdictText(row), row.reason,
            ])
        }
        lines.append("")
        lines += TextTable.lines(table) { [1, 3, 4, 5].contains($0) ? .right : .left }
        lines.append("")
        var summary = comparison.countsText + "."
        if all && rows.count < comparison.rows.count {
            summary += " Counters that are 0 in both runs are left out."
        } else if !all && rows.count < comparison.rows.count {
            let unjudged = comparison.rows.count(where: isUnjudgedInformation) - rows.count(where: isUnjudgedInformation)
            let leftOut =
                unjudged == 0
                ? ""
                : "; left out: \(unjudged) informational \(unjudged == 1 ? "row" : "rows") that changed without a verdict, "
                    + "noise or inconclusive"
            summary +=
                " Shown: changed metrics and \(CompareMetric.headline.joined(separator: ", ")) at each scenario's largest size"
                + " (\(rows.count) of \(comparison.rows.count) rows\(leftOut); --all shows every row)."
        }
        lines.append(summary)
        if !comparison.onlyInBase.isEmpty { lines.append("Only in the base: " + comparison.onlyInBase.joined(separator: ", ")) }
        if !comparison.onlyInHead.isEmpty { lines.append("Only in the head: " + comparison.onlyInHead.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// A Markdown summary for a pull-request comment: the verdict counts, the regressions
    /// and improvements (gating first), then noise and the headline metrics folded away.
    ///
    /// - Parameters:
    ///   - title: The first heading's text.
    ///   - baseName: How to call the base (a baseline's name), or `nil` for its path.
    public static func markdown(_ comparison: ReportComparison, title: String, baseName: String? = nil) -> String {
        var text = "## \(title)\n\n"
        text += "**Result:** \(comparison.countsText)  \n"
        text += "**Base:** \(baseName.map { "baseline \(code($0)), " } ?? "\(code(comparison.base.path)), ")\(escape(comparison.base.label))  \n"
        text += "**Head:** \(escape(comparison.head.label))  \n"
        text += "**Thresholds:** \(escape(comparison.thresholdsSource))\n\n"
        for warning in comparison.allWarnings { text += "> ⚠️ \(escape(warning))\n>\n" }
        if !comparison.allWarnings.isEmpty { text += "\n" }
        if let lost = comparison.lostCoverageSummary { text += "**\(escape(lost))**\n\n" }
        let regressions = comparison.rows(.regression).sorted { ($0.informational ? 1 : 0) < ($1.informational ? 1 : 0) }
        let improvements = comparison.rows(.improvement).sorted { ($0.informational ? 1 : 0) < ($1.informational ? 1 : 0) }
        if !regressions.isEmpty {
            text += headlines(regressions, what: "Regressed", limit: 10)
        } else if !improvements.isEmpty {
            text += headlines(improvements, what: "Improved beyond the thresholds", limit: 10)
        } else {
            text +=
                comparison.lostCoverage.isEmpty
                ? "No metric regressed or improved beyond its threshold.\n\n"
                : "No measured metric regressed or improved beyond its threshold.\n\n"
        }
        if !regressions.isEmpty {
            text += folded("All regressions (\(regressions.count))", byScenario(regressions) + "\n" + collapsedTable(regressions, limit: 60))
        }
        if !improvements.isEmpty {
            text += folded(
                "Improvements beyond the thresholds (\(improvements.count))",
                byScenario(improvements) + "\n" + collapsedTable(improvements, limit: 60))
        }
        let inconclusive = comparison.rows(.inconclusive)
        if !inconclusive.isEmpty {
            text += folded(
                "Inconclusive: changed beyond the thresholds, too few samples to test (\(inconclusive.count))",
                markdownTable(inconclusive, limit: 60))
        }
        let noise = comparison.rows(.noise)
        if !noise.isEmpty {
            text += folded("Noise: changed beyond the thresholds but not significantly (\(noise.count))", markdownTable(noise, limit: 60))
        }
        let headline = summaryRows(comparison).filter { $0.verdict == .unchanged }
        if !headline.isEmpty {
            text += folded("Unchanged headline metrics (\(headline.count))", markdownTable(headline, limit: 60))
        }
        if !comparison.onlyInBase.isEmpty || !comparison.onlyInHead.isEmpty {
            var only = ""
            if !comparison.onlyInBase.isEmpty { only += "Only in the base: " + comparison.onlyInBase.map(code).joined(separator: ", ") + "\n\n" }
            if !comparison.onlyInHead.isEmpty { only += "Only in the head: " + comparison.onlyInHead.map(code).joined(separator: ", ") + "\n" }
            text += folded("Scenario sizes in one report only (\(comparison.onlyInBase.count + comparison.onlyInHead.count))", only)
        }
        text +=
            "<sub>Counters compare exactly; times need the change beyond the threshold, Mann-Whitney p below the limit and the "
            + "bootstrap interval of the median ratio outside the noise band (docs/ci.md, \"Verdicts\").</sub>\n"
        return text
    }

    /// The metrics a reader looks at first, in order, when one line must stand for a scenario.
    static let headlineOrder = ["solves", "cellUpdates", "rowOperations", "pivots", "allocations", "instructions", "wallNanoseconds"]

    /// One line per scenario (its headline metric at the largest size with the verdict), the
    /// scenarios with the largest changes first, at most `limit`.
    static func headlines(_ rows: [ReportComparison.Row], what: String, limit: Int) -> String {
        var best: [String: ReportComparison.Row] = [:]
        var order: [String] = []
        func rank(_ row: ReportComparison.Row) -> Int { headlineOrder.firstIndex(of: row.metric) ?? headlineOrder.count }
        for row in rows {
            guard let current = best[row.scenario] else {
                best[row.scenario] = row
                order.append(row.scenario)
                continue
            }
            if (rank(row), -row.size) < (rank(current), -current.size) { best[row.scenario] = row }
        }
        let lines = order.map { best[$0]! }.sorted { abs($0.relativeChange ?? .infinity) > abs($1.relativeChange ?? .infinity) }
        var text = "\(what) in \(order.count) scenario\(order.count == 1 ? "" : "s") (one line each; the rest is folded below):\n\n"
        text += "| Scenario | Metric | Base | Head | Change |\n| --- | --- | ---: | ---: | ---: |\n"
        for row in lines.prefix(limit) {
            text +=
                "| \(code(row.scenario)) | \(code(row.metric)) at \(MetricFormat.count(Double(row.size))) | "
                + "\(MetricFormat.value(row.base, metric: row.metric)) | \(MetricFormat.value(row.head, metric: row.metric)) | \(row.changeText) |\n"
        }
        if lines.count > limit { text += "\n… and \(lines.count - limit) more scenarios.\n" }
        return text + "\n"
    }

    /// A folded Markdown section (`<details>`), closed by a blank line.
    static func folded(_ summary: String, _ body: String) -> String {
        "<details><summary>\(escape(summary))</summary>\n\n\(body)\n</details>\n\n"
    }

    /// One line per scenario: the metrics concerned and the sizes.
    static func byScenario(_ rows: [ReportComparison.Row]) -> String {
        var order: [String] = []
        var metrics: [String: [String]] = [:]
        var sizes: [String: Set<Int>] = [:]
        for row in rows {
            if metrics[row.scenario] == nil { order.append(row.scenario) }
            if !(metrics[row.scenario] ?? []).contains(row.metric) { metrics[row.scenario, default: []].append(row.metric) }
            sizes[row.scenario, default: []].insert(row.size)
        }
        return order.map { scenario in
            "- \(code(scenario)): " + metrics[scenario]!.map(code).joined(separator: ", ")
                + " (size\(sizes[scenario]!.count == 1 ? "" : "s") "
                + sizes[scenario]!.sorted().map { MetricFormat.count(Double($0)) }.joined(separator: ", ") + ")"
        }.joined(separator: "\n") + "\n"
    }

    /// One row per scenario and metric: the values at the largest size with that verdict,
    /// and every size that had it.
    static func collapsedTable(_ rows: [ReportComparison.Row], limit: Int) -> String {
        let groups = byScenarioAndMetric(rows)
        var text = "| Scenario | Metric | Sizes | Base | Head | Change | Detail |\n"
        text += "| --- | --- | ---: | ---: | ---: | ---: | --- |\n"
        for group in groups.prefix(limit) {
            let row = group.max { $0.size < $1.size }!
            let sizes = group.map(\.size).sorted().map { MetricFormat.count(Double($0)) }.joined(separator: ", ")
            text +=
                "| \(code(row.scenario)) | \(code(row.metric)) | \(sizes) | \(MetricFormat.value(row.base, metric: row.metric)) | "
                + "\(MetricFormat.value(row.head, metric: row.metric)) | \(row.changeText) | \(escape(row.reason))"
                + "\(row.informational ? " (informational)" : "") |\n"
        }
        if groups.count > limit {
            text += "\n… and \(groups.count - limit) more (the comparison page and `layoutbench compare` list all).\n"
        }
        return text + "\nBase, head and change at the largest size listed.\n"
    }

    /// The rows of each scenario and metric (all sizes), in the order they first appear.
    static func byScenarioAndMetric(_ rows: [ReportComparison.Row]) -> [[ReportComparison.Row]] {
        var groups: [[ReportComparison.Row]] = []
        var index: [String: Int] = [:]
        for row in rows {
            let key = row.scenario + "\u{0}" + row.metric
            if let position = index[key] {
                groups[position].append(row)
            } else {
                index[key] = groups.count
                groups.append([row])
            }
        }
        return groups
    }

    static func markdownTable(_ rows: [ReportComparison.Row], limit: Int = .max) -> String {
        var text = "| Scenario | Size | Metric | Base | Head | Change | Verdict | Detail |\n"
        text += "| --- | ---: | --- | ---: | ---: | ---: | --- | --- |\n"
        if rows.count > limit {
            return markdownTable(Array(rows.prefix(limit)))
                + "\n… and \(rows.count - limit) more rows (the comparison page and `layoutbench compare` list all).\n"
        }
        for row in rows {
            text +=
                "| \(code(row.scenario)) | \(MetricFormat.count(Double(row.size))) | \(code(row.metric)) | "
                + "\(MetricFormat.value(row.base, metric: row.metric)) | \(MetricFormat.value(row.head, metric: row.metric)) | "
                + "\(row.changeText) | **\(verdictText(row))** | \(escape(row.reason)) |\n"
        }
        return text
    }

    /// A name as inline code that nothing in it can break: a fence longer than any run of
    /// backticks inside, padded when the name starts or ends with one, and `|` escaped so a
    /// table cell holds it. Read by Unicode scalar, as ``escape(_:)`` is.
    static func code(_ name: String) -> String {
        var longest = 0, run = 0
        var body = ""
        body.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
            if scalar == "|" { body += "\\" }
            body.unicodeScalars.append(scalar)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = name.unicodeScalars.first == "`" || name.unicodeScalars.last == "`" ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// Escapes the characters that would break a Markdown table cell or start markup.
    ///
    /// The text is read by Unicode scalar, not by `Character`: a Markdown renderer reads a `|`
    /// or `<` followed by a combining mark (`|\u{301}`) as the `|` or `<` alone, though Swift
    /// calls the pair one `Character` that does not equal `|`.
    static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "|": "\\|"
            case "<": "&lt;"
            case ">": "&gt;"
            case "*", "_", "`": "\\" + String(scalar)
            default: nil
            }
        }
    }

    // MARK: JSON

    /// The comparison as JSON (`layoutbench.comparison`, version 1; `docs/ci.md`).
    public static func json(_ comparison: ReportComparison) throws -> String {
        struct Document: Encodable {
            var schema = "layoutbench.comparison"
            var schemaVersion = 1
            var base: ReportComparison.Side
            var head: ReportComparison.Side
            var thresholds: String
            var counts: OrderedDictionary<String, Int>
            var warnings: [String]
            var onlyInBase: [String]
            var onlyInHead: [String]
            var lostCoverage: [String]
            var rows: [ReportComparison.Row]
        }
        let counts = comparison.counts
        let document = Document(
            base: comparison.base, head: comparison.head, thresholds: comparison.thresholdsSource,
            counts: OrderedDictionary(uniqueKeysWithValues: ReportComparison.Verdict.allCases.map { ($0.rawValue, counts[$0] ?? 0) }),
            warnings: comparison.allWarnings, onlyInBase: comparison.onlyInBase, onlyInHead: comparison.onlyInHead,
            lostCoverage: comparison.lostCoverage, rows: comparison.rows)
        return try OrderedJSONEncoder().encode(document).serialized(pretty: true) + "\n"
    }
}
