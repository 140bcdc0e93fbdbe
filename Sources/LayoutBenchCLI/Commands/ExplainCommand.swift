import ArgumentParser
import Foundation
import LayoutBenchKit
import UIKitLogs

/// `layoutbench explain LOG...`: UIKit's "Unable to simultaneously satisfy constraints" logs,
/// replayed in the engine and explained.
struct ExplainCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain UIKit's \"Unable to simultaneously satisfy constraints\" logs: the conflict, the fix, what UIKit and the engine break.",
        discussion: """
            Reads each log (files, or standard input when none is given or for '-'), replays its \
            constraints in the engine, finds a minimal conflicting set, and says in plain words why \
            the constraints cannot hold and what to change. Compares the constraint UIKit broke (when \
            the log has the recovery line) with the one the engine breaks. Accepts UIKit's and \
            AppKit's formats, with or without time stamps, and logs damaged by pasting (wrapped \
            lines, lost quotes, markdown escapes). docs/uikit-logs.md describes the JSON fields.

            \(exitTable.text)
            """)

    /// The exit codes of `explain`.
    static let exitTable = ExitTable([
        .success: "every log was read (whatever the replay found)",
        .usage: "invalid arguments (an unknown --format)",
        .badInput:
            "some log, or some block of a log, has an entry the parser cannot\nread, or no constraint at all (file, line and column on stderr), or is\nlonger than 16 MiB; every other log and block is still explained;\nwins over 66",
        .noInput: "a log file does not exist or cannot be read (standard input closed or\na folder); the others are still explained",
    ])

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: ArgumentHelp("Log files ('-' or none: standard input).", valueName: "log"))
    var logs: [String] = []

    @Option(help: ArgumentHelp("Output format: text, markdown or json.", valueName: "format"))
    var format: Format = .text

    func execute() throws {
        var report = ExplainReport()
        let paths = logs.isEmpty ? ["-"] : logs
        for path in paths {
            if path == "-" {
                report.add(path: "<stdin>", reading: FileHandle.standardInput)
            } else {
                report.add(file: path)
            }
        }
        switch format {
        // Names and lines quoted from the logs: shown, never sent to the terminal.
        case .text: CommandLineOutput.writeOutput(TerminalText.safe(report.text()))
        case .markdown: CommandLineOutput.writeOutput(TerminalText.safe(report.markdown()))
        case .json: CommandLineOutput.writeOutput(report.json())
        }
        for entry in report.entries where !entry.parsed {
            CommandLineOutput.writeError("\(entry.error ?? entry.path)\n")
        }
        // As `import`: one status per kind of problem, whatever share of the logs it hit (the
        // totals count them); what the user pasted wrong wins over a path that is not there.
        if report.hasUnreadableLog { throw CommandExit(.badInput) }
        if report.hasMissingFile { throw CommandExit(.noInput) }
    }
}
