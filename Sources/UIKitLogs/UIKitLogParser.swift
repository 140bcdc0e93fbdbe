import Foundation

/// Reads UIKit's and AppKit's "Unable to simultaneously satisfy constraints" console output
/// (docs/uikit-logs.md; the format as `../shared/realworld/docs/uikit_unsat_log_format.md`
/// describes it).
///
/// Accepts every form seen in the wild: with or without the header, time-stamp and os_log
/// prefixes, the advice paragraph (one-line and multi-line), the list with or without its
/// quotes and brackets, the recovery line, the footer; the AppKit header; `<private>` blocks.
/// Tolerates paste damage: entries wrapped over several lines (at a space or inside a word),
/// lost quotes and angle brackets, markdown escapes (`\<`, `\_`).
///
/// - Complexity: O(*n*) in the length of the text, plus O(*m*²) per wrapped entry of length *m*.
public struct UIKitLogParser: Sendable {
    public init() {}

    /// Reads every conflict block in `text`.
    ///
    /// - Parameter text: The log, as pasted.
    /// - Returns: The blocks, in order. A text with entries but no header is one block.
    /// - Throws: ``UIKitLogError`` naming the line and column of the first entry that cannot be
    ///   read, or ``UIKitLogError/Code/noConstraints`` when the text holds no entry and no
    ///   redacted block.
    public func parse(_ text: String) throws(UIKitLogError) -> [LoggedConflict] {
        var conflicts: [LoggedConflict] = []
        for block in try parseBlocks(text) {
            switch block {
            case .success(let conflict): conflicts.append(conflict)
            case .failure(let error): throw error
            }
        }
        return conflicts
    }

    /// Reads every conflict block in `text`, each on its own: an entry that cannot be read makes
    /// its block an error, and reading resumes at the next block's header, so one damaged block
    /// of a console paste does not hide the others.
    ///
    /// A recovery line cut inside the broken constraint's description (`Will attempt to recover
    /// by breaking constraint <NSLayoutConstraint:0x600001782800 H:[UILabel:0x7fc5…`, as long
    /// pastes and stored excerpts end) still names the constraint by its address: when the address
    /// is complete (a space follows it) and one of the block's listed constraints has it, that
    /// entry is the broken one (``LoggedConflict/isRecoveryLineCut``); otherwise the cut line is
    /// the block's error.
    ///
    /// - Parameter text: The log, as pasted.
    /// - Returns: The blocks in order, each read or the error of its first unreadable entry.
    /// - Throws: ``UIKitLogError/Code/noConstraints`` when the text holds no entry and no
    ///   redacted block.
    /// - Complexity: O(*n*) in the length of the text, plus O(*m*²) per wrapped entry of length *m*.
    public func parseBlocks(_ text: String) throws(UIKitLogError) -> [Result<LoggedConflict, UIKitLogError>] {
        let source = SourceText(text)
        var blocks: [Result<LoggedConflict, UIKitLogError>] = []
        var current: LoggedConflict?
        var expectBroken = false
        /// Set when the current block failed: lines are skipped up to the next header.
        var skipping = false

        func finish() {
            if let block = current, !block.constraints.isEmpty || block.isRedacted || block.broken != nil {
                blocks.append(.success(block))
            }
            current = nil
        }

        var index = 0
        let chars = source.chars
        lines: while index < chars.count {
            let lineEnd = source.endOfLine(from: index)
            let line = String(chars[index..<lineEnd])
            let position = source.positions[min(index, source.positions.count - 1)]
            if line.contains("Unable to simultaneously satisfy constraints") {
                finish()
                skipping = false
                let appkit = line.contains("satisfy constraints:") && !line.contains("[LayoutConstraints]")
                current = LoggedConflict(
                    platform: appkit ? .appkit : .uikit, constraints: [], broken: nil, isRedacted: false,
                    hasHeader: true, line: position.line)
                expectBroken = false
                index = lineEnd + 1
                continue
            }
            if skipping {
                index = lineEnd + 1
                continue
            }
            // AppKit's newer form drops the word: `Will attempt to recover by breaking <…>.`
            if line.contains("Will attempt to recover by breaking") {
                expectBroken = true
            }
            if line.contains("<private>"), current != nil, current?.constraints.isEmpty == true {
                current?.isRedacted = true
            }
            if line.contains("NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints") {
                current?.platform = .appkit
            }
            // Entries on this line (a wrapped entry continues on the next lines).
            var scan = index
            var consumedTo = lineEnd
            while let start = source.findEntryStart(from: scan, before: lineEnd) {
                let constraint: LoggedConstraint
                let end: Int
                do {
                    (constraint, end) = try readEntry(source, at: start)
                } catch {
                    if expectBroken, let listed = current?.constraints,
                        let broken = cutRecoveryEntry(source, at: start, listed: listed)
                    {
                        current?.broken = broken
                        current?.isRecoveryLineCut = true
                        expectBroken = false
                        index = lineEnd + 1
                        continue lines
                    }
                    // This block is an error; the next header starts afresh.
                    blocks.append(.failure(error))
                    current = nil
                    expectBroken = false
                    skipping = true
                    index = lineEnd + 1
                    continue lines
                }
                if current == nil {
                    current = LoggedConflict(
                        platform: .uikit, constraints: [], broken: nil, isRedacted: false, hasHeader: false,
                        line: constraint.line)
                }
                if expectBroken {
                    current?.broken = constraint
                    expectBroken = false
                } else if current?.broken != nil {
                    // A list after a recovery line without a header: a new block.
                    finish()
                    current = LoggedConflict(
                        platform: .uikit, constraints: [constraint], broken: nil, isRedacted: false, hasHeader: false,
                        line: constraint.line)
                } else {
                    current?.constraints.append(constraint)
                }
                scan = end
                if end > lineEnd { consumedTo = source.endOfLine(from: end) }
                if scan >= lineEnd { break }
            }
            index = max(consumedTo, scan) + 1
        }
        finish()
        if blocks.isEmpty {
            throw UIKitLogError(
                code: .noConstraints, line: 1, column: 1,
                message:
                    "No constraint description found: expected entries like \"<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 100   (active)>\". Paste the list between the parentheses of UIKit's message."
            )
        }
        return blocks
    }

    /// The listed constraint a cut recovery entry names: its class and complete address (a
    /// space after it) match one of `listed`.
    func cutRecoveryEntry(_ source: SourceText, at start: Int, listed: [LoggedConstraint]) -> LoggedConstraint? {
        let chars = source.chars
        var index = start
        if index < chars.count, chars[index] == "<" { index += 1 }
        let classStart = index
        while index < chars.count, chars[index] != ":", chars[index] != "\n" { index += 1 }
        guard index + 2 < chars.count, chars[index] == ":", chars[index + 1] == "0", chars[index + 2] == "x" else { return nil }
        let className = String(chars[classStart..<index])
        index += 3
        let hexStart = index
        while index < chars.count, chars[index].isHexDigit { index += 1 }
        guard index > hexStart, index < chars.count, [" ", "@"].contains(chars[index]) else { return nil }
        let address = String(chars[hexStart..<index]).lowercased()
        let matches = listed.filter { $0.address == address && $0.className == className }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Reads the entry that starts at `start` (its `<`, or its class name when the brackets were lost).
    func readEntry(_ source: SourceText, at start: Int) throws(UIKitLogError) -> (LoggedConstraint, Int) {
        let chars = source.chars
        let bracketed = chars[start] == "<"
        var end = start
        var breaks: [Int] = []
        if bracketed {
            var depth = 0
            var index = start
            var closed = false
            while index < chars.count {
                let c = chars[index]
                let next: Character? = index + 1 < chars.count ? chars[index + 1] : nil
                if c == "<", next != "=" {
                    depth += 1
                } else if c == ">", next != "=" {
                    depth -= 1
                    if depth == 0 {
                        closed = true
                        end = index
                        break
                    }
                } else if c == "\n" {
                    // A wrapped entry: stop at a line that starts another entry or the recovery line.
                    let lineEnd = source.endOfLine(from: index + 1)
                    let nextLine = String(chars[(index + 1)..<lineEnd])
                    if source.findEntryStart(from: index + 1, before: lineEnd) != nil
                        || nextLine.contains("Will attempt to recover") || nextLine.trimmingSpaces == ")"
                        || nextLine.trimmingSpaces.isEmpty
                    {
                        break
                    }
                    breaks.append(index)
                }
                index += 1
            }
            if !closed {
                let position = source.positions[start]
                throw UIKitLogError(
                    code: .unterminatedDescription, line: position.line, column: position.column,
                    message:
                        "The constraint description starting here has no closing '>': \"\(String(chars[start..<min(chars.count, source.endOfLine(from: start))]))\". Paste the whole entry, up to its '>'."
                )
            }
        } else {
            end = source.endOfLine(from: start)
            while end > start, [" ", "\t", ",", "\"", "]"].contains(chars[end - 1]) { end -= 1 }
            end -= 1
        }
        // Variants of a wrapped entry: each line break read as a space, or as nothing.
        var variants: [[Int]] = []
        let indices = Array(start...end)
        func joined(asSpace: Bool) -> [Int] {
            var result: [Int] = []
            var index = 0
            while index < indices.count {
                let i = indices[index]
                if breaks.contains(i) {
                    // Drop the newline, the indentation after it and any quote paste put there.
                    while let last = result.last, chars[last] == " " || chars[last] == "\t" { result.removeLast() }
                    if asSpace { result.append(-1) }
                    index += 1
                    while index < indices.count, chars[indices[index]] == " " || chars[indices[index]] == "\t" { index += 1 }
                    continue
                }
                result.append(i)
                index += 1
            }
            return result
        }
        variants.append(joined(asSpace: true))
        if !breaks.isEmpty { variants.append(joined(asSpace: false)) }
        var firstError: UIKitLogError?
        for variant in variants {
            let text = variant.map { $0 < 0 ? " " : chars[$0] }
            let positions = variant.map { $0 < 0 ? source.positions[start] : source.positions[$0] }
            var reader = EntryReader(chars: text, positions: positions, bracketed: bracketed)
            do {
                return (try reader.read(), end + 1)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError!
    }
}

/// The input with markdown escapes undone, one character per entry, and each character's
/// line and column in the original text.
struct SourceText {
    struct Position {
        var line: Int
        var column: Int
    }
    var chars: [Character] = []
    var positions: [Position] = []

    init(_ text: String) {
        var line = 1
        var column = 1
        var pendingEscape = false
        for scalarCharacter in text {
            // "\r\n" is one Character: read it (and a lone "\r") as "\n".
            let character: Character = scalarCharacter == "\r\n" || scalarCharacter == "\r" ? "\n" : scalarCharacter
            if pendingEscape {
                pendingEscape = false
                if "<>_*[]()#|-.!`\"'".contains(character) {
                    chars.append(character)
                    positions.append(Position(line: line, column: column))
                    column += 1
                    continue
                }
                chars.append("\\")
                positions.append(Position(line: line, column: column - 1))
            }
            if character == "\\" {
                pendingEscape = true
                column += 1
                continue
            }
            chars.append(character)
            positions.append(Position(line: line, column: column))
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        if pendingEscape {
            chars.append("\\")
            positions.append(Position(line: line, column: column - 1))
        }
        positions.append(Position(line: line, column: column))
    }

    func endOfLine(from index: Int) -> Int {
        var end = index
        while end < chars.count, chars[end] != "\n" { end += 1 }
        return end
    }

    /// The next entry start in `from..<before`: a `<` followed by a class name ending in
    /// `Constraint:` (or `<<` for old SnapKit), or such a class name first on its line (brackets lost).
    func findEntryStart(from: Int, before end: Int) -> Int? {
        var index = from
        while index < end {
            let c = chars[index]
            if c == "<" {
                var nameStart = index + 1
                if nameStart < end, chars[nameStart] == "<" { nameStart += 1 }
                if constraintClassName(at: nameStart, before: end) { return index }
            } else if c.isLetter || c == "_" {
                // Brackets lost: the class name is the first thing on the line (after quotes/indent).
                var before = index - 1
                while before >= 0, [" ", "\t", "\"", "[", "(", ","].contains(chars[before]) { before -= 1 }
                if before < 0 || chars[before] == "\n", constraintClassName(at: index, before: end) { return index }
                // Skip the rest of this word.
                while index < end, chars[index] != " ", chars[index] != "<" { index += 1 }
                continue
            }
            index += 1
        }
        return nil
    }

    /// Whether `Name…Constraint:` starts at `index`.
    func constraintClassName(at index: Int, before end: Int) -> Bool {
        var cursor = index
        guard cursor < end, chars[cursor].isLetter || chars[cursor] == "_" else { return false }
        while cursor < end, chars[cursor].isLetter || chars[cursor].isNumber || chars[cursor] == "_" || chars[cursor] == "." {
            cursor += 1
        }
        guard cursor < end, chars[cursor] == ":" else { return false }
        return String(chars[index..<cursor]).hasSuffix("Constraint")
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\"" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "," || last == "\"" { text.removeLast() }
        return String(text)
    }
}
