import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios

/// `--size` of the commands that run one scenario once (`profile`, `record-trace`, as
/// `@OptionGroup`).
struct ScenarioSizeOption: ParsableArguments {
    @Option(help: ArgumentHelp("The size (default: the scenario's smallest default size).", valueName: "n"))
    var size: Int?

    /// The size to run `scenario` at: `--size`, else its smallest default size, checked
    /// against what the scenario takes and the size limit (`LAYOUTBENCH_MAX_SIZE` raises it).
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-size` (``ScenarioProfiling/validate(size:for:maximumSizeOverride:)``).
    func size(for scenario: Scenario) throws -> Int {
        let size = self.size ?? ScenarioProfiling.defaultSize(of: scenario)
        try ScenarioProfiling.validate(
            size: size, for: scenario,
            maximumSizeOverride: try RunConfiguration.sizeLimit(fromEnvironment: ProcessInfo.processInfo.environment))
        return size
    }
}
