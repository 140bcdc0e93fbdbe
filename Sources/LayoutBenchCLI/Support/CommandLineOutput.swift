import Foundation
import LayoutBenchKit
import LayoutImporter
import LayoutScenarios
import Synchronization

/// Printing and the option parsing the commands share.
enum CommandLineOutput {
    /// Why a write to standard output failed (closed, a full disk), if one did: the command then
    /// ends with 73 (``LayoutBenchSubcommand/run()``) instead of trapping.
    static let standardOutputFailure = Mutex<String?>(nil)

    /// Writes an error or a warning to standard error at once, its control characters shown
    /// rather than sent (``TerminalText/safe(_:)``: a message may quote a user's file). A failure
    /// is dropped: there is nowhere left to say it.
    static func writeError(_ text: String) {
        _ = StandardStreams.writeAll(TerminalText.safe(text), to: STDERR_FILENO)
    }

    /// Writes the progress display's own text to standard error as it is: its carriage returns
    /// and line erasures are meant for the terminal.
    static func writeProgress(_ text: String) {
        _ = StandardStreams.writeAll(text, to: STDERR_FILENO)
    }

    /// Writes to standard output at once (unbuffered), so a script reading a pipe sees each line.
    /// The first failure is kept in ``standardOutputFailure``.
    static func writeOutput(_ text: String) {
        guard let failure = StandardStreams.writeAll(text, to: STDOUT_FILENO) else { return }
        standardOutputFailure.withLock { if $0 == nil { $0 = failure } }
    }

    /// Whether to color text on standard output: `--[no-]color` when given, else when it is a
    /// terminal that is not `dumb`.
    static func useColor(_ flag: Bool?) -> Bool {
        flag ?? (isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb")
    }
}

/// `--layouts PATH...`: scenarios made from Interface Builder documents.
enum LayoutsOption {
    /// The imported scenarios, or ``LayoutBench/catalog`` when no path is given; with `kinds`
    /// (layoutbench.yml's `kinds:`, by `layouts` entry), only the imported scenarios of the
    /// kinds each entry's documents are to make (an empty list: every kind).
    ///
    /// - Throws: ``ImportError`` (65 for a malformed document, 66 for a path that names
    ///   nothing; ``CommandFailure`` prints `error: file:line:col: message`); ``CommandError``
    ///   64 when the documents make no scenario of the kinds.
    static func catalog(_ paths: [String], kinds: (String) -> [String] = { _ in [] }) throws -> [Scenario] {
        if paths.isEmpty { return LayoutBench.catalog }
        guard paths.contains(where: { !kinds($0).isEmpty }) else { return try ImportedScenarios.make(paths: paths) }
        // Each document takes the kinds of the first entry that holds it.
        var documentKinds: [String: [String]] = [:]
        for entry in paths {
            for document in try DocumentImporter.documentPaths(in: [entry]) where documentKinds[document] == nil {
                documentKinds[document] = kinds(entry)
            }
        }
        let scenarios = try ImportedScenarios.make(paths: paths) { document, kind in
            let chosen = documentKinds[document] ?? []
            return chosen.isEmpty || chosen.contains(kind)
        }
        guard !scenarios.isEmpty else {
            throw CommandError(
                .usage,
                "The documents make no scenario of the kinds layoutbench.yml's kinds: name; "
                    + "device-sweep needs a scene, self-sizing a table cell.")
        }
        return scenarios
    }
}
