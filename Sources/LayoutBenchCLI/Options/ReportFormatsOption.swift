import ArgumentParser
import LayoutBenchKit

/// `--format` of the commands that write a report (`run`, `merge`, as `@OptionGroup`).
struct ReportFormatsOption: ParsableArguments {
    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "Report formats to write, comma-separated or repeated: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default json,html).",
            valueName: "format"))
    var formats: [String] = []

    /// The formats given, each once in the order first given; `json` and `html` when none.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` quoting an unknown format.
    func parse() throws(LayoutBenchError) -> [ReportFormat] {
        try ReportFormat.formatList(formats, kind: "report", defaults: [.json, .html])
    }
}
