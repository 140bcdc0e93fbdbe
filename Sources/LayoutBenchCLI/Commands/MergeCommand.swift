import ArgumentParser
import LayoutBenchKit

/// `layoutbench merge SHARD.json...`: joins the reports of `run --shard K/N` into one.
struct MergeCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the reports of 'run --shard 1/N' to 'N/N' into one report, as one unsharded run writes it.",
        discussion: """
            Reads every shard report, checks that they are one run's parts (one commit and tool \
            version, the same options but for --shard, the same kind of machine: architecture, CPU \
            model, cores, OS, compiler and build configuration) and that each shard 1 to N is given \
            once, then writes the merged report as layoutbench run does: <output>/latest/ and, unless \
            --no-history, <output>/runs/<UTC time>-<commit>/. Its scenarios, sizes, counters, growth \
            fits and pairs are those of an unsharded run, and its options carry no shard; \
            durationSeconds is the shards' sum, the date the earliest shard's, the environment \
            shard 1's. docs/ci.md shows a CI matrix that shards, merges and gates.

            \(exitTable.text)
            """)

    /// The exit codes of `merge`.
    static let exitTable = ExitTable([
        .success: "the merged report was written (its scenarios may have failed: see status)",
        .usage: "invalid arguments",
        .badInput:
            "a file cannot be read or is not a report; a report that is not a shard; shards of\ndifferent commits, options or machines' kinds; shards missing or given twice\n(the message names the files and which K)",
        .cannotWriteOutput: "the merged report cannot be written",
        .temporaryFailure: "another layoutbench process is writing into the same output folder",
    ])

    @Argument(help: ArgumentHelp("The shard reports (report.json of each 'run --shard K/N').", valueName: "shard.json"))
    var shards: [String] = []

    @OptionGroup var destination: ReportDestinationOptions

    @OptionGroup var formats: ReportFormatsOption

    func execute() throws {
        guard !shards.isEmpty else {
            throw ValidationError("Give the shard reports to merge: layoutbench merge SHARD.json...")
        }
        let formats = try self.formats.parse()
        let merged = try ReportMerge.merge(
            try shards.map { path throws(GateError) in try ReportReader.read(path) }, formats: formats)
        let output = destination.reportOutput
        let lock = try output.prepare()
        defer { lock.release() }
        let written = try output.write(merged, formats: formats)
        let measurements = merged.scenarios.reduce(0) { $0 + $1.sizes.count }
        CommandLineOutput.writeOutput(
            "Merged \(shards.count) shard\(shards.count == 1 ? "" : "s"): \(merged.scenarios.count) scenarios, "
                + "\(measurements) measurements, \(merged.status.rawValue).\n"
                + written.map { "Wrote \($0)\n" }.joined())
    }
}
