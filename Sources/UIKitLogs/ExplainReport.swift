import Foundation
import LayoutBenchJSON

/// `layoutbench explain`: for each log, the parse, the replay, the explanation and the fix;
/// with totals. Renders text, Markdown and JSON (docs/uikit-logs.md has the JSON fields).
public struct ExplainReport: Sendable {
    /// One conflict block of one log (a log with several blocks gives several entries).
    public struct Entry: Codable, Sendable {
        public var path: String
        /// The block's index in the log (0 for the first).
        public var block: Int
        public var parsed: Bool
        /// The located error when the log could not be read.
        public var error: String?
        public var platform: String?
        public var redacted: Bool
        public var constraints: Int
        public var unsatisfiable: Bool?
        public var minimalConflict: [String]
        /// Whether the minimal set is exactly the log's list.
        public var minimalIsLoggedSet: Bool? = nil
        public var implicitRules: [String]
        /// Constraints not replayed (a position related to the other axis).
        public var refused: [String] = []
        public var uikitBroke: String?
        public var engineBreaks: String?
        public var agree: Bool?
        /// Why the engine and UIKit differ, when they do.
        public var disagreement: String? = nil
        /// What the engine's break rule picks from UIKit's own list.
        public var ruleOnLoggedSet: String?
        public var ruleAgrees: Bool?
        public var orderIndependent: Bool?
        public var explanation: String?
        public var fix: String?
        /// The engine's console report of its break (UIKit's format).
        public var engineReport: String?
        /// The error's code when the log or block could not be read (the code is also at the
        /// end of ``error``).
        public var errorCode: UIKitLogError.Code? = nil

        enum CodingKeys: String, CodingKey {
            case path, block, parsed, error, platform, redacted, constraints, unsatisfiable, minimalConflict, minimalIsLoggedSet
            case implicitRules, refused, uikitBroke, engineBreaks, agree, disagreement, ruleOnLoggedSet, ruleAgrees, orderIndependent
            case explanation, fix, engineReport
        }

        /// Every field, `null` when absent (readers need not guess which keys exist).
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(block, forKey: .block)
            try container.encode(parsed, forKey: .parsed)
            try container.encode(error, forKey: .error)
            try container.encode(platform, forKey: .platform)
            try container.encode(redacted, forKey: .redacted)
            try container.encode(constraints, forKey: .constraints)
            try container.encode(unsatisfiable, forKey: .unsatisfiable)
            try container.encode(minimalConflict, forKey: .minimalConflict)
            try container.encode(minimalIsLoggedSet, forKey: .minimalIsLoggedSet)
            try container.encode(implicitRules, forKey: .implicitRules)
            try container.encode(refused, forKey: .refused)
            try container.encode(uikitBroke, forKey: .uikitBroke)
            try container.encode(engineBreaks, forKey: .engineBreaks)
            try container.encode(agree, forKey: .agree)
            try container.encode(disagreement, forKey: .disagreement)
            try container.encode(ruleOnLoggedSet, forKey: .ruleOnLoggedSet)
            try container.encode(ruleAgrees, forKey: .ruleAgrees)
            try container.encode(orderIndependent, forKey: .orderIndependent)
            try container.encode(explanation, forKey: .explanation)
            try container.encode(fix, forKey: .fix)
            try container.encode(engineReport, forKey: .engineReport)
        }
    }

    public struct Totals: Codable, Sendable {
        public var logs = 0
        public var parsed = 0
        public var conflicts = 0
        public var unsatisfiable = 0
        /// Conflicts whose minimal set is exactly the log's list.
        public var minimalIsLoggedSet = 0
        /// Conflicts whose log names the constraint UIKit broke.
        public var withUIKitBreak = 0
        public var agree = 0
        public var ruleAgrees = 0
        public var orderIndependent = 0
        /// Blocks (or whole logs) that could not be read.
        public var unreadable = 0
    }

    public var entries: [Entry] = []
    public var totals = Totals()

    /// Whether some log, or some block of one, could not be read (exit code 65).
    public var hasUnreadableLog: Bool { entries.contains { !$0.parsed && $0.errorCode != .unreadableFile } }
    /// Whether some file does not exist or cannot be read (exit code 66).
    public var hasMissingFile: Bool { entries.contains { $0.errorCode == .unreadableFile } }

    public init() {}

    /// Parses, replays and explains one log: each of its blocks on its own, so a block with an
    /// entry the parser cannot read is an error for that block and the others are explained.
    public mutating func add(path: String, text: String) {
        totals.logs += 1
        let blocks: [Result<LoggedConflict, UIKitLogError>]
        do {
            blocks = try UIKitLogParser().parseBlocks(text)
        } catch {
            addUnreadable(path: path, error: error)
            return
        }
        if blocks.allSatisfy({ if case .success = $0 { true } else { false } }) { totals.parsed += 1 }
        for (index, block) in blocks.enumerated() {
            let conflict: LoggedConflict
            switch block {
            case .success(let read): conflict = read
            case .failure(let error):
                addUnreadable(path: path, error: error, block: index)
                continue
            }
            totals.conflicts += 1
            var entry = Entry(
                path: path, block: index, parsed: true, error: nil, platform: conflict.platform.rawValue,
                redacted: conflict.isRedacted, constraints: conflict.distinctConstraints.count, unsatisfiable: nil,
                minimalConflict: [], implicitRules: [], uikitBroke: conflict.broken?.text, engineBreaks: nil, agree: nil,
                ruleOnLoggedSet: nil, ruleAgrees: nil, orderIndependent: nil, explanation: nil, fix: nil, engineReport: nil)
            if conflict.isRedacted && conflict.constraints.isEmpty {
                entry.explanation = "os_log redacted this block to <private>: nothing to replay."
                entry.fix = "Capture the log from Xcode's console (not Console.app), or enable private data for the subsystem."
                entries.append(entry)
                continue
            }
            let outcome = ConflictReplay(conflict).run()
            let words = ConflictExplanation(outcome)
            entry.unsatisfiable = outcome.unsatisfiable
            entry.minimalConflict = outcome.minimalConflict.map(\.text)
            entry.minimalIsLoggedSet = outcome.unsatisfiable ? outcome.minimalIsLoggedSet : nil
            entry.implicitRules = outcome.implicitRules
            entry.refused = outcome.refused.map(\.text)
            entry.engineBreaks = outcome.engineBreaks?.text
            entry.agree = outcome.agree
            entry.disagreement = outcome.disagreement
            entry.ruleOnLoggedSet = outcome.ruleOnLoggedSet?.text
            entry.ruleAgrees = outcome.ruleAgrees
            entry.orderIndependent = outcome.unsatisfiable ? outcome.orderIndependent : nil
            entry.explanation = words.explanation
            entry.fix = words.fix
            entry.engineReport = outcome.engineReport
            if outcome.unsatisfiable { totals.unsatisfiable += 1 }
            if outcome.minimalIsLoggedSet { totals.minimalIsLoggedSet += 1 }
            if outcome.uikitBroke != nil { totals.withUIKitBreak += 1 }
            if outcome.agree == true { totals.agree += 1 }
            if outcome.ruleAgrees == true { totals.ruleAgrees += 1 }
            if outcome.unsatisfiable && outcome.orderIndependent { totals.orderIndependent += 1 }
            entries.append(entry)
        }
    }

    /// Records a log, or one block of it, that could not be read (a file error, no constraint
    /// in it, or an entry the parser cannot read).
    public mutating func addUnreadable(path: String, error: UIKitLogError, block: Int = 0) {
        totals.unreadable += 1
        var entry = Entry(
            path: path, block: block, parsed: false, error: "\(path):\(error.description)", platform: nil, redacted: false,
            constraints: 0, unsatisfiable: nil, minimalConflict: [], implicitRules: [], uikitBroke: nil, engineBreaks: nil,
            agree: nil, ruleOnLoggedSet: nil, ruleAgrees: nil, orderIndependent: nil, explanation: nil, fix: nil,
            engineReport: nil)
        entry.errorCode = error.code
        entries.append(entry)
    }

    // MARK: - Rendering

    static func shortText(_ description: String?) -> String {
        guard let description else { return "not in the log" }
        return (try? UIKitLogParser().parse("(\n\"\(description)\"\n)").first?.constraints.first?.equation).flatMap { $0 }
            ?? description
    }

    /// A constraint in Markdown code, or plain words when there is none.
    static func code(_ description: String?) -> String {
        description == nil ? shortText(nil) : "`\(shortText(description))`"
    }

    /// What the engine breaks, rendered by `render`; "nothing" when the replay is satisfiable.
    static func engineText(_ entry: Entry, _ render: (String?) -> String) -> String {
        entry.engineBreaks == nil && entry.unsatisfiable == false ? "nothing" : render(entry.engineBreaks)
    }

    /// Whether the engine's break agrees with UIKit's, in words. `agree` is `nil` both when the
    /// log has no recovery line and when the replay finds no conflict (nothing to break), and
    /// only the first is the log's silence.
    static func verdict(_ entry: Entry) -> String {
        switch entry.agree {
        case true?: return "agrees"
        case false?: return "differs"
        case nil:
            if entry.uikitBroke == nil { return "the log does not say what UIKit broke" }
            if entry.unsatisfiable == false { return "satisfiable in the engine: it breaks nothing to compare with UIKit's" }
            return "not compared"
        }
    }

    /// Plain text for a terminal.
    public func text() -> String {
        var lines: [String] = []
        for entry in entries {
            let title = entry.block == 0 ? entry.path : "\(entry.path) (block \(entry.block + 1))"
            guard entry.parsed else {
                // The located error itself goes to standard error, once (`layoutbench explain`).
                lines.append("\(title): cannot read the log (the error is on standard error)")
                lines.append("")
                continue
            }
            let state = entry.unsatisfiable.map { $0 ? "unsatisfiable in the engine too" : "satisfiable in the engine" } ?? "not replayed"
            lines.append("\(title): \(entry.constraints) constraints, \(state)")
            if let explanation = entry.explanation { lines.append("  Conflict: \(explanation)") }
            lines.append("  UIKit broke:   \(Self.shortText(entry.uikitBroke))")
            lines.append("  Engine breaks: \(Self.engineText(entry, Self.shortText)) (\(Self.verdict(entry)))")
            if let why = entry.disagreement { lines.append("  Why they differ: \(why).") }
            if let fix = entry.fix { lines.append("  Fix: \(fix)") }
            lines.append("")
        }
        lines.append(totalsLine())
        return lines.joined(separator: "\n") + "\n"
    }

    func totalsLine() -> String {
        "Totals: \(totals.logs) logs, \(totals.parsed) read, \(totals.conflicts) conflicts, \(totals.unsatisfiable) unsatisfiable in the engine "
            + "(\(totals.minimalIsLoggedSet) with a minimal set that is exactly the log's list); "
            + "UIKit's break known for \(totals.withUIKitBreak): the engine breaks the same in \(totals.agree), "
            + "its rule picks the same from UIKit's list in \(totals.ruleAgrees)."
    }

    /// Markdown for an issue or a pull request.
    public func markdown() -> String {
        var lines: [String] = ["# Unsatisfiable constraints, explained", ""]
        for entry in entries {
            let title = entry.block == 0 ? entry.path : "\(entry.path) (block \(entry.block + 1))"
            lines.append("## `\(title)`")
            lines.append("")
            guard entry.parsed else {
                lines.append("Cannot read the log: `\(entry.error ?? "")`")
                lines.append("")
                continue
            }
            if let explanation = entry.explanation { lines.append("**Conflict.** \(explanation)") }
            lines.append("")
            lines.append("- UIKit broke: " + Self.code(entry.uikitBroke))
            lines.append("- The engine breaks: " + Self.engineText(entry, Self.code) + " (\(Self.verdict(entry)))")
            if let why = entry.disagreement { lines.append("- Why they differ: \(why).") }
            if let fix = entry.fix { lines.append("- **Fix:** \(fix)") }
            lines.append("")
        }
        lines.append("**\(totalsLine())**")
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: `{"schema": "layoutbench.explain", "logs": [...], "totals": {...}}`.
    public func json() -> String {
        struct Document: Codable {
            var schema = "layoutbench.explain"
            var schemaVersion = 1
            var logs: [Entry]
            var totals: Totals
        }
        let text = try? OrderedJSONEncoder(nilMembers: .omitted).text(Document(logs: entries, totals: totals), sortingKeys: true)
        return (text ?? "") + "\n"
    }
}

extension ExplainReport {
    /// The longest log `explain` reads: 16 MiB. The 72 conflict logs of `../shared/realworld/`
    /// are at most 13 KB each; a log past this is a whole console session, whose conflicts
    /// should be cut out of it first.
    public static let maximumLogBytes = 16 << 20

    /// Reads a file and explains it; a file that cannot be read (missing, a folder) is recorded
    /// as unreadable, one over ``maximumLogBytes`` as too large.
    public mutating func add(file path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return addUnreadableLog(path: path, .unreadableFile, "Cannot read '\(path)': no such file, or it is not readable.")
        }
        defer { try? handle.close() }
        add(path: path, reading: handle)
    }

    /// Reads an open file (standard input, say) to its end, at most ``maximumLogBytes``, and
    /// explains it. A read that fails (a closed descriptor, a folder) records the log as
    /// unreadable; a longer log is recorded as too large without reading the rest.
    public mutating func add(path: String, reading handle: FileHandle) {
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                guard data.count + chunk.count <= Self.maximumLogBytes else {
                    return addUnreadableLog(
                        path: path, .tooLarge,
                        "'\(path)' is longer than \(Self.maximumLogBytes >> 20) MiB, the most explain reads: cut the conflicts you want explained out of it."
                    )
                }
                data.append(chunk)
            }
        } catch {
            return addUnreadableLog(path: path, .unreadableFile, "Cannot read '\(path)': it is closed, a folder, or not readable.")
        }
        add(path: path, text: String(decoding: data, as: UTF8.self))
    }

    /// Counts a log that could not be read at all, with the error at its first line.
    private mutating func addUnreadableLog(path: String, _ code: UIKitLogError.Code, _ message: String) {
        totals.logs += 1
        addUnreadable(path: path, error: UIKitLogError(code: code, line: 1, column: 1, message: message))
    }
}
