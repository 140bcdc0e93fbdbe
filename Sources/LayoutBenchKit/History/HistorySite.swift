import Foundation
import LayoutBenchMetrics

/// A browsable static site from many runs (`layoutbench report [FOLDER]`): every
/// `layoutbench.report` JSON file under a folder (recursively; `Reports/runs` by default,
/// where `layoutbench run` keeps a copy of each report) becomes a run.
///
/// The site (self-contained pages, no network):
/// - `index.html`: the runs (date, commit, machine, build, suite, status), each with a link
///   to its report and to its comparison with the run before; a form to compare any two runs;
/// - `trends.html`: per scenario, wall time and cell updates at each size across the runs;
/// - `compare.html`: two runs compared, chosen in the browser among the comparisons computed
///   when the site is built (``HistoryComparisons``: each run against the runs before it, by
///   the rule of `layoutbench compare`), with the pages of each run against the one before
///   listed for reading without script;
/// - `runs/<id>/report.html`: each run's report; `compare/<id>.html`: each run against the
///   run before it, as `layoutbench compare` makes it.
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
        for (index, run) in collection.runs.enumerated() where index > 0 {
            let previous = collection.runs[index - 1]
            let comparison = ReportComparison.compare(base: previous.loaded, head: run.loaded, thresholds: thresholds)
            pages.append(
                (
                    "compare/\(run.id).html",
                    ComparisonPage.html(comparison, title: "Run #\(index + 1) against run #\(index)")
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

    /// The runs as `<option>`s of the compare form: (id, number from 1, label).
    static func runOptions(_ runs: [Run]) -> [[String: String]] {
        runs.enumerated().map { ["id": $0.element.id, "number": String($0.offset + 1), "label": runLabel($0.element)] }
    }

    static func indexPage(_ collection: Collection) -> String {
        let runs = collection.runs
        var rows: [HTMLTable.Row] = []
        for (index, run) in runs.enumerated() {
            let report = run.loaded.report
            let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? "+" : "") } ?? "–"
            var links = HTML.link("runs/\(run.id)/report.html", "report")
            if index > 0 { links += " · " + HTML.link("compare/\(run.id).html", "vs #\(index)") }
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
        let table = HTMLTable(
            id: "runs-table",
            columns: [
                .init("#", numeric: true), .init("Date (UTC)"), .init("Commit"), .init("Machine"), .init("Cores", numeric: true),
                .init("Build"), .init("Suite"), .init("Scenarios", numeric: true), .init("Status"), .init("Measuring", numeric: true),
                .init("Pages"),
            ], rows: rows, filterable: runs.count > 5
        ).render()
        let names = scenarioNames(runs)
        let body = PageTemplates.render(
            "history-index",
            [
                "hasRuns": !runs.isEmpty, "runCount": String(runs.count), "runsPlural": runs.count == 1 ? "" : "s", "runsTable": table,
                "hasSkipped": !collection.skipped.isEmpty, "skipped": collection.skipped.map(\.description),
                "canCompare": runs.count >= 2, "runOptions": runOptions(runs), "earlierRuns": String(HistoryComparisons.earlierRunsPerHead),
                "hasScenarios": !names.isEmpty,
                "scenarios": names.enumerated().map {
                    ["slug": HTML.slug($0.element), "name": $0.element, "first": $0.offset == 0] as [String: Any]
                },
            ])
        return HTMLPage(
            title: "layoutbench history",
            subtitle: "\(runs.count) runs" + (runs.isEmpty ? "" : ", \(runs.first!.loaded.report.date) to \(runs.last!.loaded.report.date)"),
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

    static func trendsPage(_ runs: [Run]) -> String {
        let stride = max(1, (runs.count + 7) / 8)
        let ticks = runs.indices.filter { $0 % stride == 0 || $0 == runs.count - 1 }.map { (Double($0 + 1), "#\($0 + 1)") }
        var scenarios: [[String: Any]] = []
        for name in scenarioNames(runs) {
            var charts: [[String: String]] = []
            for (metric, label) in [("wallNanoseconds", "Wall time"), ("cellUpdates", "Cell updates")] {
                var bySize: [Int: [SVGLineChart.Point]] = [:]
                for (index, run) in runs.enumerated() {
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
                    title: "\(label) of \(name) across runs", xLabel: "run", yLabel: label + " (log)", xScale: .linear, yScale: .log,
                    series: series, xFormat: { "#\(Int($0))" }, yFormat: yFormat, xTicks: ticks)
                charts.append([
                    "svg": chart.svg(), "label": label,
                    "legend": SVGLineChart.legend(sizes.enumerated().map { ("size \(MetricFormat.count(Double($0.element)))", $0.offset, false) }),
                ])
            }
            scenarios.append(["slug": HTML.slug(name), "name": name, "charts": charts])
        }
        return HTMLPage(
            title: "layoutbench trends", subtitle: "\(runs.count) runs", navigation: [("trends", "Trends")],
            body: PageTemplates.render("history-trends", ["scenarios": scenarios])
        ).render()
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
        let body = PageTemplates.render(
            "history-compare",
            [
                "runOptions": runOptions(runs), "anyTable": table, "earlierRuns": String(HistoryComparisons.earlierRunsPerHead),
                "previous": runs.enumerated().dropFirst().map {
                    ["id": $0.element.id, "number": String($0.offset + 1), "label": runLabel($0.element), "before": String($0.offset)]
                },
            ])
        return HTMLPage(
            title: "layoutbench: compare two runs", subtitle: "\(runs.count) runs",
            navigation: [("pick", "Choose"), ("result", "Result"), ("previous", "Each against the one before")],
            body: body,
            extraScript: "var LAYOUTBENCH_HISTORY = \(HTML.scriptJSON(HistoryComparisons.data(runs, thresholds: thresholds)));\n"
                + PageTemplates.historyCompareScript
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
