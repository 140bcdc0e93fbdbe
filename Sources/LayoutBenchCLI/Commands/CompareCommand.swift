import ArgumentParser
import LayoutBenchKit

/// `layoutbench compare BASE HEAD`: two reports, metric by metric, with verdicts.
struct CompareCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two run reports: per scenario, size and metric, base, head, change and verdict.",
        discussion: """
            BASE and HEAD are report files (report.json) or baseline names (Reports/baselines/NAME.json). \
            Verdicts: regression, improvement, noise (changed beyond the threshold but not \
            significantly) or unchanged. Counters compare exactly; times use the repetitions' samples \
            (Mann-Whitney U test, bootstrap interval of the median ratio, a noise band); docs/ci.md \
            states the rule and the thresholds file format.

            --format text (default) prints the changed metrics (an informational one, such as a time \
            under the CI gate's thresholds, only when it regressed or improved) and the headline \
            metrics at each scenario's largest size (--all: every row); markdown is for a \
            pull-request comment; json is layoutbench.comparison; html is a self-contained page; \
            csv has every row; junit is a JUnit XML test report (a test case per gated scenario and \
            metric, failed when it regressed); benchmark-action is github-action-benchmark's \
            customSmallerIsBetter JSON of the head's values. --output writes to a file \
            (atomically) instead of standard output.

            \(exitTable.text)
            """)

    /// The exit codes of `compare`.
    static let exitTable = ExitTable([
        .success: "compared (whatever the verdicts; layoutbench check is the gate)",
        .missingBaseline: "a baseline name that does not exist",
        .usage: "invalid arguments",
        .badInput:
            "bad input: a missing or unreadable report file, malformed or truncated JSON, a report of another schema version, a bad thresholds file (the message names file, line and column)",
        .cannotWriteOutput: "--output cannot be written",
    ])

    @Argument(help: ArgumentHelp("The base report (a report.json file or a baseline name).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The head report (a report.json file or a baseline name).", valueName: "head"))
    var head: String

    @Option(help: "Output format: text, markdown, json, html, csv, junit or benchmark-action.")
    var format: Format = .text

    @OptionGroup var thresholds: ThresholdsOption

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Every compared metric in the text table, not only the changed and headline ones.")
    var all = false

    @Option(help: ArgumentHelp("The baselines folder for names (default Reports/baselines).", valueName: "folder"))
    var baselines: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, html, csv, junit
        case benchmarkAction = "benchmark-action"
    }

    func validate() throws {
        try validatePath(output, option: "--output")
        try validatePath(baselines, option: "--baselines")
    }

    func execute() throws {
        let store = BaselineStore(folder: baselines ?? BaselineStore.defaultFolder)
        // A baseline name that does not exist is exit 5; a report file that does not is bad input (65).
        func load(_ reference: String) throws(GateError) -> LoadedReport {
            BaselineStore.isPath(reference) ? try ReportReader.read(reference) : try store.load(reference)
        }
        let baseReport = try load(base)
        let headReport = try load(head)
        let rules = try thresholds.load()
        let comparison = ReportComparison.compare(base: baseReport, head: headReport, thresholds: rules)
        func encoded(_ encode: () throws -> String) throws(GateError) -> String {
            do { return try encode() } catch {
                throw GateError(.unwritableOutput, "Cannot encode the comparison: \(error)", cause: error)
            }
        }
        func exported(_ export: ComparisonExports.Format) throws(GateError) -> String {
            try encoded { try ComparisonExports.render(comparison, as: export, thresholds: rules, name: "layoutbench compare") }
        }
        let text: String
        switch format {
        case .text: text = ComparisonOutput.text(comparison, all: all)
        case .markdown: text = ComparisonOutput.markdown(comparison, title: "layoutbench compare")
        case .html: text = ComparisonPage.html(comparison)
        case .json: text = try encoded { try ComparisonOutput.json(comparison) }
        case .csv: text = try exported(.csv)
        case .junit: text = try exported(.junit)
        case .benchmarkAction: text = try exported(.benchmarkAction)
        }
        guard let output else {
            CommandLineOutput.writeOutput(text)
            return
        }
        do {
            try AtomicFile.write(text, to: output)
        } catch {
            throw GateError(.unwritableOutput, error.message, cause: error)
        }
        CommandLineOutput.writeOutput("Wrote \(output)\n")
    }
}
