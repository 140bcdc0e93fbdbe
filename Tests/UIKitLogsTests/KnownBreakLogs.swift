import Foundation

@testable import UIKitLogs

/// The real-world logs whose broken constraint is known (docs/break-rule.md, "The evidence"),
/// read from the two manifests: `logs/manifest.csv` (status `complete`, the break from the
/// log's recovery line) and `logs2/manifest.csv` (`complete`: the recovery line;
/// `list-complete`: the recovery line is cut, and the manifest's note names the broken entry
/// by address and position, "broken constraint is 0x1f5244d0, entry 4").
struct KnownBreakLog: CustomStringConvertible {
    /// `logs` or `logs2`.
    var set: String
    var name: String
    var status: String
    var url: URL
    /// The broken constraint's address (lower-case hex, no `0x`), from the manifest's note for
    /// `list-complete` logs, else `nil` (the log's own recovery line says).
    var noteAddress: String?
    /// Its 1-based position in the list, from the note.
    var notePosition: Int?

    var description: String { "\(set)/\(name)" }

    /// Every log of both sets whose break is known; empty when the corpus is absent.
    static func all() -> [KnownBreakLog] {
        guard let root = RealWorldLogs.root else { return [] }
        var logs: [KnownBreakLog] = []
        for row in csvRows(root.appendingPathComponent("logs/manifest.csv")) where row["status"] == "complete" {
            guard let file = row["file"], row["set"] == "wtfautolayout" else { continue }
            let url = root.appendingPathComponent(file)
            // The wtfautolayout set's break is known where the log keeps its recovery line.
            guard let text = try? String(contentsOf: url, encoding: .utf8), text.contains("Will attempt to recover") else { continue }
            logs.append(KnownBreakLog(set: "logs", name: row["id"] ?? file, status: "complete", url: url))
        }
        for row in csvRows(root.appendingPathComponent("logs2/manifest.csv")) {
            guard let file = row["file"], let status = row["status"], status == "complete" || status == "list-complete" else { continue }
            var log = KnownBreakLog(set: "logs2", name: row["id"] ?? file, status: status, url: root.appendingPathComponent("logs2/\(file)"))
            if status == "list-complete", let note = row["note"] {
                (log.noteAddress, log.notePosition) = brokenEntry(inNote: note)
            }
            logs.append(log)
        }
        return logs
    }

    /// `(broken constraint is 0x1f5244d0, entry 4)` in a manifest note.
    static func brokenEntry(inNote note: String) -> (String?, Int?) {
        guard let range = note.range(of: #"broken constraint is 0x[0-9a-fA-F]+, entry [0-9]+"#, options: .regularExpression) else {
            return (nil, nil)
        }
        let words = note[range].split(separator: " ")
        let address = words[3].dropFirst(2).dropLast().lowercased()
        return (String(address), Int(words[5]))
    }

    /// A CSV file's rows as dictionaries by the header's names (quoted fields may hold commas).
    static func csvRows(_ url: URL) -> [[String: String]] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)
        if characters.last != "\n" { characters.append("\n") }
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if quoted {
                if c == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\n" || c == "\r\n" {
                row.append(field)
                field = ""
                if row != [""] { rows.append(row) }
                row = []
            } else {
                field.append(c)
            }
            index += 1
        }
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { values in
            Dictionary(uniqueKeysWithValues: zip(header, values + Array(repeating: "", count: max(0, header.count - values.count))))
        }
    }
}

/// What the replay of one known-break log finds, with the conflict's kind.
struct KnownBreakRow {
    var log: KnownBreakLog
    var parsed: Bool
    var error: String?
    var unsatisfiable = false
    /// UIKit's break, its position in the list (1-based), and whether the note agrees.
    var uikitBroke: LoggedConstraint?
    var uikitPosition: Int?
    var noteAgrees: Bool?
    var ruleOnLoggedSet: LoggedConstraint?
    var engineBreaks: LoggedConstraint?
    var kind: ConflictKind?

    var ruleAgrees: Bool { ruleOnLoggedSet != nil && ruleOnLoggedSet?.address == uikitBroke?.address }
    var engineAgrees: Bool { engineBreaks != nil && engineBreaks?.address == uikitBroke?.address }

    init(_ log: KnownBreakLog) {
        self.log = log
        let conflict: LoggedConflict
        do {
            let text = try String(contentsOf: log.url, encoding: .utf8)
            guard let first = try UIKitLogParser().parse(text).first else {
                parsed = false
                return
            }
            conflict = first
        } catch {
            parsed = false
            self.error = "\(error)"
            return
        }
        parsed = true
        uikitBroke = conflict.broken
        uikitPosition = conflict.broken.flatMap { broken in conflict.constraints.firstIndex { $0.address == broken.address } }.map { $0 + 1 }
        if let address = log.noteAddress {
            noteAgrees = conflict.broken?.address == address && uikitPosition == log.notePosition
        }
        let outcome = ConflictReplay(conflict).run()
        unsatisfiable = outcome.unsatisfiable
        ruleOnLoggedSet = outcome.ruleOnLoggedSet
        engineBreaks = outcome.engineBreaks
        kind = ConflictKind(conflict.distinctConstraints)
    }
}

/// What a conflict sets against what, by the constraints UIKit listed (docs/break-rule.md's
/// table). The first kind that applies.
enum ConflictKind: String, CaseIterable {
    /// One constraint that cannot hold alone (the action sheet's `width == -16`).
    case impossibleAlone = "one impossible constraint (action sheet width == -16)"
    /// One app constraint against one UIKit imposes (autoresizing, Encapsulated-Layout).
    case appVersusImposed = "an app constraint against imposed geometry alone"
    /// App constraints that give one item's attribute two values (two bottom offsets).
    case twoValues = "two values for one attribute"
    /// A stack view's constraints in the conflict.
    case stackView = "stack view (UISV-*, canvas, alignment)"
    /// A fixed size of one item against relations between items.
    case sizeVersusRelations = "a fixed size against relations"
    /// Only relations between items (and imposed geometry).
    case relations = "relations (edges, centers, spacing) against imposed geometry"

    init(_ constraints: [LoggedConstraint]) {
        let app = constraints.filter { !$0.isImposedGeometry }
        if constraints.count == 1 {
            self = .impossibleAlone
        } else if app.count == 1 {
            self = .appVersusImposed
        } else if app.count == 2, Self.sameTarget(app[0], app[1]) {
            self = .twoValues
        } else if constraints.contains(where: {
            $0.isStackViewConstraint || [$0.first.item, $0.second?.item].contains { $0?.className == "UIStackView" }
        }) {
            self = .stackView
        } else if app.contains(where: { $0.second == nil }) {
            self = .sizeVersusRelations
        } else {
            self = .relations
        }
    }

    /// Whether two constraints relate the same item's same attribute (to the same other item,
    /// or the other item's margin on the same side).
    static func sameTarget(_ a: LoggedConstraint, _ b: LoggedConstraint) -> Bool {
        func anchors(_ c: LoggedConstraint) -> Set<String> {
            Set([c.first, c.second].compactMap { $0 }.map { "\($0.item.key).\(Self.side($0.attribute))" })
        }
        return !anchors(a).intersection(anchors(b)).isEmpty && a.first.attribute.isHorizontal == b.first.attribute.isHorizontal
            && Self.side(a.first.attribute) == Self.side(b.first.attribute) || anchors(a) == anchors(b)
    }

    static func side(_ attribute: LoggedAttribute) -> String {
        switch attribute {
        case .trailingMargin: "trailing"
        case .leadingMargin: "leading"
        case .topMargin: "top"
        case .bottomMargin: "bottom"
        default: attribute.rawValue
        }
    }
}

extension KnownBreakRow {
    /// The measurement as a Markdown table (docs/break-rule.md).
    static func table(_ rows: [KnownBreakRow]) -> String {
        var lines = [
            "| log | status | kind | parsed | unsatisfiable | UIKit broke (entry) | rule on UIKit's list | engine breaks first |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        func cell(_ constraint: LoggedConstraint?, agrees: Bool) -> String {
            guard let constraint else { return "—" }
            return (agrees ? "same" : "`\(constraint.equation)`").replacingOccurrences(of: "|", with: "\\|")
        }
        for row in rows {
            let uikit = row.uikitBroke.map { "`\($0.equation)` (\(row.uikitPosition.map(String.init) ?? "?"))" } ?? "—"
            lines.append(
                "| \(row.log) | \(row.log.status) | \(row.kind?.rawValue ?? "—") | \(row.parsed ? "yes" : "no") | \(row.unsatisfiable ? "yes" : "no") | "
                    + uikit.replacingOccurrences(of: "|", with: "\\|") + " | \(cell(row.ruleOnLoggedSet, agrees: row.ruleAgrees)) | "
                    + "\(cell(row.engineBreaks, agrees: row.engineAgrees)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Agreement per kind: `kind: rule agrees/disagrees, engine agrees/disagrees`.
    static func perKind(_ rows: [KnownBreakRow]) -> String {
        var lines = ["| kind | logs | rule on UIKit's list agrees / differs | engine agrees / differs |", "| --- | --- | --- | --- |"]
        for kind in ConflictKind.allCases {
            let of = rows.filter { $0.kind == kind }
            guard !of.isEmpty else { continue }
            let rule = of.filter(\.ruleAgrees).count
            let engine = of.filter(\.engineAgrees).count
            lines.append("| \(kind.rawValue) | \(of.count) | \(rule) / \(of.count - rule) | \(engine) / \(of.count - engine) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
