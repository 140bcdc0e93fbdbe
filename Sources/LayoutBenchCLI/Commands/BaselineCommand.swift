import ArgumentParser
import LayoutBenchKit

/// `layoutbench baseline save|list`: named baselines in Reports/baselines/.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Save and list the baselines that layoutbench check compares with (Reports/baselines/NAME.json).",
        subcommands: [Save.self, List.self])

    struct Save: LayoutBenchSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "save",
            abstract: "Save a run report as the baseline NAME (from Reports/latest/report.json by default).",
            discussion: """
                Copies the report, byte for byte, to <baselines>/NAME.json, atomically (a temporary \
                file, fsync, rename): a failed save leaves an existing baseline of that name as it was. \
                Only a complete report of a run whose scenarios all met their expectations is saved; a \
                failed or partial run, or one with --inject-churn, is refused.

                \(exitTable.text)
                """)

        /// The exit codes of `baseline save`.
        static let exitTable = ExitTable([
            .success: "saved",
            .usage: "invalid arguments (a name with characters other than letters, digits, '.', '_', '-')",
            .badInput:
                "the report cannot be read (malformed, truncated, another schema version) or cannot be a baseline (failed, partial, injected churn)",
            .cannotWriteOutput: "the baseline cannot be written",
        ])

        @Argument(help: ArgumentHelp("The baseline's name, such as main or ci-quick.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The report to save (default Reports/latest/report.json).", valueName: "file"))
        var report: String?

        @OptionGroup var baselines: BaselinesOption

        func execute() throws {
            let store = baselines.store()
            let source = report ?? ReportOutput.defaultRoot + "/latest/report.json"
            let saved = try store.save(name: name, from: source)
            var text =
                "Saved baseline '\(BaselineStore.saveName(name))' to \(saved.path) (\(saved.report.date), \(saved.report.scenarios.count) scenarios, "
                + "\(saved.report.options.quick ? "quick" : "full") suite, \(saved.report.environment.toolchain.buildConfiguration) build)"
            if let replaced = saved.replaced { text += "; it replaces the baseline of \(replaced.date)" }
            CommandLineOutput.writeOutput(text + ".\n")
            if saved.report.environment.toolchain.buildConfiguration != "release" {
                CommandLineOutput.writeError(
                    "warning: the report comes from a \(saved.report.environment.toolchain.buildConfiguration) build: its times and "
                        + "allocation counts are not representative (docs/measurement.md).\n")
            }
        }
    }

    struct List: LayoutBenchSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the baselines: name, date, commit, scenarios, suite and options.",
            discussion: exitTable.text)

        /// The exit codes of `baseline list`.
        static let exitTable = ExitTable([
            .success: "listed (a baseline that cannot be read is listed with a warning)",
            .usage: "invalid arguments",
            .badInput: "the folder cannot be listed",
        ])

        @OptionGroup var baselines: BaselinesOption

        func execute() throws {
            let store = baselines.store()
            CommandLineOutput.writeOutput(BaselineStore.listing(try store.list(), folder: store.folder))
        }
    }
}
