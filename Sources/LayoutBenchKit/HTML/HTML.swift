import Foundation

/// Text made safe for HTML, and the few inline elements that Swift code puts into cells and
/// paragraphs.
///
/// Pages are rendered from the templates in `Templates/` (``PageTemplates``): the skeleton
/// every page shares (``HTMLPage``), tables (``HTMLTable``), the report, comparison, history
/// and profile bodies, the style sheet and scripts. Charts are built with ``Markup``. All of
/// them escape through ``escape(_:)`` (Mustache's `{{name}}` escapes the same five
/// characters). Pages are self-contained: inline CSS, inline SVG, a small inline script that
/// only enhances (sorting, filtering), no network, no external fonts or images.
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
        Markup("span", ["class": "badge \(kind)"], [.text(text)]).markup
    }

    /// `<code>text</code>`.
    public static func code(_ text: String) -> String {
        Markup("code", [:], [.text(text)]).markup
    }

    /// `<a href="target">text</a>`.
    public static func link(_ target: String, _ text: String) -> String {
        Markup("a", ["href": target], [.text(text)]).markup
    }

    /// `<p class="kind">text</p>` and a line break.
    public static func paragraph(_ text: String, class kind: String) -> String {
        Markup("p", ["class": kind], [.text(text)]).markup + "\n"
    }

    /// `<section id="id"><h2>title</h2>` and a line break, the HTML, and `</section>`.
    public static func section(id: String, title: String, html: String) -> String {
        PageTemplates.render("section", ["id": id, "title": title, "html": html])
    }

    /// A definition list of label/value pairs (`Templates/facts.mustache`); values are escaped.
    public static func facts(_ pairs: [(String, String)]) -> String {
        PageTemplates.render("facts", ["facts": pairs.map { ["label": $0.0, "value": $0.1] }])
    }

    /// A JSON string literal safe inside an inline `<script>` (no `</script>`, no `<!--`).
    public static func scriptJSON(_ value: JSONValue) -> String {
        value.serialized(pretty: false)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
