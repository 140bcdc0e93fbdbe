import ArgumentParser
import LayoutBenchKit

/// `layoutbench report [FOLDER]`: a browsable static site from many runs.
struct ReportCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Build a browsable static site from many runs' reports (default Reports/runs -> Reports/site).",
        discussion: """
            Reads every layoutbench.report JSON file under FOLDER, recursively (layoutbench run keeps a \
            copy of each report in Reports/runs/), and writes self-contained pages to --output: \
            index.html (the runs: date, commit, machine, build, suite, status, with links to each \
            run's report and its comparison with the run before, and a form to compare any two \
            runs), trends.html (per scenario, wall time and cell updates at each size across the \
            runs), compare.html (any two runs, compared in the browser), runs/<id>/report.html and \
            compare/<id>.html. A report.json that cannot be read is skipped with a warning.

            \(exitTable.text)
            """)

    /// The exit codes of `report`.
    static let exitTable = ExitTable([
        .success: "the site was written (skipped files are warnings)",
        .usage: "invalid arguments",
        .badInput: "FOLDER does not exist, cannot be read or holds no run report (an\nexisting site is then left as it was)",
        .cannotWriteOutput: "the site cannot be written",
        .temporaryFailure: "another layoutbench process is writing the same site",
    ])

    @Argument(help: ArgumentHelp("The folder of reports (default Reports/runs).", valueName: "folder"))
    var folder: String?

    @Option(help: ArgumentHelp("Where to write the site (default Reports/site).", valueName: "folder"))
    var output: String?

    func validate() throws {
        try validatePath(folder, option: "The folder of reports")
        try validatePath(output, option: "--output")
    }

    func execute() throws {
        let input = folder ?? ReportOutput.defaultRoot + "/runs"
        let destination = output ?? ReportOutput.defaultRoot + "/site"
        let collection = try HistorySite.collect(from: input, excluding: destination)
        for skipped in collection.skipped {
            CommandLineOutput.writeError("warning: skipped \(skipped.description)\n")
        }
        let written = try HistorySite.build(collection, into: destination, from: input)
        CommandLineOutput.writeOutput(
            "\(collection.runs.count) run\(collection.runs.count == 1 ? "" : "s") from \(input); \(written.count) pages.\n"
                + "Wrote \(written.first ?? destination + "/index.html")\n")
    }
}
