/// The inline script of every layoutbench page. It only enhances a page that is complete
/// without it:
///
/// - `table.sortable`: a click (or Enter) on a header cell sorts the rows by that column,
///   numerically when the cells carry `data-v` numbers, and again to reverse;
/// - `input.filter[data-filter-table=ID]`: shows the table's rows whose text contains every
///   word typed (case-insensitive);
/// - `select.filter[data-filter-table=ID][data-filter-attr=NAME]`: shows the rows whose
///   attribute `NAME` equals the chosen value (or every row for an empty value);
/// - `input.filter[data-filter-sections=ID]`: the same for the elements with a
///   `data-filter-text` attribute inside the element `ID` (scenario sections);
/// - elements marked `data-js-only` (the filter controls) are hidden until the script runs.
///
/// When it has run, `<html>` has the class `js` and `data-enhanced="yes"`
/// (`scripts/check-report` checks this). The file is `Templates/tables.js`.
public enum HTMLScript {
    /// The script, to put in a `<script>` element at the end of `<body>`.
    public static var tables: String { PageTemplates.tablesScript }
}
