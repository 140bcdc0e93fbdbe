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
/// - `compare.html`: any two runs compared in the browser (built-in default thresholds; the
///   rule of `docs/ci.md` without the bootstrap band), with the pre-rendered comparisons of
///   each run with the one before listed for reading without script;
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
    public static func build(_ collection: Collection, into output: String, from folder: String? = nil) throws(GateError) -> [String] {
        guard !collection.runs.isEmpty else {
            throw GateError(
                .unreadableFile,
                "No run reports were found\(folder.map { " under '\($0)'" } ?? "")\(collection.skipped.isEmpty ? "" : " that could be read"); "
                    + "the site in '\(output)' is left as it was. 'layoutbench run' keeps a copy of every report in Reports/runs/.")
        }
        var pages: [(String, String)] = []
        pages.append(("index.html", indexPage(collection)))
        pages.append(("trends.html", trendsPage(collection.runs)))
        pages.append(("compare.html", comparePage(collection.runs)))
        for run in collection.runs {
            pages.append(("runs/\(run.id)/report.html", ReportPage(report: run.loaded.report).html()))
        }
        for (index, run) in collection.runs.enumerated() where index > 0 {
            let previous = collection.runs[index - 1]
            let comparison = ReportComparison.compare(base: previous.loaded, head: run.loaded)
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

    static func indexPage(_ collection: Collection) -> String {
        let runs = collection.runs
        var body = "<section id=\"runs\"><h2>Runs</h2>\n"
        if runs.isEmpty {
            body += "<p>No run reports were found. <code>layoutbench run</code> keeps a copy of every report in <code>Reports/runs/</code>.</p>\n"
        } else {
            body +=
                "<p class=\"muted\">\(runs.count) run\(runs.count == 1 ? "" : "s"), oldest first. \"+\" after a commit: the tree had "
                + "uncommitted changes.</p>\n"
        }
        var rows: [HTMLTable.Row] = []
        for (index, run) in runs.enumerated() {
            let report = run.loaded.report
            let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? "+" : "") } ?? "–"
            var links = "<a href=\"runs/\(run.id)/report.html\">report</a>"
            if index > 0 { links += " · <a href=\"compare/\(run.id).html\">vs #\(index)</a>" }
            rows.append(
                HTMLTable.Row([
                    HTMLTable.Cell("\(index + 1)", sortBy: Double(index + 1)),
                    HTMLTable.Cell(report.date),
                    HTMLTable.Cell(html: "<code>\(HTML.escape(commit))</code>", sortValue: commit),
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
        body += HTMLTable(
            id: "runs-table",
            columns: [
                .init("#", numeric: true), .init("Date (UTC)"), .init("Commit"), .init("Machine"), .init("Cores", numeric: true),
                .init("Build"), .init("Suite"), .init("Scenarios", numeric: true), .init("Status"), .init("Measuring", numeric: true),
                .init("Pages"),
            ], rows: rows, filterable: runs.count > 5
        ).render()
        if !collection.skipped.isEmpty {
            body += "<h3>Skipped files</h3><ul>" + collection.skipped.map { "<li>\(HTML.escape($0.description))</li>" }.joined() + "</ul>\n"
        }
        body += "</section>\n"

        body += "<section id=\"compare\"><h2>Compare two runs</h2>\n"
        if runs.count >= 2 {
            let options = runs.enumerated().map {
                "<option value=\"\(HTML.escape($0.element.id))\">#\($0.offset + 1) \(HTML.escape(runLabel($0.element)))</option>"
            }.joined()
            body +=
                "<form action=\"compare.html\" method=\"get\" class=\"controls\" id=\"compare-form\">"
                + "<label>Base <select class=\"filter\" name=\"base\" id=\"compare-base\">\(options)</select></label> "
                + "<label>Head <select class=\"filter\" name=\"head\" id=\"compare-head\">\(options)</select></label> "
                + "<button type=\"submit\">Compare</button></form>\n"
            body +=
                "<p class=\"muted\">Compares in the browser with the default thresholds. Without script, the comparison of each run with "
                + "the one before is linked in the table above; <code>layoutbench compare BASE HEAD</code> compares any two with your thresholds.</p>\n"
        } else {
            body += "<p class=\"muted\">Comparisons need two runs or more.</p>\n"
        }
        body += "</section>\n"

        body +=
            "<section id=\"trends\"><h2>Trends</h2>\n<p><a href=\"trends.html\">Trend charts per scenario</a>: wall time and cell "
            + "updates at each size, run by run.</p>\n"
        let names = scenarioNames(runs)
        if !names.isEmpty {
            body +=
                "<p class=\"muted\">" + names.map { "<a href=\"trends.html#trend-\(HTML.slug($0))\">\(HTML.escape($0))</a>" }.joined(separator: " · ")
                + "</p>\n"
        }
        body += "</section>\n"
        let script =
            runs.count >= 2
            ? """
            (function () {
              var head = document.getElementById("compare-head");
              if (head && head.options.length) { head.selectedIndex = head.options.length - 1; }
              var base = document.getElementById("compare-base");
              if (base && base.options.length > 1) { base.selectedIndex = base.options.length - 2; }
            })();
            """ : ""
        return HTMLPage(
            title: "layoutbench history",
            subtitle: "\(runs.count) runs" + (runs.isEmpty ? "" : ", \(runs.first!.loaded.report.date) to \(runs.last!.loaded.report.date)"),
            navigation: [("runs", "Runs"), ("compare", "Compare"), ("trends", "Trends")], body: body, extraScript: script
        ).render()
    }

    static func scenarioNames(_ runs: [Run]) -> [String] {
        var names: [String] = []
        for run in runs { for scenario in run.loaded.report.scenarios where !names.contains(scenario.name) { names.append(scenario.name) } }
        return names
    }

    // MARK: Trends

    static func trendsPage(_ runs: [Run]) -> String {
        var body = "<section id=\"trends\"><h2>Trends per scenario</h2>\n"
        body +=
            "<p class=\"muted\">Each point is one run (numbered as on the <a href=\"index.html\">index</a>); one line per size. "
            + "Wall time is the median of the timed repetitions. Runs on different machines or builds are not comparable in time.</p>\n"
        body +=
            "<div class=\"controls\" data-js-only hidden><input type=\"search\" class=\"filter\" data-filter-sections=\"trend-list\" "
            + "placeholder=\"Filter scenarios…\" aria-label=\"Filter scenarios\"></div>\n<div id=\"trend-list\">\n"
        let stride = max(1, (runs.count + 7) / 8)
        let ticks = runs.indices.filter { $0 % stride == 0 || $0 == runs.count - 1 }.map { (Double($0 + 1), "#\($0 + 1)") }
        for name in scenarioNames(runs) {
            body +=
                "<section class=\"scenario\" id=\"trend-\(HTML.slug(name))\" data-filter-text=\"\(HTML.escape(name))\"><h3>\(HTML.escape(name))</h3><div class=\"charts\">"
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
                body +=
                    "<figure>\(chart.svg())<figcaption><b>\(label)</b>"
                    + SVGLineChart.legend(sizes.enumerated().map { ("size \(MetricFormat.count(Double($0.element)))", $0.offset, false) })
                    + "</figcaption></figure>"
            }
            body += "</div></section>\n"
        }
        body += "</div></section>\n"
        return HTMLPage(
            title: "layoutbench trends", subtitle: "\(runs.count) runs", navigation: [("trends", "Trends")],
            body: "<p><a href=\"index.html\">← All runs</a></p>\n" + body
        ).render()
    }

    // MARK: Compare any two

    static func comparePage(_ runs: [Run]) -> String {
        var body = "<p><a href=\"index.html\">← All runs</a></p>\n"
        body += "<section id=\"pick\"><h2>Choose two runs</h2>\n"
        let options = runs.enumerated().map {
            "<option value=\"\(HTML.escape($0.element.id))\">#\($0.offset + 1) \(HTML.escape(runLabel($0.element)))</option>"
        }.joined()
        body +=
            "<div class=\"controls\" data-js-only hidden><label>Base <select class=\"filter\" id=\"base\">\(options)</select></label> "
            + "<label>Head <select class=\"filter\" id=\"head\">\(options)</select></label></div>\n"
        body +=
            "<p class=\"muted\">Counters and (agreeing) allocation counts compare exactly; times need a change of the medians over 10% and a "
            + "Mann-Whitney p below 0.01 (the default thresholds; <code>layoutbench compare</code> adds the bootstrap noise band and thresholds files).</p>\n"
        body += "<p id=\"compare-summary\" class=\"notice\">Choose a base and a head.</p>\n</section>\n"
        body += "<section id=\"result\"><h2>Result</h2>\n"
        let select = HTMLTable.attributeFilter(
            table: "any-table", attribute: "data-verdict", label: "Verdict",
            options: [("", "all")] + ReportComparison.Verdict.allCases.map { ($0.rawValue, $0.rawValue) })
        body += HTMLTable(
            id: "any-table",
            columns: [
                .init("Scenario"), .init("Size", numeric: true), .init("Metric"), .init("Base", numeric: true), .init("Head", numeric: true),
                .init("Change", numeric: true), .init("Verdict"), .init("Detail", wraps: true),
            ],
            rows: [], filterable: true, extraControls: select
        ).render()
        body += "</section>\n"
        body += "<section id=\"previous\"><h2>Each run against the one before</h2>\n<ul>"
        for (index, run) in runs.enumerated() where index > 0 {
            body += "<li><a href=\"compare/\(run.id).html\">#\(index + 1) \(HTML.escape(runLabel(run))) against #\(index)</a></li>"
        }
        body += "</ul>\n</section>\n"
        return HTMLPage(
            title: "layoutbench: compare two runs", subtitle: "\(runs.count) runs",
            navigation: [("pick", "Choose"), ("result", "Result"), ("previous", "Each against the one before")],
            body: body, extraScript: "var LAYOUTBENCH_RUNS = \(HTML.scriptJSON(compareData(runs)));\n" + HistoryCompareScript.script
        ).render()
    }

    /// What the in-browser comparison needs per run, scenario and size: every counter,
    /// allocation samples (and whether they agreed), wall and CPU samples.
    static func compareData(_ runs: [Run]) -> JSONValue {
        .array(
            runs.map { run in
                let report = run.loaded.report
                var scenarios: [(key: String, value: JSONValue)] = []
                for scenario in report.scenarios {
                    var sizes: [(key: String, value: JSONValue)] = []
                    for size in scenario.sizes {
                        var entry: [(key: String, value: JSONValue)] = []
                        entry.append(("c", .object(size.counters.map { ($0.key, .integer(Int64($0.value))) })))
                        if let allocations = size.allocations {
                            entry.append(("a", .array(allocations.samples.map { .integer(Int64($0.count)) })))
                            entry.append(("b", .array(allocations.samples.map { .integer(Int64($0.bytes)) })))
                            entry.append(("ag", .bool(allocations.repetitionsAgree)))
                            entry.append(("a0", .integer(Int64(allocations.count))))
                            entry.append(("b0", .integer(Int64(allocations.bytes))))
                        }
                        entry.append(("w", .array(size.time.wallNanoseconds.samples.map { .integer(Int64($0)) })))
                        entry.append(("u", .array(size.time.cpuNanoseconds.samples.map { .integer(Int64($0)) })))
                        sizes.append((String(size.size), .object(entry)))
                    }
                    scenarios.append((scenario.name, .object(sizes)))
                }
                return .object([
                    ("id", .string(run.id)), ("label", .string(runLabel(run))),
                    ("machine", .string(report.environment.machine.cpuModel ?? "unknown")),
                    ("build", .string(report.environment.toolchain.buildConfiguration)), ("scenarios", .object(scenarios)),
                ])
            })
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
