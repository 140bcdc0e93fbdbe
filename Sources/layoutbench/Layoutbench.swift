import ArgumentParser

/// The `layoutbench` command: parses arguments, calls a library, prints.
/// Each subcommand lives in its own file; logic lives in the libraries.
@main
struct Layoutbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Measure, profile and guard the cost of Auto Layout-style constraint layouts.",
        version: LayoutbenchVersion.current,
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
            InstructionsChildCommand.self,
        ]
    )
}

enum LayoutbenchVersion {
    static let current = "0.1.0"
}
