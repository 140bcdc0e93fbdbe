// The HTML page: one self-contained file (inline CSS and SVG, no scripts, no network),
// readable on a phone.

extension ProfileReport {
    /// The report as one self-contained HTML page: findings with evidence and fix, an
    /// SVG timeline of row operations and solves per frame or pass, and tables of the
    /// top views, view groups, constraint identifiers, operations and churn by superview.
    public func html() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(headline))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>
            <main>
            <h1>\(Self.escape(headline))</h1>

            """
        if let subject { page += "<p class=\"lede\">\(Self.escape(subject.summary))</p>\n" }
        page += "<p class=\"totals\">\(Self.escape(totalsLine))</p>\n"

        page += "<section><h2>Findings (\(findings.count))</h2>\n"
        if findings.isEmpty {
            page += "<p class=\"none\">No rule found a problem in what was recorded.</p>\n"
        }
        for finding in findings {
            page += "<article class=\"finding \(finding.severity.rawValue)\">\n"
            page += "<h3><span class=\"badge\">\(finding.severity.rawValue)</span> <code>\(Self.escape(finding.id))</code>"
            if let variant = finding.variant { page += " <span class=\"variant\">\(Self.escape(variant))</span>" }
            page += "<br>\(Self.escape(finding.title))</h3>\n"
            page += "<p>\(Self.escape(finding.summary))</p>\n"
            if !finding.counts.isEmpty {
                page +=
                    "<ul class=\"counts\">" + finding.counts.map { "<li><b>\(Self.number($0.value))</b> \(Self.escape($0.name))</li>" }.joined()
                    + "</ul>\n"
            }
            if !finding.locations.isEmpty {
                page += "<p class=\"where\"><b>Where:</b> " + finding.locations.map(Self.escape).joined(separator: "; ") + "</p>\n"
            }
            if !finding.views.isEmpty {
                page +=
                    "<p class=\"where\"><b>Views:</b> " + finding.views.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ") + "</p>\n"
            }
            if !finding.constraints.isEmpty {
                page +=
                    "<details><summary>Constraints (\(finding.constraints.count))</summary><pre>"
                    + finding.constraints.map(Self.escape).joined(separator: "\n\n") + "</pre></details>\n"
            }
            page += "<p class=\"fix\"><b>Fix:</b> \(Self.escape(finding.fix))</p>\n</article>\n"
        }
        page += "</section>\n"

        page += "<section><h2>Timeline</h2>\n<p>\(Self.escape(timelineCaption))</p>\n\(timelineSVG())</section>\n"

        page += costTableHTML("Top views by row operations", topViews, name: "View", detail: "Superview")
        page += costTableHTML("Top view groups", topViewGroups, name: "Place in the hierarchy", detail: nil, instances: true)
        page += costTableHTML("Top constraint identifiers", topConstraintIdentifiers, name: "Identifier", detail: "Made by")
        page += costTableHTML("Operations (innermost cause)", operations, name: "Operation", detail: "Stack (first seen)")

        page += "<section><h2>Churn by superview</h2>\n"
        if churn.constraints == 0 {
            page += "<p class=\"none\">No constraint was removed and added back.</p>\n"
        } else {
            page +=
                "<p>\(Self.number(churn.constraints)) constraints removed and added back: "
                + churn.byVariant.map { "\(Self.escape($0.name)) \(Self.number($0.value))" }.joined(separator: ", ") + ".</p>\n"
            page +=
                "<div class=\"scroll\"><table><thead><tr><th>Superview</th><th class=\"n\">Views</th><th class=\"n\">Constraints</th><th>Example</th></tr></thead><tbody>\n"
            for group in churn.groups {
                page +=
                    "<tr><td>\(Self.escape(group.superview))</td><td class=\"n\">\(Self.number(group.views))</td><td class=\"n\">\(Self.number(group.constraints))</td><td><code>\(Self.escape(group.example))</code></td></tr>\n"
            }
            page += "</tbody></table></div>\n"
            page +=
                "<h3>Views with the most churn</h3><div class=\"scroll\"><table><thead><tr><th>View</th><th>Superview</th><th class=\"n\">Constraints</th></tr></thead><tbody>\n"
            for view in churn.views {
                page +=
                    "<tr><td><code>\(Self.escape(view.view))</code></td><td>\(Self.escape(view.superview))</td><td class=\"n\">\(Self.number(view.constraints))</td></tr>\n"
            }
            page += "</tbody></table></div>\n"
        }
        page += "</section>\n"

        page += "<section><h2>Hierarchy</h2>\n<p>\(Self.escape(hierarchyLine))</p>\n"
        for note in hierarchy.notes { page += "<p class=\"note\">\(Self.escape(note))</p>\n" }
        page += "</section>\n"

        page +=
            "<section><h2>Recent events</h2>\n<p>\(Self.number(recentEvents.received)) received; the last \(Self.number(recentEvents.events.count)) kept (capacity \(Self.number(recentEvents.capacity))). The 200 most recent:</p>\n"
        page +=
            "<div class=\"scroll\"><table class=\"events\"><thead><tr><th class=\"n\">#</th><th>Kind</th><th class=\"n\">Frame</th><th class=\"n\">Pass</th><th>Constraint or view</th><th>Operations</th><th class=\"n\">Solves</th><th class=\"n\">Row ops</th></tr></thead><tbody>\n"
        for event in recentEvents.events.suffix(200) {
            page +=
                "<tr><td class=\"n\">\(event.sequence)</td><td>\(Self.escape(event.kind))</td><td class=\"n\">\(event.frame)</td><td class=\"n\">\(event.pass)</td><td><code>\(Self.escape(event.constraint ?? event.view ?? ""))</code></td><td>\(Self.escape(event.operations.joined(separator: " › ")))</td><td class=\"n\">\(event.solves)</td><td class=\"n\">\(Self.number(event.rowOperations))</td></tr>\n"
        }
        page += "</tbody></table></div>\n</section>\n"
        page +=
            "<footer>layoutbench profile · schema \(Self.escape(schema)) v\(schemaVersion) · docs/profile.md</footer>\n</main>\n</body>\n</html>\n"
        return page
    }

    /// Bars of row operations per entry, with a line of solves on its own scale.
    func timelineSVG() -> String {
        let entries = timeline.entries
        guard !entries.isEmpty else { return "<p class=\"none\">Nothing recorded.</p>\n" }
        let width = max(entries.count * 4, 200)
        let height = 160
        let plot = Double(height - 20)
        let peakRows = Double(max(entries.map(\.rowOperations).max() ?? 1, 1))
        let peakSolves = Double(max(entries.map(\.appSolves).max() ?? 1, 1))
        let barWidth = Double(width) / Double(entries.count)
        var svg =
            "<svg class=\"timeline\" viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"Row operations and solves per \(Self.escape(timeline.unit))\">\n"
        svg += "<line x1=\"0\" y1=\"\(Int(plot))\" x2=\"\(width)\" y2=\"\(Int(plot))\" class=\"axis\"/>\n"
        var points: [String] = []
        for (index, entry) in entries.enumerated() {
            let x = Double(index) * barWidth
            let barHeight = Double(entry.rowOperations) / peakRows * (plot - 4)
            let name = entry.first == entry.last ? "\(entry.kind) \(entry.first)" : "\(entry.kind)s \(entry.first)–\(entry.last)"
            let tip =
                "\(name): \(entry.rowOperations) row operations, \(entry.solves) solves (\(entry.appSolves) outside measurement), +\(entry.constraintsAdded)/−\(entry.constraintsRemoved) constraints, \(entry.constantChanges) constant changes, \(entry.churn) churned"
            svg +=
                "<rect x=\"\(Self.decimal(x))\" y=\"\(Self.decimal(plot - barHeight))\" width=\"\(Self.decimal(max(barWidth * 0.85, 0.5)))\" height=\"\(Self.decimal(max(barHeight, 0)))\" class=\"\(entry.churn > 0 ? "bar churn" : "bar")\"><title>\(Self.escape(tip))</title></rect>\n"
            points.append("\(Self.decimal(x + barWidth / 2)),\(Self.decimal(plot - Double(entry.appSolves) / peakSolves * (plot - 4)))")
        }
        svg += "<polyline points=\"\(points.joined(separator: " "))\" class=\"solves\"/>\n"
        svg += "</svg>\n"
        svg +=
            "<p class=\"legend\"><span class=\"key bar\"></span> row operations (peak \(Self.number(Int(peakRows)))) <span class=\"key churnkey\"></span> with churn <span class=\"key solveskey\"></span> solves outside measurement (peak \(Int(peakSolves))) · one bar per \(Self.escape(timeline.unit))\(timeline.span > 1 ? " (up to \(timeline.span) merged)" : "")</p>\n"
        return svg
    }

    func costTableHTML(_ title: String, _ rows: [CostRow], name: String, detail: String?, instances: Bool = false) -> String {
        var html = "<section><h2>\(Self.escape(title))</h2>\n"
        guard !rows.isEmpty else { return html + "<p class=\"none\">Nothing recorded.</p></section>\n" }
        html += "<div class=\"scroll\"><table><thead><tr><th>\(Self.escape(name))</th>"
        if let detail { html += "<th>\(Self.escape(detail))</th>" }
        if instances { html += "<th class=\"n\">Views</th>" }
        html +=
            "<th class=\"n\">Row ops</th><th class=\"n\">Share</th><th class=\"n\">Cells</th><th class=\"n\">Solves</th><th class=\"n\">Added</th><th class=\"n\">Removed</th><th class=\"n\">Constants</th><th class=\"n\">Churn</th></tr></thead><tbody>\n"
        for row in rows {
            html += "<tr><td><code>\(Self.escape(row.label))</code></td>"
            if detail != nil { html += "<td>\(Self.escape(row.detail))</td>" }
            if instances { html += "<td class=\"n\">\(Self.number(row.instances))</td>" }
            html +=
                "<td class=\"n\">\(Self.number(row.rowOperations))</td><td class=\"n\">\(String(format1: row.share * 100))%</td><td class=\"n\">\(Self.number(row.cellUpdates))</td><td class=\"n\">\(Self.number(row.solves))</td><td class=\"n\">\(Self.number(row.constraintsAdded))</td><td class=\"n\">\(Self.number(row.constraintsRemoved))</td><td class=\"n\">\(Self.number(row.constantChanges))</td><td class=\"n\">\(Self.number(row.churn))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static func decimal(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }

    static let css = """
        :root { color-scheme: light dark; --fg: #1b1f24; --muted: #59636e; --bg: #fff; --card: #f6f8fa; --line: #d1d9e0;
          --error: #cf222e; --warning: #9a6700; --fix: #1a7f37; --bar: #5b8def; --churn: #e16f24; --solves: #cf222e; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --card: #161b22;
          --line: #3d444d; --error: #ff7b72; --warning: #d29922; --fix: #3fb950; --bar: #6ea8fe; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
        main { max-width: 1100px; margin: 0 auto; padding: 16px; }
        h1 { font-size: 1.4em; margin: 0.2em 0 0.4em; } h2 { font-size: 1.15em; margin: 1.6em 0 0.5em; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1em; margin: 0 0 0.4em; }
        .lede, .totals, .legend, footer, .note { color: var(--muted); }
        code, pre { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        pre { white-space: pre-wrap; word-break: break-word; background: var(--bg); padding: 8px; border-radius: 6px; border: 1px solid var(--line); }
        .finding { background: var(--card); border-left: 4px solid var(--warning); border-radius: 6px; padding: 10px 14px; margin: 12px 0; }
        .finding.error { border-left-color: var(--error); }
        .badge { text-transform: uppercase; font-size: 0.72em; letter-spacing: 0.05em; color: var(--warning); }
        .error .badge { color: var(--error); }
        .variant { font-weight: normal; color: var(--muted); }
        .counts { list-style: none; padding: 0; margin: 0.3em 0; display: flex; flex-wrap: wrap; gap: 4px 14px; }
        .fix { border-top: 1px dashed var(--line); padding-top: 6px; } .fix b { color: var(--fix); }
        .where { margin: 0.2em 0; word-break: break-word; }
        .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { white-space: nowrap; } td code { word-break: break-word; }
        .n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        svg.timeline { width: 100%; height: 180px; background: var(--card); border-radius: 6px; display: block; }
        .bar { fill: var(--bar); } .bar.churn { fill: var(--churn); }
        .solves { fill: none; stroke: var(--solves); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        .axis { stroke: var(--line); vector-effect: non-scaling-stroke; }
        .key { display: inline-block; width: 12px; height: 12px; vertical-align: middle; margin: 0 4px 0 10px; }
        .key.bar { background: var(--bar); } .churnkey { background: var(--churn); } .solveskey { background: var(--solves); height: 3px; }
        .none { color: var(--fix); }
        footer { margin-top: 2em; font-size: 0.85em; }
        @media (max-width: 600px) { body { font-size: 14px; } main { padding: 10px; } th, td { padding: 3px 5px; } }
        """
}
