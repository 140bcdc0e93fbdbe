import ArgumentParser
import LayoutBenchKit
import LayoutScenarios

/// Which scenarios a command takes (`run`, `check` and `list`, as `@OptionGroup`): names or globs
/// as arguments or `--filter`, `--tag`, the Interface Builder documents of `--layouts` instead of
/// the built-in catalogue, and the configuration file that fills in what is not given.
struct ScenarioSourceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Scenario names or globs (as --filter).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(
        name: .customLong("filter"),
        help: ArgumentHelp(
            "A scenario name, family or glob such as 'activation/*' (repeatable; any may match).", valueName: "glob"))
    var filters: [String] = []

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("Only scenarios with this tag (repeatable; any may match).", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("layouts"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Scenarios made from these .xib/.storyboard files or folders instead of the built-in ones (file/layout/kind; docs/importer.md).",
            valueName: "path"))
    var layouts: [String] = []

    @Option(
        help: ArgumentHelp(
            "A configuration file (default: layoutbench.yml in the working directory when it exists); options given here win over it (docs/your-layouts.md).",
            valueName: "file"))
    var config: String?

    /// Whether no scenario, `--filter` or `--tag` was given.
    var selectsEverything: Bool { scenarios.isEmpty && filters.isEmpty && tags.isEmpty }

    /// The scenarios asked for: the arguments and `--filter` as patterns, and `--tag`.
    var selection: ScenarioSelection { ScenarioSelection(patterns: scenarios + filters, tags: tags) }

    /// The configuration file: `--config`, else `layoutbench.yml` in the working directory, else nil.
    ///
    /// - Throws: ``CommandError`` 66 when `--config` names no file, 65 for an error in the file.
    func configFile() throws(CommandError) -> ConfigFile? {
        try ConfigFile.locate(config)
    }

    /// Takes from `file` the documents (`layouts`) when none was given, and the selection
    /// (`scenarios` and `tags`) when no scenario, `--filter` or `--tag` was.
    mutating func fill(from file: ConfigFile) {
        if layouts.isEmpty { layouts = file.layouts }
        if selectsEverything {
            filters = file.scenarios
            tags = file.tags
        }
    }

    /// The scenarios of `--layouts` (of the kinds `file` gives each entry), or the built-in
    /// catalogue without documents (``LayoutsOption/catalog(_:kinds:)``).
    func catalog(file: ConfigFile?) throws -> [Scenario] {
        try LayoutsOption.catalog(layouts, kinds: { file?.kinds(forEntry: $0) ?? [] })
    }
}
