import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutScenarios

/// `layoutbench profile`: where a scenario's layout cost comes from, and what to change.
struct ProfileCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Profile a scenario: where the layout cost comes from, and what to change.",
        discussion: """
            Prepares the scenario at --size, then runs it once with the profiler attached to its \
            engines and to every engine the run makes. The profile attributes every solve and row \
            operation to views, constraint identifiers and the operation that caused it, per frame \
            (or layout pass); detects constraint churn (grouped by superview, so churn repeating in \
            every cell stands out); and checks the rules of docs/profile.md, each finding with its \
            evidence and the fix.

            --format text prints the summary (findings first); json and html write profile.json and \
            profile.html into --output (default Reports/profiles/<family>-<variant>-<size>/), each \
            written atomically. The default is all three. '--output -' prints the JSON (or HTML) on \
            standard output instead.

            --overhead N times the run N times in each of four modes (no sink, recording off, a sink \
            that ignores events, the profiler), interleaved, and prints the medians; build with \
            -c release for meaningful times.

            With a .xib or .storyboard instead of a scenario, profiles the first layout of each of \
            its layouts (--scene selects them by name), then lays a fresh copy out through the \
            device sweep and reports the constraints that become unsatisfiable at some size (UIKit's \
            report, with the size), the ambiguous views, and the required constraints that broke and \
            should be 999 (docs/importer.md). Files that cannot be imported exit 65 or 66.

            Findings are not errors: a profile with findings exits 0.

            \(exitTable.text)
            """)

    /// The exit codes of `profile`.
    static let exitTable = ExitTable([
        .success: "the profile was made (with or without findings)",
        .failed: "the profile was made, but the scenario failed one of its own expectations",
        .usage: "invalid arguments: unknown scenario (with close names), bad size, format or option",
        .badInput: "a document is malformed XML or not an Interface Builder document",
        .noInput: "a document does not exist or cannot be read",
        .invalidScenario: "the scenario declares fewer than three sizes",
        .cannotWriteOutput: "the output folder or a profile file cannot be written",
    ])

    @Argument(
        help: ArgumentHelp(
            "The scenario, e.g. cells/stack-scroll ('layoutbench list' shows them), or a .xib/.storyboard file.", valueName: "scenario"))
    var scenario: String

    @Option(help: ArgumentHelp("With a document: the layouts to profile, a glob on their names (default: all).", valueName: "glob"))
    var scene: String?

    @OptionGroup var size: ScenarioSizeOption

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "What to produce, comma-separated or repeated: text, json, html (default: all three).", valueName: "format"))
    var formats: [String] = []

    @Option(
        help: ArgumentHelp(
            "The folder for profile.json and profile.html (default Reports/profiles/<family>-<variant>-<size>); '-' prints one of them.",
            valueName: "folder"))
    var output: String?

    @Option(name: .customLong("events"), help: ArgumentHelp("Raw events kept, the most recent (default 4096).", valueName: "n"))
    var eventCapacity: Int?

    @Option(help: ArgumentHelp("Measure the recording overhead with N interleaved repetitions per mode instead.", valueName: "n"))
    var overhead: Int?

    @Flag(inversion: .prefixedNo, help: "Color the summary (default: when standard output is a terminal).")
    var color: Bool?

    func validate() throws {
        try validatePath(output, option: "--output")
    }

    func execute() throws {
        if DocumentProfiling.isDocument(scenario) {
            try profileDocument()
            return
        }
        let chosen = try ScenarioProfiling.scenario(named: scenario, in: LayoutBench.catalog)
        let size = try self.size.size(for: chosen)
        let formats = try ProfileFormat.parse(self.formats)
        if let eventCapacity, eventCapacity < 0 {
            throw LayoutBenchError(.invalidOption, "--events must be 0 or more; got \(eventCapacity).")
        }
        if let overhead, overhead < 1 {
            throw LayoutBenchError(.invalidOption, "--overhead must be at least 1; got \(overhead).")
        }
        if let overhead, overhead > RunConfiguration.maximumTimedRepetitions {
            throw LayoutBenchError(
                .invalidOption,
                "--overhead must be at most \(RunConfiguration.maximumTimedRepetitions) (the limit of timed repetitions per size); got \(overhead).")
        }
        if output == "-", formats.filter({ $0 != .text }).count != 1 {
            throw LayoutBenchError(.invalidOption, "'--output -' prints one file format: add --format json or --format html.")
        }

        if let overhead {
            CommandLineOutput.writeOutput(ProfileOverhead.text(ProfileOverhead.measure(chosen, size: size, repetitions: overhead)))
            return
        }

        let profile = ScenarioProfiling.profile(chosen, size: size, eventBufferCapacity: eventCapacity)

        if output == "-", let format = formats.first(where: { $0 != .text }) {
            CommandLineOutput.writeOutput(try ProfileOutput.render(profile.report, format: format))
        } else {
            if formats.contains(.text) {
                CommandLineOutput.writeOutput(profile.summary(color: CommandLineOutput.useColor(color)))
            }
            let written = try ProfileOutput.write(
                profile.report, formats: formats, to: output ?? ProfileOutput.defaultFolder(chosen, size: size))
            for path in written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
        }
        if !profile.failures.isEmpty {
            for failure in profile.failures {
                CommandLineOutput.writeError("error: \(chosen.name) at size \(size): \(failure)\n")
            }
            throw CommandExit(.failed)
        }
    }

    /// `profile FILE.xib [--scene GLOB]`.
    private func profileDocument() throws {
        let formats = try ProfileFormat.parse(self.formats)
        let size = self.size.size
        if let size, size < 1 { throw LayoutBenchError(.invalidSize, "--size must be a positive integer; got \(size).") }
        if output != nil {
            throw LayoutBenchError(.invalidOption, "--output applies to one scenario; a document's profiles go to Reports/profiles/.")
        }
        let profiles = try DocumentProfiling.profile(path: scenario, scene: scene, size: size ?? 1, eventBufferCapacity: eventCapacity)
        let useColor = CommandLineOutput.useColor(color)
        for entry in profiles {
            if formats.contains(.text) {
                CommandLineOutput.writeOutput(entry.profile.summary(color: useColor))
                CommandLineOutput.writeOutput(entry.diagnostics.text())
            }
            let written = try ProfileOutput.write(
                entry.profile.report, formats: formats, to: ProfileOutput.defaultFolder(entry.scenario, size: size ?? 1))
            for path in written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
        }
    }
}
