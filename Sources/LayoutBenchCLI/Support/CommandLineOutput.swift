import Foundation
import LayoutBenchKit
import LayoutScenarios

/// Printing and the option parsing the commands share.
enum CommandLineOutput {
    /// Parses `--format` values: comma-separated or repeated; `json` and `html` when none.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` quoting an unknown format.
    static func parseFormats(_ values: [String]) throws(LayoutBenchError) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for value in values {
            for name in value.split(separator: ",").map(String.init) {
                guard let format = ReportFormat(rawValue: name) else {
                    throw LayoutBenchError(
                        .invalidOption,
                        "Unknown report format '\(name)'; the formats are \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        return formats.isEmpty ? [.json, .html] : formats
    }

    /// Writes to standard error at once.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes to standard output at once (unbuffered), so a script reading a pipe sees each line.
    static func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
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
    /// (layoutbench.yml's `kinds:`), only the imported scenarios of those kinds.
    ///
    /// - Throws: ``ImportError`` (65 for a malformed document, 66 for a path that names
    ///   nothing; ``CommandFailure`` prints `error: file:line:col: message`); ``CommandError``
    ///   64 when the documents make no scenario of `kinds`.
    static func catalog(_ paths: [String], kinds: [String] = []) throws -> [Scenario] {
        if paths.isEmpty { return LayoutBench.catalog }
        let scenarios = try ImportedScenarios.make(paths: paths)
        if kinds.isEmpty { return scenarios }
        let kept = scenarios.filter { scenario in kinds.contains { scenario.name.hasSuffix("/" + $0) } }
        guard !kept.isEmpty else {
            throw CommandError(
                .usage,
                "The documents make no scenario of the kinds \(kinds.map { "'\($0)'" }.joined(separator: ", ")) (layoutbench.yml's kinds:); "
                    + "device-sweep needs a scene, self-sizing a table cell.")
        }
        return kept
    }
}
