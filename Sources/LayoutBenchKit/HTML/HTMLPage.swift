/// A self-contained page: the shared style, a heading, a table of contents, the body, and
/// the shared script (plus any page script) at the end.
public struct HTMLPage: Sendable {
    /// The `<title>` and `<h1>`.
    public var title: String
    /// A line under the heading (escaped), or `nil`.
    public var subtitle: String?
    /// Links to the page's sections: (id, label).
    public var navigation: [(id: String, label: String)]
    /// The page's HTML, inside `<main>` after the header.
    public var body: String
    /// More script after the shared one (already safe for a `<script>` element), or empty.
    public var extraScript: String
    /// The footer line (escaped).
    public var footer: String

    public init(
        title: String, subtitle: String? = nil, navigation: [(id: String, label: String)] = [], body: String,
        extraScript: String = "", footer: String = "Made by layoutbench. Self-contained: no network access, no external files."
    ) {
        self.title = title
        self.subtitle = subtitle
        self.navigation = navigation
        self.body = body
        self.extraScript = extraScript
        self.footer = footer
    }

    /// The whole document.
    public func render() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="layoutbench">
            <title>\(HTML.escape(title))</title>
            <style>
            \(HTMLStyle.css)
            </style>
            </head>
            <body>
            <main>
            <header class="page">
            <h1>\(HTML.escape(title))</h1>

            """
        if let subtitle { page += "<p class=\"lede\">\(HTML.escape(subtitle))</p>\n" }
        if !navigation.isEmpty {
            page +=
                "<nav class=\"toc\" aria-label=\"Sections\">"
                + navigation.map { "<a href=\"#\(HTML.escape($0.id))\">\(HTML.escape($0.label))</a>" }.joined()
                + "</nav>\n"
        }
        page += "</header>\n"
        page += body
        page += "<footer>\(HTML.escape(footer))</footer>\n</main>\n"
        page += "<script>\n\(HTMLScript.tables)\n</script>\n"
        if !extraScript.isEmpty { page += "<script>\n\(extraScript)\n</script>\n" }
        page += "</body>\n</html>\n"
        return page
    }
}

/// A native `<table>`, sortable and filterable by ``HTMLScript``, readable without it,
/// scrolling sideways on narrow screens.
public struct HTMLTable: Sendable {
    /// A column.
    public struct Column: Sendable {
        /// The header text.
        public var title: String
        /// Right-aligned, tabular figures.
        public var numeric: Bool
        /// A tooltip for the header, or `nil`.
        public var help: String?
        /// Whether the text may wrap (long descriptions).
        public var wraps: Bool

        public init(_ title: String, numeric: Bool = false, help: String? = nil, wraps: Bool = false) {
            self.title = title
            self.numeric = numeric
            self.help = help
            self.wraps = wraps
        }
    }

    /// A cell: its text (escaped) or HTML, and a sort key.
    public struct Cell: Sendable {
        /// The cell's content, as HTML.
        public var html: String
        /// What sorting uses: a number, or text; `nil` sorts by the cell's text.
        public var sortValue: String?

        /// A text cell (escaped).
        public init(_ text: String) {
            html = HTML.escape(text)
            sortValue = nil
        }

        /// A text cell sorted by a number.
        public init(_ text: String, sortBy number: Double?) {
            html = HTML.escape(text)
            sortValue = number.flatMap { $0.isFinite ? String($0) : nil }
        }

        /// A cell of raw HTML, optionally sorted by a number or text.
        public init(html: String, sortValue: String? = nil) {
            self.html = html
            self.sortValue = sortValue
        }
    }

    /// A row: its cells, and attributes for the `<tr>` (`class`, `data-verdict`).
    public struct Row: Sendable {
        public var cells: [Cell]
        public var attributes: [(String, String)]

        public init(_ cells: [Cell], attributes: [(String, String)] = []) {
            self.cells = cells
            self.attributes = attributes
        }
    }

    /// The table's id (for filters and links).
    public var id: String
    /// The caption (escaped), or `nil`.
    public var caption: String?
    /// The columns.
    public var columns: [Column]
    /// The rows.
    public var rows: [Row]
    /// Whether to show a text filter above the table (script only).
    public var filterable: Bool
    /// More controls for the filter bar (HTML), such as a verdict ``select``.
    public var extraControls: String

    public init(id: String, caption: String? = nil, columns: [Column], rows: [Row], filterable: Bool = false, extraControls: String = "") {
        self.id = id
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.filterable = filterable
        self.extraControls = extraControls
    }

    /// The table, wrapped in a sideways-scrolling box, with its filter controls.
    public func render() -> String {
        var html = ""
        if filterable || !extraControls.isEmpty {
            html += "<div class=\"controls\" data-js-only hidden>"
            if filterable {
                html +=
                    "<input type=\"search\" class=\"filter\" data-filter-table=\"\(HTML.escape(id))\" "
                    + "placeholder=\"Filter rows…\" aria-label=\"Filter the rows of this table\">"
            }
            html += extraControls + "</div>\n"
        }
        html += "<div class=\"scroll\"><table id=\"\(HTML.escape(id))\" class=\"sortable\">"
        if let caption { html += "<caption>\(HTML.escape(caption))</caption>" }
        html += "<thead><tr>"
        for column in columns {
            var classes: [String] = []
            if column.numeric { classes.append("n") }
            if column.wraps { classes.append("wrap") }
            html += "<th scope=\"col\""
            if !classes.isEmpty { html += " class=\"\(classes.joined(separator: " "))\"" }
            if let help = column.help { html += " title=\"\(HTML.escape(help))\"" }
            html += ">\(HTML.escape(column.title))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr"
            for (name, value) in row.attributes { html += " \(name)=\"\(HTML.escape(value))\"" }
            html += ">"
            for (index, cell) in row.cells.enumerated() {
                let column = index < columns.count ? columns[index] : Column("")
                var classes: [String] = []
                if column.numeric { classes.append("n") }
                if column.wraps { classes.append("wrap") }
                html += "<td"
                if !classes.isEmpty { html += " class=\"\(classes.joined(separator: " "))\"" }
                if let sortValue = cell.sortValue { html += " data-v=\"\(HTML.escape(sortValue))\"" }
                html += ">\(cell.html)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    /// A `<select>` for the filter bar that shows only rows whose `attribute` has the chosen
    /// value: (value, label) options, the first usually ("", "all").
    public static func attributeFilter(table: String, attribute: String, label: String, options: [(String, String)], selected: String = "") -> String
    {
        "<label>\(HTML.escape(label)) <select class=\"filter\" data-filter-table=\"\(HTML.escape(table))\" data-filter-attr=\"\(HTML.escape(attribute))\">"
            + options.map {
                "<option value=\"\(HTML.escape($0.0))\"\($0.0 == selected ? " selected" : "")>\(HTML.escape($0.1))</option>"
            }.joined()
            + "</select></label>"
    }
}
