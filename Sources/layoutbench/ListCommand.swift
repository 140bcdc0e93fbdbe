import ArgumentParser
import LayoutBenchKit
import LayoutScenarios

/// `layoutbench list`: the scenarios with their tags, sizes and pairs.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the scenarios with their tags, sizes and anti-pattern/fix pairs.",
        discussion: """
            --format json prints {"schema": "layoutbench.scenarios", "schemaVersion": 1, \
            "scenarios": [...]}, each scenario as in the run report (docs/report-schema.md) plus \
            its sizes and quick sizes.

            Exit codes: 0 success; 64 invalid arguments (unknown scenario or tag).
            """)

    @Argument(help: ArgumentHelp("Scenario names or globs to list (as --filter).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(name: .customLong("filter"), help: ArgumentHelp(
        "A scenario name, family or glob (repeatable; any may match).", valueName: "glob"))
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("layouts"), parsing: .upToNextOption, help: ArgumentHelp(
        "List the scenarios made from these .xib/.storyboard files or folders instead of the built-in ones.", valueName: "path"))
    var layouts: [String] = []

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let catalog = try LayoutsOption.catalog(layouts) ?? ScenarioCatalog.all
        let selected: [Scenario]
        do {
            selected = try ScenarioSelection(patterns: scenarios + filters, tags: tags).select(from: catalog)
        } catch {
            throw CommandLineOutput.fail(error)
        }
        switch format {
        case .text: CommandLineOutput.writeOutput(ScenarioListing.text(selected))
        case .json: CommandLineOutput.writeOutput(try ScenarioListing.json(selected))
        }
    }
}
