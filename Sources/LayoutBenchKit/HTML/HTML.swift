import Foundation

/// Text made safe for HTML, and the small helpers every page uses.
///
/// The building blocks in this folder (``HTMLPage``, ``HTMLStyle``, ``HTMLScript``,
/// ``HTMLTable``, ``SVGLineChart``, ``SVGRatioBars``) make self-contained pages: inline CSS,
/// inline SVG, a small inline script that only enhances (sorting, filtering), no network,
/// no external fonts or images. The run report, the comparison page and the history site
/// are built from them; other pages (the profile page) can adopt them.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, for text and attribute values alike.
    public static func escape(_ text: String) -> String {
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

    /// An id fragment from a name: `activation/batch` -> `activation-batch`.
    public static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "x" : slug
    }

    /// `<span class="badge kind">text</span>`.
    public static func badge(_ text: String, kind: String) -> String {
        "<span class=\"badge \(escape(kind))\">\(escape(text))</span>"
    }

    /// A definition list of label/value pairs; values are escaped.
    public static func facts(_ pairs: [(String, String)]) -> String {
        "<dl class=\"facts\">" + pairs.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>" }.joined() + "</dl>\n"
    }

    /// A JSON string literal safe inside an inline `<script>` (no `</script>`, no `<!--`).
    public static func scriptJSON(_ value: JSONValue) -> String {
        value.serialized(pretty: false)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
