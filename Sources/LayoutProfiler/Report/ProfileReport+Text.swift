import LayoutBenchReport

// The terminal summary: findings first, then the top costs, churn and a timeline
// sparkline.

extension ProfileReport {
    /// The report as terminal text: findings (with evidence and fix) first, then the
    /// views, view groups, constraint identifiers and operations that cost the most
    /// row operations, churn by superview, and the timeline as a sparkline.
    ///
    /// - Parameter color: Whether to use ANSI colors (for a terminal).
    /// - Returns: Lines ending in newlines, at most about 100 columns wide.
    public func text(color: Bool = false) -> String {
        var out = _TextOutput(color: color)
        out.line(out.bold(headline))
        if let subject { out.wrapped(subject.summary, indent: "") }
        out.blank()

        if findings.isEmpty {
            out.line(out.bold("Findings: none.") + " No rule found a problem in what was recorded.")
        } else {
            out.line(out.bold("Findings (\(findings.count))"))
            for finding in findings {
                let tag = finding.severity == .error ? out.red("error") : out.yellow("warning")
                out.line("  [\(tag)] \(out.bold(finding.id))\(finding.variant.map { " (\($0))" } ?? ""): \(finding.title)")
                out.wrapped(finding.summary, indent: "    ")
                if !finding.locations.isEmpty {
                    out.wrapped("where: " + finding.locations.joined(separator: "; "), indent: "    ", continuation: "      ")
                }
                if !finding.views.isEmpty {
                    out.wrapped("views: " + finding.views.joined(separator: ", "), indent: "    ", continuation: "      ")
                }
                if !finding.constraints.isEmpty {
                    out.line("    constraints:")
                    for example in finding.constraints.prefix(3) {
                        for (index, line) in example.split(separator: "\n").enumerated() {
                            out.line((index == 0 ? "      - " : "        ") + line)
                        }
                    }
                    if finding.constraints.count > 3 { out.line("      … \(finding.constraints.count - 3) more in the JSON and HTML reports") }
                }
                out.wrapped(out.green("fix: ") + finding.fix, indent: "    ", continuation: "      ", visibleExtra: out.colorOverhead)
            }
        }
        out.blank()

        out.line(out.bold("Totals"))
        out.wrapped(totalsLine, indent: "  ")
        if let solver = totals.solverCounters {
            // Reading solved values counts `variablesChanged` without an event.
            let differing = totals.counters.values.filter { $0.name != "variablesChanged" && solver[$0.name] != $0.value }
            if !differing.isEmpty {
                out.wrapped(
                    "Events do not account for all of the engines' counters: "
                        + differing.map { "\($0.name) \($0.value) in events, \(solver[$0.name] ?? 0) in the engines" }.joined(separator: ", "),
                    indent: "  ")
            }
        }
        out.blank()

        costTable(&out, "Top views by row operations", topViews.prefix(8), name: "view", detail: true)
        costTable(
            &out, "Top view groups (a view repeated in every cell adds up)", topViewGroups.prefix(6), name: "group", detail: false, instances: true)
        costTable(&out, "Top constraint identifiers", topConstraintIdentifiers.prefix(8), name: "identifier", detail: true)
        costTable(&out, "Operations (innermost cause)", operations.prefix(8), name: "operation", detail: false)

        out.line(
            out.bold("Churn")
                + (churn.constraints == 0
                    ? ": none"
                    : ": \(Self.number(churn.constraints)) constraints removed and added back ("
                        + churn.byVariant.map { "\($0.name) \(Self.number($0.value))" }.joined(separator: ", ") + ")"))
        if !churn.groups.isEmpty {
            out.line("  " + TextTable.pad("constraints", 11, .right) + "  " + TextTable.pad("views", 5, .right) + "  superview")
            for group in churn.groups.prefix(6) {
                out.line(
                    "  " + TextTable.pad(Self.number(group.constraints), 11, .right) + "  " + TextTable.pad(Self.number(group.views), 5, .right)
                        + "  " + group.superview)
            }
        }
        out.blank()

        out.line(out.bold("Timeline") + ": \(timelineCaption)")
        if !timeline.entries.isEmpty {
            let (rows, solves, per) = sparklines(width: 64)
            out.line("  row operations " + rows)
            out.line("  solves         " + solves)
            out.line(
                "  (each column: \(per) \(timeline.unit == "mixed" ? "frames or passes" : timeline.unit + (per == 1 ? "" : timeline.unit == "pass" ? "es" : "s"))\(timeline.span > 1 ? ", each entry spanning up to \(timeline.span)" : ""); peak \(Self.number(timeline.entries.map(\.rowOperations).max() ?? 0)) row operations)"
            )
        }
        out.blank()

        out.line(out.bold("Hierarchy") + ": " + hierarchyLine)
        for note in hierarchy.notes { out.wrapped(note, indent: "  ") }
        out.line(
            out.bold("Events")
                + ": \(Self.number(recentEvents.received)) received; the last \(Self.number(recentEvents.events.count)) kept (capacity \(Self.number(recentEvents.capacity)), \(Self.number(recentEvents.dropped)) dropped)."
        )
        return out.text
    }

    /// The page's or summary's first line: what was profiled, and its pair.
    public var headline: String {
        guard let subject else { return "Profile: \(title)" }
        var line = "Profile of \(subject.scenario) at \(subject.size) \(subject.sizeUnit)"
        if let role = subject.role, let partner = subject.partner {
            line += role == "anti-pattern" ? " (anti-pattern; its fix is \(partner))" : " (fix; its anti-pattern is \(partner))"
        }
        return line
    }

    /// The totals in one sentence.
    public var totalsLine: String {
        let t = totals
        return
            "\(Self.number(t.frames)) frame\(t.frames == 1 ? "" : "s"), \(Self.number(t.passes)) layout pass\(t.passes == 1 ? "" : "es"), \(t.engines) engine\(t.engines == 1 ? "" : "s"); "
            + "\(Self.number(t.solves)) solves, \(Self.number(t.rowOperations)) row operations (\(Self.number(t.cellUpdates)) cells written), \(Self.number(t.pivots)) pivots; "
            + "\(Self.number(t.constraintsAdded)) constraints added, \(Self.number(t.constraintsRemoved)) removed, \(Self.number(t.constantChanges)) constant changes, \(Self.number(t.priorityChanges)) priority changes; "
            + "\(Self.number(t.brokenConstraints)) broken, \(Self.number(t.refusedPriorityMutations)) refused priority changes."
    }

    /// What the timeline shows, in one sentence.
    public var timelineCaption: String {
        let entries = timeline.entries
        guard !entries.isEmpty else { return "nothing recorded." }
        let frames = entries.filter { $0.kind == "frame" }
        var caption = "\(Self.number(entries.count)) entries (\(timeline.unit))"
        if !frames.isEmpty, timeline.span == 1 {
            let solves = frames.map(\.appSolves).sorted()
            caption += "; solves per frame: median \(solves[solves.count / 2]), most \(solves.last!)"
        }
        caption +=
            "; \(Self.number(timeline.framesWithSeveralSolves)) frame\(timeline.framesWithSeveralSolves == 1 ? "" : "s") with more than one solve."
        return caption
    }

    /// The hierarchy in one sentence: views, stack views, constraints, ambiguity.
    public var hierarchyLine: String {
        let h = hierarchy
        var line = "\(Self.number(h.views)) views under \(h.roots.joined(separator: ", ")); \(Self.number(h.stackViews)) stack views"
        if h.deepestStackNesting > 0 { line += " (deepest nesting \(h.deepestStackNesting): \(h.deepestStackChain.joined(separator: " › ")))" }
        line += "; \(Self.number(h.installedConstraints)) installed constraints; "
        line += h.ambiguityChecked ? "\(h.ambiguousViews) ambiguous view\(h.ambiguousViews == 1 ? "" : "s")." : "ambiguity not checked."
        return line
    }

    /// Row operations and solves per column, as block characters.
    func sparklines(width: Int) -> (String, String, Int) {
        let entries = timeline.entries
        let per = max(1, (entries.count + width - 1) / width)
        var rows: [Int] = []
        var solves: [Int] = []
        var index = 0
        while index < entries.count {
            let chunk = entries[index..<min(index + per, entries.count)]
            rows.append(chunk.reduce(0) { $0 + $1.rowOperations })
            solves.append(chunk.reduce(0) { $0 + $1.appSolves })
            index += per
        }
        return (Self.spark(rows), Self.spark(solves), per)
    }

    static func spark(_ values: [Int]) -> String {
        let blocks = Array(" ▁▂▃▄▅▆▇█")
        let peak = values.max() ?? 0
        guard peak > 0 else { return String(repeating: " ", count: values.count) }
        return String(
            values.map { value -> Character in
                guard value > 0 else { return " " }
                return blocks[max(1, min(8, Int((Double(value) / Double(peak) * 8).rounded(.up))))]
            })
    }

    func costTable<Rows: Collection>(
        _ out: inout _TextOutput, _ title: String, _ rows: Rows, name: String, detail: Bool, instances: Bool = false
    ) where Rows.Element == CostRow {
        out.line(out.bold(title))
        guard !rows.isEmpty else {
            out.line("  (none)")
            out.blank()
            return
        }
        out.line(
            "  " + TextTable.pad("row ops", 11, .right) + TextTable.pad("share", 7, .right) + TextTable.pad("solves", 8, .right)
                + TextTable.pad("+/-", 12, .right) + TextTable.pad("const", 8, .right) + TextTable.pad("churn", 7, .right) + "  " + name)
        for row in rows {
            var label = row.label
            if instances && row.instances > 1 { label += " (×\(Self.number(row.instances)))" }
            if detail && !row.detail.isEmpty { label += "  in " + row.detail }
            out.line(
                "  " + TextTable.pad(Self.number(row.rowOperations), 11, .right)
                    + TextTable.pad(Self.percent(row.share), 7, .right)
                    + TextTable.pad(Self.number(row.solves), 8, .right)
                    + TextTable.pad("\(Self.number(row.constraintsAdded))/\(Self.number(row.constraintsRemoved))", 12, .right)
                    + TextTable.pad(Self.number(row.constantChanges), 8, .right)
                    + TextTable.pad(Self.number(row.churn), 7, .right) + "  " + label)
        }
        out.blank()
    }

    /// `12,345`.
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A share as a percentage with one decimal: `12.3%`.
    public static func percent(_ share: Double) -> String {
        String(format1: share * 100) + "%"
    }
}

extension String {
    /// A number with one decimal: `12.3`.
    init(format1 value: Double) {
        let scaled = (value * 10).rounded()
        let whole = Int(scaled) / 10
        let tenth = abs(Int(scaled) % 10)
        self = "\(whole).\(tenth)"
    }
}

/// Builds terminal text. Not API.
struct _TextOutput {
    let color: Bool
    var text = ""
    let width = 100

    init(color: Bool) { self.color = color }

    /// The invisible characters one color escape adds.
    var colorOverhead: Int { color ? 9 : 0 }

    mutating func line(_ string: String) { text += string + "\n" }
    mutating func blank() { text += "\n" }

    /// Word-wraps `string` to the width, the first line after `indent`, the rest after
    /// `continuation` (the indent by default).
    mutating func wrapped(_ string: String, indent: String, continuation: String? = nil, visibleExtra: Int = 0) {
        let continuation = continuation ?? indent
        var current = indent
        var currentVisible = indent.count - visibleExtra
        var first = true
        for word in string.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = first ? "" : " "
            if !first && currentVisible + prefix.count + word.count > width {
                line(current)
                current = continuation + word
                currentVisible = continuation.count + word.count
            } else {
                current += prefix + word
                currentVisible += prefix.count + word.count
            }
            first = false
        }
        line(current)
    }

    func bold(_ string: String) -> String { color ? "\u{1B}[1m\(string)\u{1B}[0m" : string }
    func red(_ string: String) -> String { color ? "\u{1B}[31m\(string)\u{1B}[0m" : string }
    func yellow(_ string: String) -> String { color ? "\u{1B}[33m\(string)\u{1B}[0m" : string }
    func green(_ string: String) -> String { color ? "\u{1B}[32m\(string)\u{1B}[0m" : string }
}
