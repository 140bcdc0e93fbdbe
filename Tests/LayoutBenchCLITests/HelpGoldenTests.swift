import ArgumentParser
import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchCLI

/// Every subcommand's `--help`, byte for byte, against `Golden/<command>.txt` (at 100 columns).
///
/// After an intended change to a command's options or help text, regenerate the files with
/// `LAYOUTBENCH_UPDATE_GOLDEN=1 swift test --filter HelpGoldenTests` and review the diff.
@Suite("Help golden files")
struct HelpGoldenTests {
    /// The name of each command's golden file.
    static let names = [
        "layoutbench", "run", "list", "record-trace", "profile", "compare", "report", "baseline", "baseline-save",
        "baseline-list", "check", "merge", "solver-bench", "explain", "import", "init",
    ]

    /// The command of golden file `name`.
    static func command(_ name: String) -> (any ParsableCommand.Type)? {
        switch name {
        case "layoutbench": LayoutBenchCommand.self
        case "run": RunCommand.self
        case "list": ListCommand.self
        case "record-trace": RecordTraceCommand.self
        case "profile": ProfileCommand.self
        case "compare": CompareCommand.self
        case "report": ReportCommand.self
        case "baseline": BaselineCommand.self
        case "baseline-save": BaselineCommand.Save.self
        case "baseline-list": BaselineCommand.List.self
        case "check": CheckCommand.self
        case "merge": MergeCommand.self
        case "solver-bench": SolverBenchCommand.self
        case "explain": ExplainCommand.self
        case "import": ImportCommand.self
        case "init": InitCommand.self
        default: nil
        }
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("Every subcommand's help equals its golden file", arguments: names)
    func help(_ name: String) throws {
        let command = try #require(Self.command(name))
        let text = LayoutBenchCommand.helpMessage(for: command, columns: 100) + "\n"
        let url = Self.golden.appendingPathComponent("\(name).txt")
        let expected = try GoldenFile.read(url, writing: text, when: "LAYOUTBENCH_UPDATE_GOLDEN")
        #expect(text == expected, "layoutbench \(name) --help changed; see HelpGoldenTests to regenerate Golden/\(name).txt.")
    }

    @Test("Every golden file belongs to a command")
    func noStrayGoldenFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.golden.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.names.map { "\($0).txt" }))
    }
}
