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

            Like run, list reads --config FILE, else layoutbench.yml in the working directory when \
            it exists, for its layouts, kinds, scenarios and tags; options given here win over it.

            \(exitTable.text)
            """)

    /// The exit codes of `list`.
    static let exitTable = ExitTable([
        .success: "success",
        .usage: "invalid arguments (unknown scenario or tag)",
        .badInput:
            "a --layouts document is malformed XML or not an Interface Builder document;\nlayoutbench.yml has an unknown key or a wrong value (file:line:column)",
        .noInput: "a --layouts path names nothing, a file cannot be read, or --config names no file",
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

    @Option(
        help: ArgumentHelp(
            "A configuration file (default: layoutbench.yml in the working directory when it exists).", valueName: "file"))
    var config: String?

    @OptionGroup var output: TextOrJSONOption

    func execute() throws {
        // layoutbench.yml under the options given, as RunOptionGroup.fill(from:) does for run.
        let file = try ConfigFile.locate(config)
        var patterns = scenarios + filters
        var tags = tags
        if let file, patterns.isEmpty && tags.isEmpty {
            patterns = file.scenarios
            tags = file.tags
        }
        let paths = layouts.isEmpty ? file?.layouts ?? [] : layouts
        let catalog = try LayoutsOption.catalog(paths, kinds: { file?.kinds(forEntry: $0) ?? [] })
        let selected = try ScenarioSelection(patterns: patterns, tags: tags).select(from: catalog)
        switch output.format {
        case .text: CommandLineOutput.writeOutput(ScenarioListing.text(selected))
        case .json: CommandLineOutput.writeOutput(try ScenarioListing.json(selected))
        }
    }
}
