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
    /// More style after the shared style sheet (CSS), or empty.
    public var extraStyle: String
    /// The footer line (escaped).
    public var footer: String

    public init(
        title: String, subtitle: String? = nil, navigation: [(id: String, label: String)] = [], body: String,
        extraScript: String = "", extraStyle: String = "",
        footer: String = "Made by layoutbench. Self-contained: no network access, no external files."
    ) {
        self.title = title
        self.subtitle = subtitle
        self.navigation = navigation
        self.body = body
        self.extraScript = extraScript
        self.extraStyle = extraStyle
        self.footer = footer
    }

    /// The whole document, from `Templates/page.mustache`.
    public func render() -> String {
        var context: [String: Any] = [
            "title": title, "style": PageTemplates.style, "body": body, "footer": footer, "script": PageTemplates.tablesScript,
            "hasNavigation": !navigation.isEmpty, "navigation": navigation.map { ["id": $0.id, "label": $0.label] },
        ]
        if let subtitle { context["subtitle"] = subtitle }
        if !extraStyle.isEmpty { context["extraStyle"] = extraStyle }
        if !extraScript.isEmpty { context["extraScript"] = extraScript }
        return PageTemplates.render("page", context)
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
    /// The rows in groups instead (when not empty, ``rows`` is not used): each group is a
    /// `<tbody>` of its own after a heading row in a `<tbody class="group">`, so that sorting
    /// and filtering keep every row in its group (the history index groups runs by machine).
    public var groups: [RowGroup] = []

    /// Rows under a heading.
    public struct RowGroup: Sendable {
        /// The heading (HTML), across every column.
        public var heading: String
        /// The heading's id, for links.
        public var id: String
        /// The rows.
        public var rows: [Row]

        public init(heading: String, id: String, rows: [Row]) {
            self.heading = heading
            self.id = id
            self.rows = rows
        }
    }
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

    /// The table, wrapped in a sideways-scrolling box, with its filter controls, from
    /// `Templates/table.mustache`.
    public func render() -> String {
        func classes(_ column: Column) -> String? {
            let names = (column.numeric ? ["n"] : []) + (column.wraps ? ["wrap"] : [])
            return names.isEmpty ? nil : names.joined(separator: " ")
        }
        var context: [String: Any] = [
            "id": id, "hasControls": filterable || !extraControls.isEmpty, "filterable": filterable, "controls": extraControls,
            "columns": columns.map { column -> [String: Any] in
                var entry: [String: Any] = ["title": column.title]
                if let names = classes(column) { entry["classes"] = names }
                if let help = column.help { entry["help"] = help }
                return entry
            },
            "span": String(columns.count),
        ]
        func rowsContext(_ rows: [Row]) -> [[String: Any]] {
            rows.map { row -> [String: Any] in
                [
                    "attributes": row.attributes.map { ["name": $0.0, "value": $0.1] },
                    "cells": row.cells.enumerated().map { index, cell -> [String: Any] in
                        var entry: [String: Any] = ["html": cell.html]
                        if let names = classes(index < columns.count ? columns[index] : Column("")) { entry["classes"] = names }
                        if let sortValue = cell.sortValue { entry["sortValue"] = sortValue }
                        return entry
                    },
                ]
            }
        }
        context["bodies"] =
            groups.isEmpty
            ? [["rows": rowsContext(rows), "hasHeading": false]]
            : groups.map { ["rows": rowsContext($0.rows), "hasHeading": true, "heading": $0.heading, "groupId": $0.id] as [String: Any] }
        if let caption { context["caption"] = caption }
        return PageTemplates.render("table", context)
    }

    /// A `<select>` for the filter bar that shows only rows whose `attribute` has the chosen
    /// value: (value, label) options, the first usually ("", "all").
    public static func attributeFilter(table: String, attribute: String, label: String, options: [(String, String)], selected: String = "") -> String
    {
        PageTemplates.render(
            "filter-select",
            [
                "label": label, "table": table, "attribute": attribute,
                "options": options.map { ["value": $0.0, "text": $0.1, "selected": $0.0 == selected] as [String: Any] },
            ])
    }
}
