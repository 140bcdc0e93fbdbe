/// The history site's comparisons of two runs, computed in Swift by the rule that
/// `layoutbench compare` and `check` use (``ReportComparison/compare(base:head:thresholds:)``)
/// and embedded in `compare.html` as data: the page's script only shows, filters and sorts
/// them (no statistics in JavaScript, so the site cannot disagree with the gate).
///
/// Which pairs: each run against each of the ``earlierRunsPerHead`` runs before it on the same
/// machine (``HistorySite/MachineGroup``; base older than head), never two machines' runs: their
/// times and counts do not compare. A site of *n* runs holds at most 5 *n* comparisons; the page
/// says when the chosen runs come from different machines, and how to compare any other pair
/// (`layoutbench compare BASE HEAD`). Rows whose value is the same in
/// both runs (and so `unchanged`) are counted in the summary, not listed: they are most of a
/// comparison (with them and 10 runs before each, 12 runs of the quick suite made a 6.4 MB
/// page), and the page is for what changed.
///
/// The data, `LAYOUTBENCH_HISTORY` (see `Templates/history-compare.js`):
/// ```
/// { "strings": [text, ...],
///   "machines": [label, ...],
///   "runs": [{"id": ..., "number": n, "label": ..., "machine": index into machines}, ...],
///   "initial": {"base": id, "head": id},
///   "pairs": {"<base id> <head id>": {"summary": text, "status": "fail" | "ok" | "", "counts": {verdict: n},
///             "rows": [[scenario, size, sizeText, metric, base, baseText, head, headText, changeSort, changeText,
///                       verdict, verdictText, badge, rowClass, limit, reason], ...]}} }
/// ```
/// Texts in rows are indices into `strings` (the same scenario, metric and limit texts recur
/// in every pair); numbers are sort keys, `null` when not finite.
enum HistoryComparisons {
    /// How many earlier runs each run is compared with.
    static let earlierRunsPerHead = 5

    /// The compared pairs, as indices into the runs (oldest first): (base, head), base < head,
    /// both of one machine group; by head, then base.
    static func pairs(groups: [HistorySite.MachineGroup]) -> [(base: Int, head: Int)] {
        var pairs: [(base: Int, head: Int)] = []
        for group in groups {
            for (position, head) in group.runs.enumerated() {
                for base in group.runs[max(0, position - earlierRunsPerHead)..<position] { pairs.append((base, head)) }
            }
        }
        return pairs.sorted { ($0.head, $0.base) < ($1.head, $1.base) }
    }

    /// The comparison of two runs, as `layoutbench compare` makes it with the same thresholds.
    static func compare(_ base: HistorySite.Run, _ head: HistorySite.Run, thresholds: Thresholds) -> ReportComparison {
        ReportComparison.compare(base: base.loaded, head: head.loaded, thresholds: thresholds)
    }

    /// The rows the page lists: every row but those `unchanged` with the same value in both
    /// runs (counters that are 0 in both among them, as ``ComparisonPage`` leaves those out).
    static func shownRows(_ comparison: ReportComparison) -> [ReportComparison.Row] {
        comparison.rows.filter { $0.verdict != .unchanged || $0.base != $0.head }
    }

    /// The one-line summary of a pair: the verdict counts, lost coverage, the warnings and each
    /// run's busy-machine warning (``BusyRule``).
    static func summary(_ comparison: ReportComparison, baseNumber: Int, headNumber: Int) -> (text: String, status: String) {
        var text = "#\(baseNumber) \(comparison.base.label) → #\(headNumber) \(comparison.head.label): \(comparison.countsText)."
        let identical = comparison.rows.count - shownRows(comparison).count
        if identical > 0 { text += " \(MetricFormat.count(Double(identical))) unchanged metrics with the same value in both runs are not listed." }
        if let lost = comparison.lostCoverageSummary { text += " " + lost }
        for warning in comparison.warnings { text += " " + warning }
        if let busy = comparison.load.baseWarning { text += " Base: " + busy }
        if let busy = comparison.load.headWarning { text += " Head: " + busy }
        let failed = !comparison.regressions.isEmpty || !comparison.lostCoverage.isEmpty
        return (text, failed ? "fail" : comparison.improvements.isEmpty ? "ok" : "")
    }

    /// `LAYOUTBENCH_HISTORY` for `runs` (oldest first) in their machine groups.
    static func data(_ runs: [HistorySite.Run], groups: [HistorySite.MachineGroup], thresholds: Thresholds) -> JSONValue {
        var strings: [String] = []
        var index: [String: Int] = [:]
        func string(_ text: String) -> JSONValue {
            if let known = index[text] { return .integer(Int64(known)) }
            index[text] = strings.count
            strings.append(text)
            return .integer(Int64(strings.count - 1))
        }
        func number(_ value: Double) -> JSONValue { value.isFinite ? .number(value) : .null }
        var compared: [(key: String, value: JSONValue)] = []
        for pair in pairs(groups: groups) {
            let (base, head) = (runs[pair.base], runs[pair.head])
            let comparison = compare(base, head, thresholds: thresholds)
            let rows: [JSONValue] = shownRows(comparison).map { row in
                .array([
                    string(row.scenario), .integer(Int64(row.size)), string(MetricFormat.count(Double(row.size))), string(row.metric),
                    number(row.base), string(MetricFormat.value(row.base, metric: row.metric)),
                    number(row.head), string(MetricFormat.value(row.head, metric: row.metric)),
                    number(row.relativeChange ?? (row.head == row.base ? 0 : .greatestFiniteMagnitude)), string(row.changeText),
                    string(row.verdict.rawValue), string(ComparisonOutput.verdictText(row)),
                    string(row.informational ? "info" : row.verdict.rawValue), string(row.informational ? "" : row.verdict.rawValue),
                    string(row.limit), string(row.reason),
                ])
            }
            let line = summary(comparison, baseNumber: pair.base + 1, headNumber: pair.head + 1)
            let counts = comparison.counts
            compared.append(
                (
                    base.id + " " + head.id,
                    .object([
                        ("summary", .string(line.text)), ("status", .string(line.status)),
                        (
                            "counts",
                            .object(ReportComparison.Verdict.allCases.map { ($0.rawValue, .integer(Int64(counts[$0] ?? 0))) })
                        ),
                        ("rows", .array(rows)),
                    ])
                ))
        }
        var machineOf = [Int](repeating: 0, count: runs.count)
        for (number, group) in groups.enumerated() { for run in group.runs { machineOf[run] = number } }
        let initial = HistorySite.defaultPair(groups, count: runs.count)
        return .object([
            ("strings", .array(strings.map { .string($0) })),
            ("machines", .array(groups.map { .string($0.label) })),
            (
                "runs",
                .array(
                    runs.enumerated().map { index, run in
                        .object([
                            ("id", .string(run.id)), ("number", .integer(Int64(index + 1))), ("label", .string(HistorySite.runLabel(run))),
                            ("machine", .integer(Int64(machineOf[index]))),
                        ])
                    })
            ),
            (
                "initial",
                initial.map { .object([("base", .string(runs[$0.base].id)), ("head", .string(runs[$0.head].id))]) } ?? .null
            ),
            ("pairs", .object(compared)),
        ])
    }
}
