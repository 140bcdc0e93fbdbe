import ArgumentParser
import LayoutBenchKit
import LayoutScenarios

/// `layoutbench list`: the scenarios with their tags, sizes and pairs.
struct ListCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the scenarios with their tags, sizes and anti-pattern/fix pairs.",
        discussion: """
            --format json prints {"schema": "layoutbench.scenarios", "schemaVersion": 1, \
            "scenarios": [...]}, each scenario as in the run report (docs/report-schema.md) plus \
            its sizes and quick sizes.

            \(exitTable.text)
            """)

    /// The exit codes of `list`.
    static let exitTable = ExitTable([
        .success: "success",
        .usage: "invalid arguments (unknown scenario or tag)",
        .badInput: "a --layouts document is malformed XML or not an Interface Builder document",
        .noInput: "a --layouts path names nothing, or a file cannot be read",
    ])

    @Argument(help: ArgumentHelp("Scenario names or globs to list (as --filter).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(
        name: .customLong("filter"),
        help: ArgumentHelp(
            "A scenario name, family or glob (repeatable; any may match).", valueName: "glob"))
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("layouts"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "List the scenarios made from these .xib/.storyboard files or folders instead of the built-in ones.", valueName: "path"))
    var layouts: [String] = []

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func execute() throws {
        let catalog = try LayoutsOption.catalog(layouts)
        let selected = try ScenarioSelection(patterns: scenarios + filters, tags: tags).select(from: catalog)
        switch format {
        case .text: CommandLineOutput.writeOutput(ScenarioListing.text(selected))
        case .json: CommandLineOutput.writeOutput(try ScenarioListing.json(selected))
        }
    }
}
