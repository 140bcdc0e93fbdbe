import ArgumentParser
import LayoutBenchKit

/// `--thresholds` of the commands that compare reports (`check`, `compare`, as `@OptionGroup`).
struct ThresholdsOption: ParsableArguments {
    @Option(help: ArgumentHelp("A thresholds file (docs/ci.md); default: the built-in defaults.", valueName: "file"))
    var thresholds: String?

    /// The thresholds file: `--thresholds`, else `configured` (layoutbench.yml's), else none
    /// (the built-in defaults).
    func path(configured: String? = nil) -> String? {
        thresholds ?? configured
    }

    /// The thresholds in `--thresholds`, else the built-in defaults.
    ///
    /// - Throws: ``GateError`` for a file that cannot be read or is not a valid thresholds file.
    func load() throws(GateError) -> Thresholds {
        guard let path = path() else { return Thresholds() }
        return try Thresholds.load(path)
    }
}
