import ArgumentParser

/// `--format text|json` of the commands that print a table for people or a JSON document
/// (`import`, `list`, `solver-bench`, as `@OptionGroup`).
struct TextOrJSONOption: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: Format = .text

    /// `--format`'s values.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}
