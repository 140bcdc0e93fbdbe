@testable import LayoutBenchCLI

/// `layoutbench` run in this process, as the executable runs it.
enum InProcess {
    /// The exit code `layoutbench arguments` ends with: parsed with `parseAsRoot`, run, and an
    /// error mapped through `LayoutBenchCommand.exitCode(for:)`.
    static func exitCode(_ arguments: [String]) -> Int32 {
        do {
            var command = try LayoutBenchCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            return LayoutBenchCommand.exitCode(for: error).rawValue
        }
    }
}
