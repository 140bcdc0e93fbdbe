import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchCLI

/// layoutbench.yml end to end, without Swift: three Interface Builder files of the realworld
/// corpus (`../shared/realworld/ib`, beside the package root) run from a configuration file in a
/// temporary folder, a baseline is saved, `check` passes against it and fails (exit 2, the
/// scenario named in the Markdown) with injected churn.
@Suite("layoutbench.yml end to end")
final class ConfigEndToEndTests: TemporaryFolderSuite {
    /// `../shared/realworld/ib` from the package root (this file is Tests/LayoutBenchCLITests/...).
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/realworld/ib").standardizedFileURL.path

    /// Two storyboards with scenes (their device sweeps lay out in display frames, where churn
    /// is injected) and a table cell XIB.
    static let documents = [
        "openfoodfacts__openfoodfacts-ios/Sources/Views/Products/Search/Search.storyboard",
        "home-assistant__iOS/Sources/App/Resources/Base.lproj/LaunchScreen.storyboard",
        "openfoodfacts__openfoodfacts-ios/Sources/Views/Products/Search/LoadingCell.xib",
    ]

    static var corpusPresent: Bool {
        documents.allSatisfy { FileManager.default.fileExists(atPath: corpus + "/" + $0) }
    }

    @Test(
        "run, baseline save and check from layoutbench.yml; check --inject-churn 2 fails naming the scenario",
        .enabled(if: corpusPresent, "skipped: ../shared/realworld/ib (the Interface Builder corpus) is absent"))
    func runSaveCheck() throws {
        // Counters gate exactly; times and memory do not on a shared machine.
        try Data(#"{"defaults": {"time": {"informational": true}, "memory": {"informational": true}}}"#.utf8)
            .write(to: folder.appendingPathComponent("thresholds.json"))
        let config = folder.appendingPathComponent("layoutbench.yml").path
        try Data(
            """
            layouts:
              - \(Self.corpus)/\(Self.documents[0])
              - \(Self.corpus)/\(Self.documents[1])
              - path: \(Self.corpus)/\(Self.documents[2])
                kinds: [self-sizing]
            kinds: [first-layout, device-sweep]
            sizes: [1, 2]
            quick: true
            repetitions: 2
            thresholds: thresholds.json
            baselines: baselines
            output: Reports

            """.utf8
        ).write(to: URL(fileURLWithPath: config))
        let common = ["--config", config, "--no-allocations", "--progress", "none", "--no-history"]
        let output = folder.path + "/Reports"

        // list shows what run will measure: the file's documents and kinds.
        #expect(InProcess.exitCode(["list", "--config", config, "LoadingCell.xib/*"]) == 0)
        #expect(InProcess.exitCode(["list", "--config", config, "LoadingCell.xib/LoadingCell-5ND-Hm-Bvk/first-layout"]) == 64)
        #expect(InProcess.exitCode(["run"] + common) == 0)
        let report = try String(contentsOfFile: output + "/latest/report.json", encoding: .utf8)
        #expect(report.contains("Search.storyboard/") && report.contains("LaunchScreen.storyboard/"))
        // kinds: chose the kinds: the file's for the storyboards, the cell's own for LoadingCell.xib.
        #expect(report.contains("/device-sweep\"") && report.contains("Search.storyboard/SearchTableViewController-3HE-mz-dYL/first-layout\""))
        #expect(report.contains("\"LoadingCell.xib/LoadingCell-5ND-Hm-Bvk/self-sizing\""))
        #expect(!report.contains("\"LoadingCell.xib/LoadingCell-5ND-Hm-Bvk/first-layout\""))

        #expect(!report.contains("\"activation/"), "the built-in scenarios did not run")
        #expect(
            InProcess.exitCode([
                "baseline", "save", "main", "--report", output + "/latest/report.json", "--baselines", folder.path + "/baselines",
            ]) == 0)

        // The file's baselines folder and thresholds: the same suite passes.
        let passed = folder.path + "/pass.md"
        #expect(InProcess.exitCode(["check", "--baseline", "main", "--summary", passed] + common) == 0)
        let passText = try String(contentsOfFile: passed, encoding: .utf8)
        #expect(passText.contains("pass") && passText.contains("thresholds.json"), "\(passText)")

        // A deliberately slowed variant: exit 2, a device sweep named in the Markdown.
        let failed = folder.path + "/churn.md"
        #expect(
            InProcess.exitCode(["check", "--baseline", "main", "--summary", failed, "--inject-churn", "2"] + common) == 2)
        let failText = try String(contentsOfFile: failed, encoding: .utf8)
        #expect(failText.contains("regression"), "\(failText)")
        #expect(failText.contains("| `Search.storyboard/") && failText.contains("/device-sweep` |"), "\(failText)")

        // --baselines on the command line wins over the file's: no baseline 'main' there (exit 5).
        #expect(
            InProcess.exitCode(["check", "--baseline", "main", "--baselines", folder.path + "/elsewhere"] + common) == 5)
    }

    @Test(
        "init --config-only in a folder holding a document writes a file that runs as written",
        .enabled(if: corpusPresent, "skipped: ../shared/realworld/ib (the Interface Builder corpus) is absent"))
    func starterRuns() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Cells"), withIntermediateDirectories: true)
        // A copy in a temporary folder (never in the repository), so the folder holds a document.
        try FileManager.default.copyItem(
            atPath: Self.corpus + "/" + Self.documents[2], toPath: folder.path + "/Cells/LoadingCell.xib")
        #expect(InProcess.exitCode(["init", "--config-only", folder.path]) == 0)
        let output = folder.path + "/Reports"
        // As written, but for where the report goes (the test's working directory is the package's)
        // and no allocation counting (as the other in-process runs).
        #expect(
            InProcess.exitCode([
                "run", "--config", folder.path + "/layoutbench.yml", "--output", output, "--no-history", "--progress", "none",
                "--no-allocations", "--repetitions", "2",
            ]) == 0)
        let report = try String(contentsOfFile: output + "/latest/report.json", encoding: .utf8)
        #expect(report.contains("LoadingCell.xib/LoadingCell-5ND-Hm-Bvk/first-layout"))
        #expect(report.contains("LoadingCell.xib/LoadingCell-5ND-Hm-Bvk/self-sizing"))
    }
}
