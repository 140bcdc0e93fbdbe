/// Plain-text tables for terminals and CI logs: each cell padded with spaces to its column's
/// width, text left-aligned and numbers right-aligned. The run summary, `compare`, `baseline
/// list`, `solver-bench`, the profiler's text and the help texts' exit codes all lay their
/// tables out with it.
///
/// A cell wider than its column is written whole: the line grows rather than the value being
/// cut (ordo-one/TextTable, in the package mirror, truncates to a fixed width instead).
public enum TextTable {
    /// Where a cell sits in its column.
    public enum Alignment: Sendable {
        /// Text: padded on the right.
        case left
        /// Numbers: padded on the left.
        case right
    }

    /// `text` padded with spaces to `width` characters; text as wide or wider stays whole.
    public static func pad(_ text: String, _ width: Int, _ alignment: Alignment = .left) -> String {
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return alignment == .right ? padding + text : text + padding
    }

    /// `rows` with each column as wide as its widest cell, cells joined by two spaces, and no
    /// trailing spaces.
    ///
    /// - Parameters:
    ///   - rows: The cells, the heading row first where there is one.
    ///   - alignment: Each column's alignment, by its index.
    /// - Returns: One line per row, without line breaks.
    public static func lines(_ rows: [[String]], alignment: (_ column: Int) -> Alignment) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in pad(cell, widths[column], alignment(column)) }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
