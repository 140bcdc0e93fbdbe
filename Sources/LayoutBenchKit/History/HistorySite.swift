import Foundation
import LayoutBenchMetrics

/// A browsable static site from many runs (`layoutbench report [FOLDER]`): every
/// `layoutbench.report` JSON file under a folder (recursively; `Reports/runs` by default,
/// where `layoutbench run` keeps a copy of each report) becomes a run.
///
/// Runs are grouped by kind of machine, as asv groups results by machine and environment
/// (``MachineGroup``): "the run before" is the run before on the same machine, a trend line
/// holds one machine's runs, and the site compares runs within one machine.
///
/// The site (self-contained pages, no network):
/// - `index.html`: the runs (date, commit, machine, build, suite, status) grouped by machine,
///   each with a link to its report and to its comparison with the run before on its machine;
///   a form to compare two runs;
/// - `trends.html`: per machine and scenario, wall time and cell updates at each size across
///   that machine's runs;
/// - `compare.html`: two runs compared, chosen in the browser among the comparisons computed
///   when the site is built (``HistoryComparisons``: each run against the runs before it on
///   its machine, by the rule of `layoutbench compare`), with the pages of each run against
///   the one before listed for reading without script;
/// - `runs/<id>/report.html`: each run's report; `compare/<id>.html`: each run against the
///   run before it on its machine, as `layoutbench compare` makes it.
public enum HistorySite {
    /// A run found in the folder.
    public struct Run: Sendable {
        /// A stable identifier made from the file's path under the folder.
        public var id: String
        /// The report.
        public var loaded: LoadedReport
    }

    /// The runs under a folder, and the files skipped.
    public struct Collection: Sendable {
        /// The runs, oldest first (by date, then path).
        public var runs: [Run]
        /// `report.json` files that could not be read, with why.
        public var skipped: [GateError]
    }

    /// Finds every `layoutbench.report` file under `folder`, recursively.
    ///
    /// Files whose `schema` is another one are ignored; a file named `report.json` that cannot
    /// be read, or a report of another schema version, is listed in ``Collection/skipped``.
    ///
    /// - Parameter excluding: A folder not to look into (the site's own output).
    /// - Throws: ``GateError`` `unreadable-file` when `folder` is not a folder.
    public static func collect(from folder: String, excluding: String? = nil) throws(GateError) -> Collection {
        guard folderExists(folder) else {
            throw GateError(
                .unreadableFile,
                "No such folder of reports: '\(folder)'. 'layoutbench run' keeps a copy of every report in Reports/runs/; "
                    + "give a folder that holds report.json files.")
        }
        // Links resolved: the enumerator does not descend into a root that is a symbolic link
        // (a linked Reports/runs found no runs).
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        let excluded = excluding.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardizedFileURL.path }
        var files: [String] = []
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            while let relative = enumerator.nextObject() as? String {
                let path = root + "/" + relative
                let last = relative.split(separator: "/").last.map(String.init) ?? relative
                if last.hasPrefix(".") || (excluded.map { path == $0 || path.hasPrefix($0 + "/") } ?? false) {
                    if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                    continue
                }
                if relative.hasSuffix(".json") && fileExists(path) { files.append(relative) }
            }
        }
        var runs: [Run] = []
        var skipped: [GateError] = []
        var usedIDs: Set<String> = []
        for relative in files.sorted() {
            let path = root + "/" + relative
            let isReportFile = relative == "report.json" || relative.hasSuffix("/report.json")
            guard let data = FileManager.default.contents(atPath: path) else {
                if isReportFile { skipped.append(GateError(.unreadableFile, "cannot read '\(path)'")) }
                continue
            }
            let bytes = Array(data)
            // Only files that say they are run reports (or are called report.json) count.
            if !isReportFile && !Array(bytes.prefix(200)).containsSubsequence(Array("\"layoutbench.report\"".utf8)) { continue }
            do throws(GateError) {
                let loaded = try ReportReader.decode(bytes, path: path)
                var id = HTML.slug(
                    relative.hasSuffix("/report.json") ? String(relative.dropLast("/report.json".count)) : String(relative.dropLast(5)))
                while usedIDs.contains(id) { id += "-x" }
                usedIDs.insert(id)
                runs.append(Run(id: id, loaded: loaded))
            } catch {
                if isReportFile || error.code == .unsupportedSchema { skipped.append(error) }
            }
        }
        runs.sort { ($0.loaded.report.date, $0.loaded.path) < ($1.loaded.report.date, $1.loaded.path) }
        return Collection(runs: runs, skipped: skipped)
    }

    /// Builds the site into `output`, as one set (``OutputSet``): a reader sees the old site
    /// or the new one, and no page of an earlier site stays behind. The folder is locked while
    /// the site is written (`.<name>.lock` beside it).
    ///
    /// - Returns: The pages written, `index.html` first.
    /// - Throws: ``GateError`` `unreadable-file` when the collection has no run (an existing
    ///   site is never replaced by an empty one); `unwritable-output`; `output-locked` as
    ///   `unwritable-output` naming the lock.
    /// - Parameter thresholds: The thresholds of every comparison on the site (the built-in
    ///   defaults unless given, as for `layoutbench compare`).
    public static func build(
        _ collection: Collection, into output: String, from folder: String? = nil, thresholds: Thresholds = Thresholds()
    ) throws(GateError) -> [String] {
        guard !collection.runs.isEmpty else {
            throw GateError(
                .unreadableFile,
                "No run reports were found\(folder.map { " under '\($0)'" } ?? "")\(collection.skipped.isEmpty ? "" : " that could be read"); "
                    + "the site in '\(output)' is left as it was. 'layoutbench run' keeps a copy of every report in Reports/runs/.")
        }
        var pages: [(String, String)] = []
        pages.append(("index.html", indexPage(collection)))
        pages.append(("trends.html", trendsPage(collection.runs)))
        pages.append(("compare.html", comparePage(collection.runs, thresholds: thresholds)))
        for run in collection.runs {
            pages.append(("runs/\(run.id)/report.html", ReportPage(report: run.loaded.report).html()))
        }
        let groups = machineGroups(collection.runs)
        let previous = previousOnSameMachine(groups, count: collection.runs.count)
        for (index, run) in collection.runs.enumerated() {
            guard let before = previous[index] else { continue }
            let comparison = ReportComparison.compare(base: collection.runs[before].loaded, head: run.loaded, thresholds: thresholds)
            pages.append(
                (
                    "compare/\(run.id).html",
                    ComparisonPage.html(comparison, title: "Run #\(index + 1) against run #\(before + 1), on the same machine")
                ))
        }
        do {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            let parent = AtomicFile.parentFolder(of: output)
            let lock = try OutputLock.acquire(parent + "/.\(name).lock", guarding: output)
            defer { lock.release() }
            OutputSet.removeStale(in: parent, prefix: ".\(name).tmp-")
            try OutputSet.publish(pages.map { ($0.0, Array($0.1.utf8)) }, as: output)
        } catch {
            throw GateError(error.code == .outputLocked ? .outputLocked : .unwritableOutput, error.message)
        }
        return pages.map { output + "/" + $0.0 }
    }

    // MARK: Index

    static func runLabel(_ run: Run) -> String {
        let report = run.loaded.report
        let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? "+" : "") } ?? "no commit"
        return "\(report.date) \(commit) \(report.options.quick ? "quick" : "full")"
    }

    static func indexPage(_ collection: Collection) -> String {
        let runs = collection.runs
        let groups = machineGroups(runs)
        let previous = previousOnSameMachine(groups, count: runs.count)
        var rows: [HTMLTable.Row] = []
        for (index, run) in runs.enumerated() {
            let report = run.loaded.report
            let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? "+" : "") } ?? "–"
            var links = HTML.link("runs/\(run.id)/report.html", "report")
            if let before = previous[index] { links += " · " + HTML.link("compare/\(run.id).html", "vs #\(before + 1)") }
            rows.append(
                HTMLTable.Row([
                    HTMLTable.Cell("\(index + 1)", sortBy: Double(index + 1)),
                    HTMLTable.Cell(report.date),
                    HTMLTable.Cell(html: HTML.code(commit), sortValue: commit),
                    HTMLTable.Cell(report.environment.machine.cpuModel ?? "–"),
                    HTMLTable.Cell("\(report.environment.machine.logicalCores)", sortBy: Double(report.environment.machine.logicalCores)),
                    HTMLTable.Cell(report.environment.toolchain.buildConfiguration),
                    HTMLTable.Cell((report.options.quick ? "quick" : "full") + (report.options.injectChurn.map { ", churn \($0)" } ?? "")),
                    HTMLTable.Cell("\(report.scenarios.count)", sortBy: Double(report.scenarios.count)),
                    HTMLTable.Cell(html: HTML.badge(report.status.rawValue, kind: report.status.rawValue), sortValue: report.status.rawValue),
                    HTMLTable.Cell(MetricFormat.significant(report.durationSeconds) + " s", sortBy: report.durationSeconds),
                    HTMLTable.Cell(html: links, sortValue: nil),
                ]))
        }
        var table = HTMLTable(
            id: "runs-table",
            columns: [
                .init("#", numeric: true), .init("Date (UTC)"), .init("Commit"), .init("Machine"), .init("Cores", numeric: true),
                .init("Build"), .init("Suite"), .init("Scenarios", numeric: true), .init("Status"), .init("Measuring", numeric: true),
                .init("Pages"),
            ], rows: rows, filterable: runs.count > 5)
        table.groups = groups.map { group in
            HTMLTable.RowGroup(
                heading: HTML.escape(group.label) + " · \(group.runs.count) run\(group.runs.count == 1 ? "" : "s") · "
                    + HTML.link("trends.html#\(group.slug)", "trends"),
                id: group.slug, rows: group.runs.map { rows[$0] })
        }
        let pair = defaultPair(groups, count: runs.count)
        let body = PageTemplates.render(
            "history-index",
            [
                "hasRuns": !runs.isEmpty, "runCount": String(runs.count), "runsPlural": runs.count == 1 ? "" : "s",
                "runsTable": table.render(), "machineCount": String(groups.count), "severalMachines": groups.count > 1,
                "hasSkipped": !collection.skipped.isEmpty, "skipped": collection.skipped.map(\.description),
                "canCompare": runs.count >= 2, "earlierRuns": String(HistoryComparisons.earlierRunsPerHead),
                "baseOptions": runOptionGroups(runs, groups: groups, selected: pair?.base),
                "headOptions": runOptionGroups(runs, groups: groups, selected: pair?.head),
                "machines": groups.map { group -> [String: Any] in
                    let names = scenarioNames(group.runs.map { runs[$0] })
                    return [
                        "label": group.label, "slug": group.slug,
                        "scenarios": names.enumerated().map {
                            ["slug": trendSlug(group, $0.element), "name": $0.element, "first": $0.offset == 0] as [String: Any]
                        },
                    ]
                },
            ])
        return HTMLPage(
            title: "layoutbench history",
            subtitle: "\(runs.count) runs" + (runs.isEmpty ? "" : ", \(runs.first!.loaded.report.date) to \(runs.last!.loaded.report.date)")
                + (groups.count > 1 ? ", \(groups.count) machines" : ""),
            navigation: [("runs", "Runs"), ("compare", "Compare"), ("trends", "Trends")], body: body,
            extraScript: runs.count >= 2 ? PageTemplates.historyIndexScript : ""
        ).render()
    }

    static func scenarioNames(_ runs: [Run]) -> [String] {
        var names: [String] = []
        for run in runs { for scenario in run.loaded.report.scenarios where !names.contains(scenario.name) { names.append(scenario.name) } }
        return names
    }

    // MARK: Trends

    /// The anchor of a scenario's trends on one machine (`trend-machine-1-edits-churn`), without `trend-`.
    static func trendSlug(_ group: MachineGroup, _ scenario: String) -> String { group.slug + "-" + HTML.slug(scenario) }

    /// Per machine (``MachineGroup``) and scenario, wall time and cell updates at each size
    /// across that machine's runs: one series per size, never mixing machines.
    static func trendsPage(_ runs: [Run]) -> String {
        let machines = machineGroups(runs).map { group -> [String: Any] in
            let groupRuns = group.runs
            let stride = max(1, (groupRuns.count + 7) / 8)
            let ticks = groupRuns.enumerated().filter { $0.offset % stride == 0 || $0.offset == groupRuns.count - 1 }.map {
                (Double($0.element + 1), "#\($0.element + 1)")
            }
            var scenarios: [[String: Any]] = []
            for name in scenarioNames(groupRuns.map { runs[$0] }) {
                let charts = [("wallNanoseconds", "Wall time"), ("cellUpdates", "Cell updates")].map { metric, label in
                    trendChart(runs, group: group, scenario: name, metric: metric, label: label, ticks: ticks)
                }
                scenarios.append(["slug": trendSlug(group, name), "name": name, "charts": charts])
            }
            return [
                "label": group.label, "slug": group.slug, "runCount": String(groupRuns.count), "runsPlural": groupRuns.count == 1 ? "" : "s",
                "scenarios": scenarios,
            ]
        }
        return HTMLPage(
            title: "layoutbench trends", subtitle: "\(runs.count) runs" + (machines.count > 1 ? ", \(machines.count) machines" : ""),
            navigation: [("trends", "Trends")],
            body: PageTemplates.render("history-trends", ["machines": machines])
        ).render()
    }

    /// One metric of one scenario across one machine's runs, a line per size (the `figure` template's parts).
    static func trendChart(
        _ runs: [Run], group: MachineGroup, scenario name: String, metric: String, label: String, ticks: [(Double, String)]
    ) -> [String: String] {
        var bySize: [Int: [SVGLineChart.Point]] = [:]
        for index in group.runs {
            let run = runs[index]
            guard let scenario = run.loaded.report.scenarios.first(where: { $0.name == name }) else { continue }
            for size in scenario.sizes {
                guard let measurement = CompareMetric.named(metric)?.measurement(in: size) else { continue }
                bySize[size.size, default: []].append(
                    SVGLineChart.Point(
                        x: Double(index + 1), y: measurement.value,
                        label: "#\(index + 1) \(runLabel(run)), size \(size.size): \(MetricFormat.value(measurement.value, metric: metric))"))
            }
        }
        let sizes = bySize.keys.sorted()
        let series = sizes.enumerated().map {
            SVGLineChart.Series(name: "size \($0.element)", style: $0.offset, points: bySize[$0.element]!, connected: true)
        }
        let yFormat: @Sendable (Double) -> String
        if metric == "wallNanoseconds" {
            yFormat = { MetricFormat.duration(nanoseconds: $0) }
        } else {
            yFormat = { MetricFormat.count($0) }
        }
        let chart = SVGLineChart(
            title: "\(label) of \(name) across the runs of \(group.name)", xLabel: "run", yLabel: label + " (log)", xScale: .linear,
            yScale: .log, series: series, xFormat: { "#\(Int($0))" }, yFormat: yFormat, xTicks: ticks)
        return [
            "svg": chart.svg(), "label": label,
            "legend": SVGLineChart.legend(sizes.enumerated().map { ("size \(MetricFormat.count(Double($0.element)))", $0.offset, false) }),
        ]
    }

    // MARK: Compare any two

    /// The page that shows any two runs compared (`compare.html`): the comparisons are
    /// ``HistoryComparisons``, computed here by the gate's rule and embedded as data.
    static func comparePage(_ runs: [Run], thresholds: Thresholds = Thresholds()) -> String {
        let select = HTMLTable.attributeFilter(
            table: "any-table", attribute: "data-verdict", label: "Verdict",
            options: [("", "all")] + ReportComparison.Verdict.allCases.map { ($0.rawValue, $0.rawValue) })
        // The same columns as every comparison table (ComparisonPage.rowsTable); the script fills the rows.
        let table = ComparisonPage.rowsTable([], id: "any-table", filterable: true, extraControls: select)
        let groups = machineGroups(runs)
        let previous = previousOnSameMachine(groups, count: runs.count)
        let pair = defaultPair(groups, count: runs.count)
        let body = PageTemplates.render(
            "history-compare",
            [
                "baseOptions": runOptionGroups(runs, groups: groups, selected: pair?.base),
                "headOptions": runOptionGroups(runs, groups: groups, selected: pair?.head),
                "anyTable": table, "earlierRuns": String(HistoryComparisons.earlierRunsPerHead),
                "previous": runs.indices.compactMap { index -> [String: String]? in
                    guard let before = previous[index] else { return nil }
                    return ["id": runs[index].id, "number": String(index + 1), "label": runLabel(runs[index]), "before": String(before + 1)]
                },
            ])
        return HTMLPage(
            title: "layoutbench: compare two runs", subtitle: "\(runs.count) runs" + (groups.count > 1 ? ", \(groups.count) machines" : ""),
            navigation: [("pick", "Choose"), ("result", "Result"), ("previous", "Each against the one before")],
            body: body,
            extraScript: "var LAYOUTBENCH_HISTORY = \(HTML.scriptJSON(HistoryComparisons.data(runs, groups: groups, thresholds: thresholds)));\n"
                + PageTemplates.historyIndexScript + "\n" + PageTemplates.historyCompareScript
        ).render()
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the array.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if Array(self[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
