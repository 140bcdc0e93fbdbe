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

    /// ArgumentParser's usage errors in the style of every other error: `error: ...`, not
    /// `Error: ...` (swift-argument-parser's customization point for the prefix).
    public static var _errorPrefix: String { "error: " }

    public init() {}

    /// Parses and runs `arguments`, as ArgumentParser's `main` does, after refusing a first
    /// argument that names no subcommand with the closest names (exit 64); ArgumentParser
    /// alone says only "Unexpected argument 'rn'".
    static func main(checking arguments: [String]?) {
        if let message = unknownSubcommand(in: arguments ?? Array(CommandLine.arguments.dropFirst())) {
            CommandLineOutput.writeError("error: \(message)\n")
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        main(arguments)
    }

    /// The error for a first argument that is neither an option nor a subcommand's name, or `nil`.
    static func unknownSubcommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let all = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !all.contains(first) else { return nil }
        let shown = all.filter { !$0.hasPrefix("_") }
        return "Unknown subcommand '\(first)'." + Suggestions.didYouMean(Suggestions.closest(to: first, among: shown))
            + " The subcommands are: \(shown.joined(separator: ", ")) ('layoutbench help <subcommand>' describes one)."
    }
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
        LayoutBenchCommand.main(checking: arguments)
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
            LayoutBenchCommand.main(checking: arguments)
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
