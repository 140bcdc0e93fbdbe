/// A small typed builder for the markup of charts and legends (SVG, and the HTML around it):
/// an element with its attributes in order and its children, or text. Attribute values and
/// text are escaped when the tree is written (``HTML/escape(_:)``), so chart code never
/// writes markup or escapes by hand.
///
/// ```swift
/// Markup("svg", ["class": "chart", "viewBox": "0 0 560 300"], [
///     Markup("title", [], [.text("Wall time")]),
///     Markup("line", ["class": "axis", "x1": "0", "x2": "560", "y1": "280", "y2": "280"]),
/// ]).markup
/// ```
public struct Markup: Sendable {
    /// The element's name, or `nil` for text.
    public var name: String?
    /// The attributes, in the order written.
    public var attributes: KeyValuePairs<String, String>
    /// The children (elements and text).
    public var children: [Markup]
    /// The text of a text node.
    public var text: String

    /// An element; without children it is written self-closing (`<line .../>`).
    public init(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: [Markup] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = ""
    }

    /// Text, escaped when written.
    public static func text(_ text: String) -> Markup {
        var node = Markup("", [:], [])
        node.name = nil
        node.text = text
        return node
    }

    /// The markup.
    public var markup: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        guard let name else {
            out += HTML.escape(text)
            return
        }
        out += "<" + name
        for (key, value) in attributes { out += " " + key + "=\"" + HTML.escape(value) + "\"" }
        if children.isEmpty {
            out += "/>"
            return
        }
        out += ">"
        for child in children { child.write(to: &out) }
        out += "</" + name + ">"
    }
}
