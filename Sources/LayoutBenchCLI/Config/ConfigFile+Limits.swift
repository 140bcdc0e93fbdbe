/// The limits a configuration file is held to before Yams reads it: Yams builds its nodes
/// recursively, so a small file of nested flow sequences (`[[[[...]]]]`, 20 KB) overflowed the
/// stack (signal 11). A layoutbench.yml is a short mapping of options; these bounds are far
/// above any real one.
extension ConfigFile {
    /// The largest file read: 1 MiB.
    static let maximumBytes = 1 << 20
    /// The deepest nesting read: flow collections (`[`, `{`), the block entries that open on one
    /// line (`- - x`), and indentation (a column per space).
    static let maximumDepth = 64

    /// The position (line, column) where `text` first nests deeper than ``maximumDepth``, or
    /// `nil`. A conservative scan, not a YAML parser: quoted scalars and comments are skipped, a
    /// flow collection counts one level, and a line's block depth is the column its content
    /// starts at (a level per space of indentation and per character of its `- ` and `? `
    /// markers: generous, since real nesting takes two columns or more a level).
    ///
    /// - Complexity: O(*n*) in the text's bytes.
    static func excessiveNesting(in text: String) -> (line: Int, column: Int)? {
        var line = 1
        var column = 0
        var flow = 0
        var indentation = 0
        var atLineStart = true
        var quote: UInt8? = nil
        var comment = false
        var previous: UInt8 = 0
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            column += 1
            if byte == UInt8(ascii: "\n") {
                (line, column, indentation, atLineStart, comment) = (line + 1, 0, 0, true, false)
                if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") { atLineStart = false }
                previous = byte
                continue
            }
            if comment { continue }
            if let open = quote {
                if byte == open && !(open == UInt8(ascii: "\"") && previous == UInt8(ascii: "\\")) { quote = nil }
                previous = byte
                continue
            }
            if atLineStart {
                // Block depth: the column the line's content starts at, past its indentation and
                // the `- ` and `? ` markers that open entries on it.
                let next = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
                let opensEntry =
                    (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?")) && (next == UInt8(ascii: " ") || next == UInt8(ascii: "\n"))
                if byte == UInt8(ascii: " ") || opensEntry {
                    indentation += 1
                    if flow + indentation > maximumDepth { return (line, column) }
                    continue
                }
                atLineStart = false
            }
            switch byte {
            // A comment starts at a line's content (`previous` is still the newline then) or after a space.
            case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\n") || previous == 0:
                comment = true
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                // A quoted scalar starts a token; an apostrophe inside a plain one (`it's`) does not.
                if previous == 0 || previous == UInt8(ascii: " ") || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                    || previous == UInt8(ascii: ",") || previous == UInt8(ascii: ":") || previous == UInt8(ascii: "\n")
                {
                    quote = byte
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                flow += 1
                if flow + indentation > maximumDepth { return (line, column) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): flow = max(0, flow - 1)
            default: break
            }
            previous = byte
        }
        return nil
    }
}
