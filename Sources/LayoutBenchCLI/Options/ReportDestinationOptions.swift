import ArgumentParser
import LayoutBenchKit

/// Where a command that writes a run report writes it (`run`, `check` and `merge`, as
/// `@OptionGroup`): `--output` and `--[no-]history`.
struct ReportDestinationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The reports folder to write into (default: Reports, in $LAYOUTBENCH_SOURCE_ROOT when set).", valueName: "folder"))
    var output: String?

    @Flag(inversion: .prefixedNo, help: "Keep a copy of the report in <output>/runs/.")
    var history = true

    func validate() throws {
        try validatePath(output, option: "--output")
    }

    /// The report output these options name.
    var reportOutput: ReportOutput {
        ReportOutput(root: output ?? ReportOutput.defaultRoot, keepsHistory: history)
    }
}
