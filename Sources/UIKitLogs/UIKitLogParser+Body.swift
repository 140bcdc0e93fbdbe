import Foundation

/// A constraint body read into an equation.
struct ParsedBody {
    var first: LoggedAnchor
    var relation: LoggedRelation
    var second: LoggedAnchor?
    var multiplier: Double = 1
    var constant: Double = 0
    var isSystemSpacing = false
    var isVisualFormat = false
    var priority: Double?
}

/// Reads a body: an equation (`A.leading == 0.5*B.trailing + 8`, `A.height == 50`,
/// `A.bottom <= B.bottom NSLayoutAnchorConstraintSpace(8)`, old `A.width == B.height * 0.38`,
/// old autoresizing `A.midX == + 187.5`) or Visual Format (`H:|-(15)-[A]`, `V:[A]-(>=11)-[B]`,
/// `V:[A(200)]`, `H:[A]-(NSSpace(8))-[B]`, `H:[guide]-(22)-|(LTR)`).
struct BodyReader {
    let entry: EntryReader
    /// Where the body starts in the entry's characters.
    let base: Int
    let names: [String: [LoggedItem]]
    /// How many times each name was used so far (a name shared by several objects resolves
    /// to them in order).
    final class Uses { var counts: [String: Int] = [:] }
    var uses = Uses()

    func fail(_ code: UIKitLogError.Code, at offset: Int, _ message: String) -> UIKitLogError {
        entry.fail(code, at: base + offset, message)
    }

    func read(_ body: String) throws(UIKitLogError) -> ParsedBody {
        let chars = Array(body)
        if chars.count > 2, chars[0] == "H" || chars[0] == "V", chars[1] == ":" {
            return try readVisualFormat(chars)
        }
        return try readEquation(chars)
    }

    // MARK: - Items

    /// `UILabel:0x7f01'Title'`, `name_label` (resolved through `names:`), `VeryLongName...`.
    func readItem(_ chars: ArraySlice<Character>) throws(UIKitLogError) -> LoggedItem {
        var slice = chars
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        let text = String(slice)
        let start = slice.startIndex
        if let colon = text.range(of: ":0x") {
            let className = String(text[..<colon.lowerBound])
            var cursor = colon.upperBound
            while cursor < text.endIndex, text[cursor].isHexDigit { cursor = text.index(after: cursor) }
            let address = String(text[colon.upperBound..<cursor]).lowercased()
            var quoted: String?
            if cursor < text.endIndex {
                guard text[cursor] == "'" else {
                    let offset = start + text.distance(from: text.startIndex, to: cursor)
                    throw fail(
                        .invalidHexDigit, at: offset,
                        "Invalid hexadecimal digit '\(text[cursor])' in the address of \"\(text)\". Addresses are hexadecimal (0-9, a-f); check the paste."
                    )
                }
                var inner = text[text.index(after: cursor)...]
                if inner.last == "'" { inner.removeLast() }
                quoted = String(inner)
            }
            if address.isEmpty {
                throw fail(.invalidHexDigit, at: start + className.count + 3, "The address of \"\(text)\" has no hexadecimal digits.")
            }
            return LoggedItem(className: className, address: address, text: quoted)
        }
        if let candidates = names[text] {
            let use = uses.counts[text, default: 0]
            uses.counts[text] = use + 1
            let named = candidates[min(use, candidates.count - 1)]
            return LoggedItem(className: named.className, address: named.address, name: text)
        }
        guard !text.isEmpty else {
            throw fail(.unreadableBody, at: start, "An item is missing: expected a view like \"UIView:0x7f01\" or a name from names:.")
        }
        return LoggedItem(className: nil, address: nil, name: text)
    }

    /// `ITEM.attribute`: the last `.` followed by a known attribute. Old logs print the engine's
    /// variable with its id after the attribute (`UITableView:0x7c1d4400.contentHeight{id: 178}`):
    /// the id is dropped.
    func readAnchor(_ chars: ArraySlice<Character>) throws(UIKitLogError) -> LoggedAnchor {
        var slice = chars
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        if slice.last == "}", let brace = slice.lastIndex(of: "{"),
            String(slice[slice.index(after: brace)...]).replacingOccurrences(of: " ", with: "").hasPrefix("id:")
        {
            slice = slice[..<brace]
            while slice.last == " " { slice.removeLast() }
        }
        guard let dot = slice.lastIndex(of: ".") else {
            throw fail(.unreadableBody, at: slice.startIndex, "Expected ITEM.attribute (like \"UIView:0x7f01.leading\"), found \"\(String(slice))\".")
        }
        let name = String(slice[(dot + 1)...])
        guard let attribute = LoggedAttribute(rawValue: name) else {
            throw fail(
                .unknownAttribute, at: dot + 1,
                "Unknown attribute '\(name)' in \"\(String(slice))\". Known: \(LoggedAttribute.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return LoggedAnchor(item: try readItem(slice[..<dot]), attribute: attribute)
    }

    func number(_ text: String, at offset: Int) throws(UIKitLogError) -> Double {
        var cleaned = text.replacingOccurrences(of: " ", with: "")
        if cleaned.hasPrefix("+") { cleaned.removeFirst() }
        guard let value = Double(cleaned), value.isFinite else {
            throw fail(.invalidNumber, at: offset, "\"\(text)\" is not a number.")
        }
        return value
    }

    /// `8`, `-20`, `>=11`, `NSSpace(8)`, `>=NSLayoutAnchorConstraintSpace(8)`.
    func readSpacing(_ text: String, at offset: Int) throws(UIKitLogError) -> (LoggedRelation, Double, Bool) {
        var rest = Substring(text)
        var relation = LoggedRelation.equal
        if rest.hasPrefix(">=") {
            relation = .greaterThanOrEqual
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("<=") {
            relation = .lessThanOrEqual
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("==") {
            rest = rest.dropFirst(2)
        }
        for wrapper in ["NSSpace(", "NSLayoutAnchorConstraintSpace("] where rest.hasPrefix(wrapper) && rest.hasSuffix(")") {
            let inner = rest.dropFirst(wrapper.count).dropLast()
            return (relation, try number(String(inner), at: offset), true)
        }
        return (relation, try number(String(rest), at: offset), false)
    }

    // MARK: - Equations

    func readEquation(_ chars: [Character]) throws(UIKitLogError) -> ParsedBody {
        let text = String(chars)
        var relation: LoggedRelation?
        var split: Range<String.Index>?
        for candidate in [" == ", " <= ", " >= "] {
            if let range = text.range(of: candidate), split == nil || range.lowerBound < split!.lowerBound {
                split = range
                relation = LoggedRelation(rawValue: candidate.trimmingCharacters(in: .whitespaces))
            }
        }
        guard let split, let relation else {
            throw fail(
                .unreadableBody, at: 0,
                "Expected an equation (A.attribute == B.attribute + constant) or Visual Format (H:|-(8)-[A]), found \"\(text)\".")
        }
        let lhsEnd = text.distance(from: text.startIndex, to: split.lowerBound)
        let rhsStart = text.distance(from: text.startIndex, to: split.upperBound)
        let first = try readAnchor(chars[0..<lhsEnd])
        var body = ParsedBody(first: first, relation: relation, second: nil)
        var rhs = Array(chars[rhsStart...])
        while rhs.last == " " { rhs.removeLast() }
        let rhsText = String(rhs)
        // A constant alone: `50`, `2.22507e-308`, old autoresizing `+ 39`.
        if let value = Double(rhsText.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "+", with: "")),
            value.isFinite, !rhsText.contains(":")
        {
            body.constant = value
            return body
        }
        var end = rhs.count
        // System spacing as the constant: ` NSSpace(0)`, ` NSLayoutAnchorConstraintSpace(8)`.
        for wrapper in [" NSSpace(", " NSLayoutAnchorConstraintSpace("] {
            if let range = rhsText.range(of: wrapper, options: .backwards), rhsText.hasSuffix(")") {
                let offset = rhsText.distance(from: rhsText.startIndex, to: range.lowerBound)
                let inner = String(rhs[(offset + wrapper.count)..<(rhs.count - 1)])
                body.constant = try number(inner, at: rhsStart + offset + wrapper.count)
                body.isSystemSpacing = true
                end = offset
                break
            }
        }
        // ` + 8` / ` - 10` at the end.
        let head = String(rhs[0..<end])
        if let range = head.range(of: " [+-] [0-9.eE+-]+$", options: .regularExpression) {
            let offset = head.distance(from: head.startIndex, to: range.lowerBound)
            let sign: Double = head[head.index(after: range.lowerBound)] == "-" ? -1 : 1
            let digits = String(head[head.index(range.lowerBound, offsetBy: 3)...])
            body.constant = sign * (try number(digits, at: rhsStart + offset + 3))
            end = offset
        }
        // Old multiplier suffix: ` * 0.384615`.
        let core = String(rhs[0..<end])
        if let range = core.range(of: " \\* [0-9.eE+-]+$", options: .regularExpression) {
            let offset = core.distance(from: core.startIndex, to: range.lowerBound)
            body.multiplier = try number(String(core[core.index(range.lowerBound, offsetBy: 3)...]), at: rhsStart + offset + 3)
            end = offset
        }
        // Modern multiplier prefix: `0.9*UILabel:0x….height`.
        var start = 0
        let prefixText = String(rhs[0..<end])
        if let range = prefixText.range(of: "^[0-9.eE+-]+\\*", options: .regularExpression) {
            let length = prefixText.distance(from: range.lowerBound, to: range.upperBound)
            body.multiplier = try number(String(prefixText[range].dropLast()), at: rhsStart)
            start = length
        }
        let secondSlice = ArraySlice(rhs[start..<end])
        let rebased = ArraySlice(Array(secondSlice))
        do {
            var reader = BodyReader(entry: entry, base: base + rhsStart + start, names: names)
            reader.uses = uses
            body.second = try reader.readAnchor(rebased)
        }
        return body
    }

    // MARK: - Visual Format

    enum Element {
        case superview(Int)
        case item(LoggedItem, size: (LoggedRelation, Double, Bool)?)
        case spacing(LoggedRelation, Double, Bool)
    }

    func readVisualFormat(_ chars: [Character]) throws(UIKitLogError) -> ParsedBody {
        let horizontal = chars[0] == "H"
        var elements: [Element] = []
        var index = 2
        var end = chars.count
        let text = String(chars)
        if text.hasSuffix("(LTR)") || text.hasSuffix("(RTL)") { end -= 5 }
        while index < end {
            let c = chars[index]
            if c == "|" {
                elements.append(.superview(index))
                index += 1
            } else if c == "[" {
                // The closing `]`: followed by `-`, the end, or `(LTR)`.
                var close = index + 1
                while close < end, !(chars[close] == "]" && (close + 1 >= end || chars[close + 1] == "-")) { close += 1 }
                guard close < end else {
                    throw fail(.unreadableBody, at: index, "The Visual Format item opened here has no closing ']': \"\(text)\".")
                }
                var inner = chars[(index + 1)..<close]
                var size: (LoggedRelation, Double, Bool)?
                if inner.last == ")", let open = inner.lastIndex(of: "("), open > inner.startIndex {
                    let spec = String(inner[(open + 1)..<(inner.endIndex - 1)])
                    if let parsed = try? readSpacing(spec, at: open + 1) {
                        size = parsed
                        inner = inner[inner.startIndex..<open]
                    }
                }
                elements.append(.item(try readItem(inner), size: size))
                index = close + 1
            } else if c == "-" {
                index += 1
                if index < end, chars[index] == "(" {
                    var depth = 0
                    var close = index
                    while close < end {
                        if chars[close] == "(" { depth += 1 }
                        if chars[close] == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        close += 1
                    }
                    guard close < end else {
                        throw fail(.unreadableBody, at: index, "The spacing opened here has no closing ')': \"\(text)\".")
                    }
                    let spacing = try readSpacing(String(chars[(index + 1)..<close]), at: index + 1)
                    elements.append(.spacing(spacing.0, spacing.1, spacing.2))
                    index = close + 1
                    if index < end, chars[index] == "-" { index += 1 }
                } else if index < end, chars[index] == "[" || chars[index] == "|" {
                    continue  // `-` alone: the standard spacing, printed as NSSpace in practice.
                } else {
                    var close = index
                    while close < end, chars[close] != "-" || close == index { close += 1 }
                    let spacing = try readSpacing(String(chars[index..<close]), at: index)
                    elements.append(.spacing(spacing.0, spacing.1, spacing.2))
                    index = close + 1
                }
            } else if c == " " {
                index += 1
            } else {
                throw fail(.unreadableBody, at: index, "Unexpected '\(c)' in Visual Format \"\(text)\": expected '|', '[', or '-'.")
            }
        }
        let leading: LoggedAttribute = horizontal ? .leading : .top
        let trailing: LoggedAttribute = horizontal ? .trailing : .bottom
        let size: LoggedAttribute = horizontal ? .width : .height
        func superview(of item: LoggedItem) -> LoggedItem {
            if let bar = names["|"]?.first {
                return LoggedItem(className: bar.className, address: bar.address, text: bar.text, name: bar.address == nil ? bar.name : nil)
            }
            return LoggedItem(className: nil, address: nil, name: "superview of \(item.key)")
        }
        var body: ParsedBody
        switch elements.count {
        case 1:
            guard case .item(let item, let fixed?) = elements[0] else {
                throw fail(.unreadableBody, at: 2, "Visual Format \"\(text)\" states no relation: expected [A(100)] or a spacing.")
            }
            body = ParsedBody(first: LoggedAnchor(item: item, attribute: size), relation: fixed.0, second: nil)
            body.constant = fixed.1
            body.isSystemSpacing = fixed.2
        case 3:
            switch (elements[0], elements[1], elements[2]) {
            case (.superview, .spacing(let relation, let value, let system), .item(let item, _)):
                body = ParsedBody(
                    first: LoggedAnchor(item: item, attribute: leading), relation: relation,
                    second: LoggedAnchor(item: superview(of: item), attribute: leading))
                body.constant = value
                body.isSystemSpacing = system
            case (.item(let item, _), .spacing(let relation, let value, let system), .superview):
                body = ParsedBody(
                    first: LoggedAnchor(item: superview(of: item), attribute: trailing), relation: relation,
                    second: LoggedAnchor(item: item, attribute: trailing))
                body.constant = value
                body.isSystemSpacing = system
            case (.item(let a, _), .spacing(let relation, let value, let system), .item(let b, _)):
                body = ParsedBody(
                    first: LoggedAnchor(item: b, attribute: leading), relation: relation,
                    second: LoggedAnchor(item: a, attribute: trailing))
                body.constant = value
                body.isSystemSpacing = system
            default:
                throw fail(
                    .unreadableBody, at: 2,
                    "Visual Format \"\(text)\" is not one constraint: UIKit prints |-(c)-[A], [A]-(c)-|, [A]-(c)-[B] or [A(c)].")
            }
        default:
            throw fail(
                .unreadableBody, at: 2, "Visual Format \"\(text)\" is not one constraint: UIKit prints |-(c)-[A], [A]-(c)-|, [A]-(c)-[B] or [A(c)].")
        }
        body.isVisualFormat = true
        return body
    }
}
