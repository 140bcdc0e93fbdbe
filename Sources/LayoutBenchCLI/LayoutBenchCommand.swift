import ArgumentParser
import Foundation
import LayoutBenchKit
@_spi(Testing) import LayoutEngine
import LayoutScenarios

/// The `layoutbench` command: every subcommand, each in its own file under `Commands/`.
///
/// The executable is ``LayoutBench/main(arguments:)``; an app's own executable gets the same
/// subcommands over its own scenarios through ``LayoutBench/main(scenarios:arguments:)``.
/// Commands parse, call a library and print; errors become exit statuses in one place
/// (``CommandFailure``), and every help text's exit table comes from ``ExitTable``.
public struct LayoutBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Measure, profile and guard the cost of Auto Layout-style constraint layouts.",
        version: version,
        subcommands: [
            RunCommand.self,
            ListCommand.self,
            RecordTraceCommand.self,
            ProfileCommand.self,
            CompareCommand.self,
            ReportCommand.self,
            BaselineCommand.self,
            CheckCommand.self,
            MergeCommand.self,
            SolverBenchCommand.self,
            ExplainCommand.self,
            ImportCommand.self,
            InitCommand.self,
            InstructionsChildCommand.self,
        ]
    )

    /// The tool's version (`layoutbench --version`, the report's `tool.version`).
    public static let version = "0.1.0"

    public init() {}
}

/// `layoutbench` over a scenario catalogue of one's own.
public enum LayoutBench {
    /// The scenarios `run`, `check` (and its thresholds file), `list`, `profile` and
    /// `record-trace` choose from: the built-in catalogue unless
    /// ``main(scenarios:arguments:)`` gave others.
    @TaskLocal static var catalog: [Scenario] = ScenarioCatalog.all

    /// Runs the `layoutbench` command line over the built-in scenarios, then exits: the
    /// `layoutbench` executable.
    ///
    /// - Parameter arguments: The arguments without the program's name; `nil` for the process's.
    public static func main(arguments: [String]? = nil) -> Never {
        followEnvironment()
        LayoutBenchCommand.main(arguments)
        exit(ExitStatus.success.rawValue)
    }

    /// Runs the `layoutbench` command line over `scenarios` instead of the built-in catalogue,
    /// then exits: an app's executable is `LayoutBench.main(scenarios: MyApp.scenarios)`.
    /// (Pass `ScenarioCatalog.all + mine` to keep the built-in ones.)
    ///
    /// - Parameters:
    ///   - scenarios: The catalogue, in the order reports list it.
    ///   - arguments: The arguments without the program's name; `nil` for the process's.
    public static func main(scenarios: [Scenario], arguments: [String]? = nil) -> Never {
        followEnvironment()
        $catalog.withValue(scenarios) {
            LayoutBenchCommand.main(arguments)
        }
        exit(ExitStatus.success.rawValue)
    }

    /// What the process's environment decides before a command runs: whether every layout
    /// engine runs the solver's invariant checker after every mutation (debug builds only). On
    /// when `LAYOUTBENCH_SOLVER_CHECKS` is set, as `scripts/test` sets it for the tool its tests
    /// run; off otherwise, whatever the build (``LayoutEngine/checksSolverInvariants``).
    /// (`getenv`, not `ProcessInfo`: it allocates nothing, and the instruction-count child's
    /// allocations before its measurements move callgrind's counts.)
    private static func followEnvironment() {
        LayoutEngine.checksSolverInvariants = getenv("LAYOUTBENCH_SOLVER_CHECKS") != nil
    }
}
