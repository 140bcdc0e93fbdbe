import ArgumentParser
import LayoutBenchKit

/// `--baselines` of the commands that keep or read named baselines (`check`, `baseline save`,
/// `baseline list`, as `@OptionGroup`).
struct BaselinesOption: ParsableArguments {
    @Option(help: ArgumentHelp("The baselines folder (default Reports/baselines).", valueName: "folder"))
    var baselines: String?

    func validate() throws {
        try validatePath(baselines, option: "--baselines")
    }

    /// The baselines in `--baselines`, else in `configured` (layoutbench.yml's), else in
    /// ``BaselineStore/defaultFolder``.
    func store(configured: String? = nil) -> BaselineStore {
        BaselineStore(folder: baselines ?? configured ?? BaselineStore.defaultFolder)
    }
}
