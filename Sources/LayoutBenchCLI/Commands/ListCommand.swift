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
        .invalidScenario: "a scenario declares fewer than three sizes",
    ])

    @OptionGroup var source: ScenarioSourceOptions

    @OptionGroup var output: TextOrJSONOption

    func execute() throws {
        // layoutbench.yml under the options given, as for run.
        var source = source
        let file = try source.configFile()
        if let file { source.fill(from: file) }
        let selected = try source.selection.select(from: try source.catalog(file: file))
        switch output.format {
        case .text: CommandLineOutput.writeOutput(ScenarioListing.text(selected))
        case .json: CommandLineOutput.writeOutput(try ScenarioListing.json(selected))
        }
    }
}
