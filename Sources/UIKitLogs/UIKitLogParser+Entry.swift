import Foundation

/// Reads one constraint description:
/// `CLASS:0xADDR[@File.swift#LINE] ['IDENTIFIER'] [h=ABC v=ABC] BODY[ @PRIORITY][   (STATE)]`.
struct EntryReader {
    let chars: [Character]
    let positions: [SourceText.Position]
    let bracketed: Bool

    init(chars: [Character], positions: [SourceText.Position], bracketed: Bool) {
        // Drop the outer `<` `>` and markdown's leftovers.
        var text = chars
        var places = positions
        if bracketed, text.first == "<" {
            text.removeFirst()
            places.removeFirst()
        }
        if bracketed, text.last == ">" {
            text.removeLast()
            places.removeLast()
        }
        self.chars = text
        self.positions = places
        self.bracketed = bracketed
    }

    func fail(_ code: UIKitLogError.Code, at index: Int, _ message: String) -> UIKitLogError {
        let position = positions.isEmpty ? SourceText.Position(line: 1, column: 1) : positions[min(max(index, 0), positions.count - 1)]
        return UIKitLogError(code: code, line: position.line, column: position.column, message: message)
    }

    var text: String { String(chars) }

    mutating func read() throws(UIKitLogError) -> LoggedConstraint {
        var index = 0
        // Old SnapKit: `<Mod.LayoutConstraint:0x…> <UIView:0x…>.top == <_UILayoutGuide:0x…>.bottom`.
        var oldSnapKit = false
        if chars.first == "<" {
            oldSnapKit = true
            index = 1
        }
        let classStart = index
        while index < chars.count, chars[index] != ":" { index += 1 }
        let className = String(chars[classStart..<index])
        index += 1  // ':'
        var address = ""
        if index + 1 < chars.count, chars[index] == "0", chars[index + 1] == "x" {
            index += 2
            let hexStart = index
            while index < chars.count, chars[index].isHexDigit { index += 1 }
            if index < chars.count, ![" ", "@", ">", "\t"].contains(chars[index]) {
                throw fail(
                    .invalidHexDigit, at: index,
                    "Invalid hexadecimal digit '\(chars[index])' in the constraint's address \"0x\(String(chars[hexStart..<min(chars.count, index + 1)]))…\". Addresses are hexadecimal (0-9, a-f); check the paste."
                )
            }
            address = String(chars[hexStart..<index]).lowercased()
        } else {
            // Masonry's `mas_key` replaces the address.
            let keyStart = index
            while index < chars.count, chars[index] != " " { index += 1 }
            address = String(chars[keyStart..<index])
        }
        var sourceLocation: String?
        if index < chars.count, chars[index] == "@" {
            let locationStart = index + 1
            while index < chars.count, chars[index] != " " { index += 1 }
            sourceLocation = String(chars[locationStart..<index])
        }
        if oldSnapKit, index < chars.count, chars[index] == ">" { index += 1 }
        var identifier: String?
        var mask: String?
        while true {
            while index < chars.count, chars[index] == " " { index += 1 }
            guard index < chars.count else { break }
            if chars[index] == "'" {
                let idStart = index + 1
                var cursor = idStart
                while cursor < chars.count, !(chars[cursor] == "'" && (cursor + 1 == chars.count || chars[cursor + 1] == " ")) {
                    cursor += 1
                }
                identifier = String(chars[idStart..<min(cursor, chars.count)])
                index = cursor + 1
            } else if chars[index] == "h", index + 1 < chars.count, chars[index + 1] == "=" {
                let maskStart = index
                index += 2
                while index < chars.count, chars[index] != " " { index += 1 }
                while index < chars.count, chars[index] == " " { index += 1 }
                if index + 1 < chars.count, chars[index] == "v", chars[index + 1] == "=" {
                    while index < chars.count, chars[index] != " " { index += 1 }
                }
                mask = String(chars[maskStart..<index]).trimmingSpaces
            } else {
                break
            }
        }
        index = min(index, chars.count)
        // State suffix: `   (active)`, `   (active, names: …)`, ` (Names: …)`.
        var bodyEnd = chars.count
        while bodyEnd > index, chars[bodyEnd - 1] == " " || chars[bodyEnd - 1] == "\"" { bodyEnd -= 1 }
        var isActive = false
        var names: [String: [LoggedItem]] = [:]
        var duplicateAt: [String: Int] = [:]
        if let stateStart = findState(from: index, to: bodyEnd) {
            let state = String(chars[(stateStart + 1)..<(bodyEnd - 1)])
            isActive = state.hasPrefix("active")
            if let range = state.range(of: "names:") ?? state.range(of: "Names:") {
                let offset = stateStart + 1 + state.distance(from: state.startIndex, to: range.upperBound)
                (names, duplicateAt) = try readNames(from: offset, to: bodyEnd - 1)
            }
            bodyEnd = stateStart
        }
        while bodyEnd > index, chars[bodyEnd - 1] == " " { bodyEnd -= 1 }
        // Priority: ` @750`, or the engine's ` @1 (broken, was required)`.
        var priority: Double?
        var body = String(chars[index..<max(index, bodyEnd)])
        if let suffix = body.range(of: " (broken, was required)", options: .backwards), suffix.upperBound == body.endIndex {
            body.removeSubrange(suffix)
        }
        if let at = body.lastIndex(of: "@"), at > body.startIndex, body[body.index(before: at)] == " ",
            let value = Double(body[body.index(after: at)...])
        {
            // UIKit prints priorities of 1 to 999 (a required constraint has none printed).
            guard value.isFinite, (1...1000).contains(value) else {
                throw fail(
                    .invalidNumber, at: index + body.distance(from: body.startIndex, to: at) + 1,
                    "The priority @\(body[body.index(after: at)...]) is not one UIKit prints: priorities lie in 1...1000. Check the pasted line."
                )
            }
            priority = value
            body = String(body[..<body.index(before: at)])
        }
        if oldSnapKit { body = body.replacingAngleBrackets() }
        // One name for several objects (long names truncated alike): the body must use it once
        // per object, matched in order; otherwise the log is ambiguous.
        for (key, items) in names where items.count > 1 {
            let uses = body.components(separatedBy: key).count - 1
            if uses != items.count {
                throw fail(
                    .duplicateName, at: duplicateAt[key] ?? index,
                    "The names: map gives '\(key)' to \(items.count) objects (\(items.compactMap { $0.address.map { "0x" + $0 } }.joined(separator: " and "))) but the constraint uses it \(uses) time\(uses == 1 ? "" : "s"): it cannot tell which is which. UIKit truncates long names with '...': give the views distinct accessibility identifiers, or paste the untruncated log."
                )
            }
        }
        let bodyReader = BodyReader(entry: self, base: index, names: names)
        var parsed = try bodyReader.read(body)
        let line = positions.first?.line ?? 1
        let column = max(1, (positions.first?.column ?? 2) - (bracketed ? 1 : 0))
        parsed.priority = priority
        var constraint = LoggedConstraint(
            className: className, address: address, sourceLocation: sourceLocation, identifier: identifier,
            autoresizingMask: mask, first: parsed.first, relation: parsed.relation, second: parsed.second,
            multiplier: parsed.multiplier, constant: parsed.constant, isSystemSpacing: parsed.isSystemSpacing,
            priority: priority, isActive: isActive, isVisualFormat: parsed.isVisualFormat,
            text: (bracketed ? "<" : "") + text + (bracketed ? ">" : ""), line: line, column: column)
        constraint.superview = names["|"]?.first
        return constraint
    }

    /// The `(` that opens the state suffix, if the body ends with one.
    func findState(from start: Int, to end: Int) -> Int? {
        guard end > start, chars[end - 1] == ")" else { return nil }
        var index = end - 1
        while index > start {
            if chars[index] == "(" {
                let rest = String(chars[(index + 1)..<end])
                if rest.hasPrefix("active") || rest.hasPrefix("Names:") || rest.hasPrefix("names:") { return index }
            }
            index -= 1
        }
        return nil
    }

    /// Reads `'|':UIView:0x7f01, name_label:0x7f02` into a map from names to items.
    func readNames(from start: Int, to end: Int) throws(UIKitLogError) -> ([String: [LoggedItem]], [String: Int]) {
        var names: [String: [LoggedItem]] = [:]
        var duplicateAt: [String: Int] = [:]
        var entryStart = start
        var index = start
        func take(_ from: Int, _ to: Int) throws(UIKitLogError) {
            var text = String(chars[from..<to])
            var offset = from
            while text.first == " " {
                text.removeFirst()
                offset += 1
            }
            while text.last == " " { text.removeLast() }
            guard !text.isEmpty else { return }
            guard let range = text.range(of: ":0x", options: .backwards) else {
                // `'|':Window:window`: an item without an address (layoutbench's own reports
                // name views so) is identified by its name, as in a body.
                if text.hasPrefix("'|':"), text.count > 4, names["|"] == nil {
                    names["|"] = [LoggedItem(className: nil, address: nil, name: String(text.dropFirst(4)))]
                }
                return
            }
            // The address, then the text UIKit shows for labels and boxes (`0xb0'Title'`).
            var hex = String(text[range.upperBound...])
            var quoted: String?
            if let quote = hex.firstIndex(of: "'") {
                quoted = String(hex[hex.index(after: quote)...].dropLast(hex.hasSuffix("'") ? 1 : 0))
                hex = String(hex[..<quote])
            }
            if let bad = hex.firstIndex(where: { !$0.isHexDigit }) {
                let column = offset + text.distance(from: text.startIndex, to: range.upperBound) + hex.distance(from: hex.startIndex, to: bad)
                throw fail(.invalidHexDigit, at: column, "Invalid hexadecimal digit '\(hex[bad])' in the address of \"\(text)\" in the names: map.")
            }
            var key = String(text[..<range.lowerBound])
            var className: String?
            if key.hasPrefix("'|':") {
                className = String(key.dropFirst(4))
                key = "|"
            }
            let item = LoggedItem(className: className, address: hex.lowercased(), text: quoted, name: key)
            if let existing = names[key] {
                if !existing.contains(where: { $0.address == item.address }) {
                    names[key]!.append(item)
                    if duplicateAt[key] == nil { duplicateAt[key] = offset }
                }
            } else {
                names[key] = [item]
            }
        }
        while index < end {
            if chars[index] == ",", index + 1 < end, chars[index + 1] == " " {
                try take(entryStart, index)
                entryStart = index + 1
            }
            index += 1
        }
        try take(entryStart, end)
        return (names, duplicateAt)
    }
}

extension String {
    /// Removes the `<` `>` that old SnapKit put around items, keeping `<=` and `>=`.
    func replacingAngleBrackets() -> String {
        var result = ""
        let chars = Array(self)
        for (index, c) in chars.enumerated() {
            let next: Character? = index + 1 < chars.count ? chars[index + 1] : nil
            if (c == "<" || c == ">") && next != "=" { continue }
            result.append(c)
        }
        return result
    }
}
