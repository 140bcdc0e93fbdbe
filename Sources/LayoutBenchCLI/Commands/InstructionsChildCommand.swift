import ArgumentParser
import LayoutBenchKit

/// `layoutbench _instructions-child REQUEST OUTCOME`: the measurements of `run --instructions`,
/// in the child process that runs under valgrind's callgrind (``InstructionRun``). Hidden: not
/// for users.
struct InstructionsChildCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: InstructionRun.childCommand,
        abstract: "The measurements of run --instructions, under callgrind (internal).",
        shouldDisplay: false)

    @Argument(help: "The request file the parent wrote.")
    var request: String

    @Argument(help: "Where to write the outcome.")
    var outcome: String

    func execute() throws {
        // The parent's catalogue: the same executable, so the same LayoutBench.main(scenarios:).
        try InstructionRun.runChild(requestPath: request, outcomePath: outcome, catalog: LayoutBench.catalog)
    }
}
