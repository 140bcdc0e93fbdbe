import Foundation
import LayoutBenchJSON

/// Text made safe for HTML, and the few inline elements that Swift code puts into cells and
/// paragraphs.
///
/// Pages are rendered from the templates in `Templates/` (``PageTemplates``): the skeleton
/// every page shares (``HTMLPage``), tables (``HTMLTable``), the report, comparison, history
/// and profile bodies, the style sheet and scripts. Charts are built with ``Markup``. All of
/// them escape through ``escape(_:)``: Mustache's `{{name}}` too, for ``PageTemplates`` gives
/// every template this escaper in place of Mustache's own. Pages are self-contained: inline
/// CSS, inline SVG, a small inline script that only enhances (sorting, filtering), no network,
/// no external fonts or images.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, for text and attribute values alike.
    ///
    /// The text is read by Unicode scalar, not by `Character`: a `"` followed by a combining
    /// mark (`"\u{301}`) is one grapheme cluster that does not compare equal to `"`, yet an
    /// HTML parser reads the `"` alone and it would end the attribute.
    ///
    /// - Parameter text: Text from anywhere: scenario names, labels, file contents.
    /// - Returns: The text with each of the five characters written as `&amp;`, `&lt;`, `&gt;`,
    ///   `&quot;` and `&#39;`, and every other scalar as it was.
    /// - Complexity: O(*n*) in the text's length.
    public static func escape(_ text: String) -> String {
        escape(text, for: .html)
    }

    /// Where escaped text goes: HTML, or XML 1.0 (the JUnit export), which spells `'` as
    /// `&apos;` and cannot hold most control characters.
    package enum Dialect {
        case html, xml
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` by Unicode scalar (see ``escape(_:)``); for XML,
    /// `'` is `&apos;` and the scalars XML 1.0 cannot hold (controls other than tab and line
    /// breaks, U+FFFE, U+FFFF) are replaced by U+FFFD.
    ///
    /// - Parameters:
    ///   - text: The text to escape.
    ///   - dialect: HTML (``escape(_:)``) or XML (``ComparisonExports/xml(_:)``).
    /// - Returns: The escaped text.
    /// - Complexity: O(*n*) in the text's length.
    package static func escape(_ text: String, for dialect: Dialect) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": dialect == .xml ? "&apos;" : "&#39;"
            case "\t", "\n", "\r": nil
            case _ where dialect == .xml && (scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF):
                "\u{FFFD}"
            default: nil
            }
        }
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
    ///
    /// Replaced by Unicode scalar, as ``escape(_:)`` escapes: Foundation's
    /// `replacingOccurrences(of:with:)` does not find a `<` that a combining mark follows.
    ///
    /// - Parameter value: The value to embed.
    /// - Returns: Its compact JSON with `<`, U+2028 and U+2029 written as `\u` escapes.
    /// - Complexity: O(*n*) in the JSON's length.
    public static func scriptJSON(_ value: JSONValue) -> String {
        value.serialized(pretty: false).replacingScalars { scalar in
            switch scalar {
            case "<": "\\u003c"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }
}

extension String {
    /// The text with each Unicode scalar that `replacement` maps to a string replaced by it,
    /// the others kept. Escaping goes by scalar, not by `Character`: a `"` or `<` followed by
    /// a combining mark is one `Character` that equals neither, yet a browser, an XML or CSV
    /// reader and a Markdown renderer all read the `"` or `<` alone.
    ///
    /// - Complexity: O(*n*) in the text's length.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { result += replaced } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
