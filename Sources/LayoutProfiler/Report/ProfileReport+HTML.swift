import LayoutBenchReport

// The profile page (`layoutbench profile --format html`): LayoutBenchReport's page skeleton,
// style and tables, with its `Templates/profile.mustache` and `profile.css`, the same as the
// report, comparison and history pages.

extension ProfileReport {
    /// The report as one self-contained HTML page: findings with evidence and fix, an SVG
    /// timeline of row operations and solves per frame or pass, and sortable tables of the
    /// top views, view groups, constraint identifiers, operations, churn by superview and the
    /// most recent events.
    public func html() -> String {
        let body = PageTemplates.render(
            "profile",
            [
                "totals": totalsLine, "findingCount": String(findings.count),
                "findings": findings.map { finding -> [String: Any] in
                    var entry: [String: Any] = [
                        "severity": finding.severity.rawValue, "id": finding.id, "title": finding.title, "summary": finding.summary,
                        "hasCounts": !finding.counts.isEmpty,
                        "counts": finding.counts.map { ["value": Self.number($0.value), "name": $0.name] },
                        "hasViews": !finding.views.isEmpty,
                        "views": finding.views.enumerated().map { ["name": $0.element, "first": $0.offset == 0] as [String: Any] },
                        "fix": finding.fix,
                    ]
                    if let variant = finding.variant { entry["variant"] = variant }
                    if !finding.locations.isEmpty { entry["locations"] = finding.locations.joined(separator: "; ") }
                    if !finding.constraints.isEmpty {
                        entry["constraintCount"] = String(finding.constraints.count)
                        entry["constraints"] = finding.constraints.joined(separator: "\n\n")
                    }
                    return entry
                },
                "timelineCaption": timelineCaption, "timeline": ProfileTimelineChart(timeline: timeline).html(),
                "costTables": [
                    costTable("Top views by row operations", id: "top-views", topViews, name: "View", detail: "Superview"),
                    costTable("Top view groups", id: "top-view-groups", topViewGroups, name: "Place in the hierarchy", detail: nil, instances: true),
                    costTable("Top constraint identifiers", id: "top-identifiers", topConstraintIdentifiers, name: "Identifier", detail: "Made by"),
                    costTable("Operations (innermost cause)", id: "operations", operations, name: "Operation", detail: "Stack (first seen)"),
                ],
                "churn": churnContext() as Any,
                "hierarchy": hierarchyLine, "notes": hierarchy.notes,
                "eventsLine": "\(Self.number(recentEvents.received)) received; the last \(Self.number(recentEvents.events.count)) kept "
                    + "(capacity \(Self.number(recentEvents.capacity))). The 200 most recent:",
                "events": eventsTable(),
            ])
        return HTMLPage(
            title: headline, subtitle: subject?.summary,
            navigation: [
                ("findings", "Findings"), ("timeline", "Timeline"), ("top-views", "Views"), ("operations", "Operations"), ("churn", "Churn"),
                ("events", "Events"),
            ],
            body: body, extraStyle: PageTemplates.profileStyle,
            footer: "layoutbench profile · schema \(schema) v\(schemaVersion) · docs/profile.md"
        ).render()
    }

    /// The churn section's parts, or `nil` when nothing churned.
    func churnContext() -> [String: Any]? {
        guard churn.constraints > 0 else { return nil }
        let groups = HTMLTable(
            id: "churn-groups",
            columns: [.init("Superview"), .init("Views", numeric: true), .init("Constraints", numeric: true), .init("Example")],
            rows: churn.groups.map { group in
                HTMLTable.Row([
                    HTMLTable.Cell(group.superview), HTMLTable.Cell(Self.number(group.views), sortBy: Double(group.views)),
                    HTMLTable.Cell(Self.number(group.constraints), sortBy: Double(group.constraints)),
                    HTMLTable.Cell(html: HTML.code(group.example), sortValue: group.example),
                ])
            })
        let views = HTMLTable(
            id: "churn-views", columns: [.init("View"), .init("Superview"), .init("Constraints", numeric: true)],
            rows: churn.views.map { view in
                HTMLTable.Row([
                    HTMLTable.Cell(html: HTML.code(view.view), sortValue: view.view), HTMLTable.Cell(view.superview),
                    HTMLTable.Cell(Self.number(view.constraints), sortBy: Double(view.constraints)),
                ])
            })
        return [
            "line": "\(Self.number(churn.constraints)) constraints removed and added back: "
                + churn.byVariant.map { "\($0.name) \(Self.number($0.value))" }.joined(separator: ", ") + ".",
            "groups": groups.render(), "views": views.render(),
        ]
    }

    /// The most recent 200 events.
    func eventsTable() -> String {
        HTMLTable(
            id: "events-table",
            columns: [
                .init("#", numeric: true), .init("Kind"), .init("Frame", numeric: true), .init("Pass", numeric: true), .init("Constraint or view"),
                .init("Operations"), .init("Solves", numeric: true), .init("Row ops", numeric: true),
            ],
            rows: recentEvents.events.suffix(200).map { event in
                let subject = event.constraint ?? event.view ?? ""
                return HTMLTable.Row([
                    HTMLTable.Cell("\(event.sequence)", sortBy: Double(event.sequence)), HTMLTable.Cell(event.kind),
                    HTMLTable.Cell("\(event.frame)", sortBy: Double(event.frame)), HTMLTable.Cell("\(event.pass)", sortBy: Double(event.pass)),
                    HTMLTable.Cell(html: HTML.code(subject), sortValue: subject), HTMLTable.Cell(event.operations.joined(separator: " › ")),
                    HTMLTable.Cell("\(event.solves)", sortBy: Double(event.solves)),
                    HTMLTable.Cell(Self.number(event.rowOperations), sortBy: Double(event.rowOperations)),
                ])
            }
        ).render()
    }

    /// A section with a table of costs, or "Nothing recorded."
    func costTable(_ title: String, id: String, _ rows: [CostRow], name: String, detail: String?, instances: Bool = false) -> String {
        let table: String
        if rows.isEmpty {
            table = HTML.paragraph("Nothing recorded.", class: "none")
        } else {
            var columns: [HTMLTable.Column] = [.init(name)]
            if let detail { columns.append(.init(detail)) }
            if instances { columns.append(.init("Views", numeric: true)) }
            for title in ["Row ops", "Share", "Cells", "Solves", "Added", "Removed", "Constants", "Churn"] {
                columns.append(.init(title, numeric: true))
            }
            table = HTMLTable(
                id: id + "-table", columns: columns,
                rows: rows.map { row in
                    var cells = [HTMLTable.Cell(html: HTML.code(row.label), sortValue: row.label)]
                    if detail != nil { cells.append(HTMLTable.Cell(row.detail)) }
                    if instances { cells.append(HTMLTable.Cell(Self.number(row.instances), sortBy: Double(row.instances))) }
                    cells.append(HTMLTable.Cell(Self.number(row.rowOperations), sortBy: Double(row.rowOperations)))
                    cells.append(HTMLTable.Cell(Self.percent(row.share), sortBy: row.share))
                    for value in [row.cellUpdates, row.solves, row.constraintsAdded, row.constraintsRemoved, row.constantChanges, row.churn] {
                        cells.append(HTMLTable.Cell(Self.number(value), sortBy: Double(value)))
                    }
                    return HTMLTable.Row(cells)
                }
            ).render()
        }
        return HTML.section(id: id, title: title, html: table)
    }
}

/// The profile's timeline: a bar of row operations per frame or layout pass (orange where
/// constraints churned) and a line of solves outside measurement on its own scale, then its
/// legend.
struct ProfileTimelineChart {
    var timeline: ProfileReport.Timeline

    /// The chart and its legend, or "Nothing recorded."
    func html() -> String {
        let entries = timeline.entries
        guard !entries.isEmpty else { return HTML.paragraph("Nothing recorded.", class: "none") }
        let width = max(entries.count * 4, 200)
        let height = 160
        let plot = Double(height - 20)
        let peakRows = Double(max(entries.map(\.rowOperations).max() ?? 1, 1))
        let peakSolves = Double(max(entries.map(\.appSolves).max() ?? 1, 1))
        let barWidth = Double(width) / Double(entries.count)
        var nodes: [Markup] = [Markup("line", ["x1": "0", "y1": "\(Int(plot))", "x2": "\(width)", "y2": "\(Int(plot))", "class": "axis"])]
        var points: [String] = []
        for (index, entry) in entries.enumerated() {
            let x = Double(index) * barWidth
            let barHeight = Double(entry.rowOperations) / peakRows * (plot - 4)
            let name = entry.first == entry.last ? "\(entry.kind) \(entry.first)" : "\(entry.kind)s \(entry.first)–\(entry.last)"
            let tip =
                "\(name): \(entry.rowOperations) row operations, \(entry.solves) solves (\(entry.appSolves) outside measurement), "
                + "+\(entry.constraintsAdded)/−\(entry.constraintsRemoved) constraints, \(entry.constantChanges) constant changes, \(entry.churn) churned"
            nodes.append(
                Markup(
                    "rect",
                    [
                        "x": Self.decimal(x), "y": Self.decimal(plot - barHeight), "width": Self.decimal(max(barWidth * 0.85, 0.5)),
                        "height": Self.decimal(max(barHeight, 0)), "class": entry.churn > 0 ? "bar churn" : "bar",
                    ], [Markup("title", [:], [.text(tip)])]))
            points.append("\(Self.decimal(x + barWidth / 2)),\(Self.decimal(plot - Double(entry.appSolves) / peakSolves * (plot - 4)))")
        }
        nodes.append(Markup("polyline", ["points": points.joined(separator: " "), "class": "solves"]))
        let chart = Markup(
            "svg",
            [
                "class": "timeline", "viewBox": "0 0 \(width) \(height)", "preserveAspectRatio": "none", "role": "img",
                "aria-label": "Row operations and solves per \(timeline.unit)",
            ], nodes)
        func key(_ kind: String) -> Markup { Markup("span", ["class": kind], [.text("")]) }
        let legend = Markup(
            "p", ["class": "legend"],
            [
                key("key bar"), .text(" row operations (peak \(ProfileReport.number(Int(peakRows)))) "), key("key churnkey"),
                .text(" with churn "), key("key solveskey"),
                .text(
                    " solves outside measurement (peak \(Int(peakSolves))) · one bar per \(timeline.unit)"
                        + (timeline.span > 1 ? " (up to \(timeline.span) merged)" : "")),
            ])
        return chart.markup + "\n" + legend.markup + "\n"
    }

    /// A coordinate with at most two decimals.
    static func decimal(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }
}
