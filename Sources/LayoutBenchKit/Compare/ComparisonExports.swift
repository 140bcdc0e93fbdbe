import Foundation

/// A comparison in the formats other tools read: CSV for spreadsheets and scripts, JUnit XML
/// for CI test reporters, and github-action-benchmark's `customSmallerIsBetter` JSON for its
/// charts and alerts (`layoutbench compare --format csv|junit|benchmark-action`, `check --export
/// FORMAT=FILE`; docs/ci.md).
public enum ComparisonExports {
    /// The export formats, by the names `compare --format` and `check --export` take.
    public enum Format: String, CaseIterable, Sendable {
        case csv, junit
        case benchmarkAction = "benchmark-action"
    }

    /// The comparison in `format`; `name` is the JUnit test suite's name.
    ///
    /// - Throws: An encoding error of the benchmark-action JSON.
    public static func render(
        _ comparison: ReportComparison, as format: Format, thresholds: Thresholds, name: String
    ) throws -> String {
        switch format {
        case .csv: csv(comparison)
        case .junit: junit(comparison, name: name)
        case .benchmarkAction: try benchmarkAction(comparison, thresholds: thresholds)
        }
    }

    // MARK: CSV

    /// Every row, one line each (RFC 4180: comma-separated, fields with a comma, quote or line
    /// break quoted, quotes doubled; CRLF line ends).
    public static func csv(_ comparison: ReportComparison) -> String {
        var lines = [
            [
                "scenario", "size", "metric", "kind", "base", "head", "relative_change", "verdict", "informational", "p_value",
                "ratio_lower", "ratio_upper", "reason",
            ].joined(separator: ",")
        ]
        for row in comparison.rows {
            let fields = [
                row.scenario, String(row.size), row.metric, row.kind.rawValue, number(row.base), number(row.head),
                row.relativeChange.map(number) ?? "", row.verdict.rawValue, row.informational ? "true" : "false",
                row.pValue.map(number) ?? "", row.ratioLower.map(number) ?? "", row.ratioUpper.map(number) ?? "", row.reason,
            ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote
    /// or a line break. Read by Unicode scalar: a `"` that a combining mark follows, or the
    /// `\r\n` pair, is one `Character` that equals none of them.
    static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingScalars { $0 == "\"" ? "\"\"" : nil } + "\""
    }

    /// A number as text that reads back to the same Double (`%.17g` would too, with noise digits).
    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : ""
    }

    // MARK: JUnit

    /// One test case per gated scenario and metric (all sizes together): a failure when it
    /// regressed at any size, or when the baseline measured it and the head did not (lost
    /// coverage); informational metrics are left out, as the gate leaves them out.
    public static func junit(_ comparison: ReportComparison, name: String = "layoutbench check") -> String {
        let groups = ComparisonOutput.byScenarioAndMetric(comparison.rows.filter { !$0.informational })
        var cases = ""
        var failures = 0
        for rows in groups {
            let scenario = rows[0].scenario, metric = rows[0].metric
            cases += "    <testcase classname=\"\(xml(scenario))\" name=\"\(xml(metric))\" time=\"0\">\n"
            let regressed = rows.filter { $0.verdict == .regression }
            if !regressed.isEmpty {
                failures += 1
                let detail = regressed.map {
                    "size \($0.size): \(MetricFormat.value($0.base, metric: metric)) → \(MetricFormat.value($0.head, metric: metric)) (\($0.changeText); \($0.reason))"
                }
                cases +=
                    "      <failure message=\"\(xml("\(metric) regressed at size \(regressed.map { String($0.size) }.joined(separator: ", "))"))\" "
                    + "type=\"regression\">\(xml(detail.joined(separator: "\n")))</failure>\n"
            }
            cases += "    </testcase>\n"
        }
        for lost in comparison.lostCoverage {
            failures += 1
            cases += "    <testcase classname=\"\(xml(lost))\" name=\"coverage\" time=\"0\">\n"
            cases +=
                "      <failure message=\"lost coverage\" type=\"lost-coverage\">\(xml("The baseline measured \(lost); the head, with the same selection, did not."))</failure>\n"
            cases += "    </testcase>\n"
        }
        let tests = groups.count + comparison.lostCoverage.count
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(xml(name))" tests="\(tests)" failures="\(failures)" errors="0">
              <testsuite name="\(xml(name))" tests="\(tests)" failures="\(failures)" errors="0" skipped="0">

            """ + cases + "  </testsuite>\n</testsuites>\n"
    }

    /// Text escaped for an XML attribute or element, by Unicode scalar, with the characters
    /// XML 1.0 cannot hold (controls other than tab and line breaks) replaced by U+FFFD
    /// (``HTML/escape(_:for:)``, the escaper of every page, with `&apos;` for `'`).
    static func xml(_ text: String) -> String {
        HTML.escape(text, for: .xml)
    }

    // MARK: github-action-benchmark

    /// The head's values in github-action-benchmark's `customSmallerIsBetter` format: an array of
    /// `{"name", "unit", "value", "extra"}`, one entry per scenario, size and metric whose rule
    /// says lower is better (all of layoutbench's metrics by default), gated or informational.
    public static func benchmarkAction(_ comparison: ReportComparison, thresholds: Thresholds = Thresholds()) throws -> String {
        struct Entry: Encodable {
            var name: String
            var unit: String
            var value: Double
            var extra: String
        }
        var entries: [Entry] = []
        for row in comparison.rows where row.head.isFinite {
            guard thresholds.rule(scenario: row.scenario, metric: CompareMetric(name: row.metric, kind: row.kind)).direction == .lowerIsBetter
            else { continue }
            entries.append(
                Entry(
                    name: "\(row.scenario) @\(row.size) \(row.metric)", unit: unit(of: row.metric, kind: row.kind), value: row.head,
                    extra: "\(row.kind.rawValue); base \(MetricFormat.value(row.base, metric: row.metric)), \(row.verdict.rawValue)"))
        }
        return try OrderedJSONEncoder(nilMembers: .omitted).text(entries, sortingKeys: true) + "\n"
    }

    static func unit(of metric: String, kind: MetricKind) -> String {
        if metric.hasSuffix("Nanoseconds") { return "ns" }
        if metric.hasSuffix("Bytes") || kind == .memory { return "bytes" }
        return "count"
    }
}
