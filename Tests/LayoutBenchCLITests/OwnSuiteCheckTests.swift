import ArgumentParser
import Foundation
import Testing

@testable import LayoutBenchCLI

/// `check` over an app's own catalogue (`LayoutBench.main(scenarios:)`): it re-runs the suite
/// the baseline was made from, and its thresholds file may name the catalogue's scenarios.
@Suite("check over an app's own scenarios")
struct OwnSuiteCheckTests {
    static let catalogue = [LayoutScenariosFixture.tiny("mine/square"), LayoutScenariosFixture.tiny("mine/other")]

    @Test("A baseline of the app's scenarios is checked against them; churn fails it naming the scenario")
    func checkOwnSuite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lb-own-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Reports").path
        let thresholds = folder.appendingPathComponent("thresholds.json")
        let unknown = folder.appendingPathComponent("unknown.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Times and memory do not gate here (a shared machine); counters do, exactly.
        try Data(
            """
            {"defaults": {"time": {"informational": true}, "memory": {"informational": true}},
             "scenarios": {"mine/square": {"solves": {"absolute": 0}}}}
            """.utf8
        ).write(to: thresholds)
        try Data(#"{"scenarios": {"mine/missing": {"solves": {"absolute": 0}}}}"#.utf8).write(to: unknown)
        let common = ["--output", output, "--no-history", "--progress", "none", "--no-allocations"]

        try LayoutBench.$catalog.withValue(Self.catalogue) {
            #expect(InProcess.exitCode(["run", "--quick", "--repetitions", "2"] + common) == 0)
            let baseline = folder.appendingPathComponent("base.json").path
            try FileManager.default.copyItem(atPath: output + "/latest/report.json", toPath: baseline)

            // The same suite again: both scenarios measured, nothing lost, exit 0.
            let summary = folder.appendingPathComponent("check.md").path
            #expect(
                InProcess.exitCode(["check", "--baseline", baseline, "--thresholds", thresholds.path, "--summary", summary] + common) == 0)
            let passed = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(!passed.contains("lost coverage"), "\(passed)")
            let head = try String(contentsOfFile: output + "/latest/report.json", encoding: .utf8)
            #expect(head.contains("\"mine/square\"") && head.contains("\"mine/other\"") && !head.contains("activation/"))

            // A deliberately slowed variant: exit 2, the scenario named in the Markdown.
            let failedSummary = folder.appendingPathComponent("check-churn.md").path
            #expect(
                InProcess.exitCode(
                    [
                        "check", "--baseline", baseline, "--thresholds", thresholds.path, "--summary", failedSummary,
                        "--inject-churn", "2",
                    ] + common) == 2)
            let failed = try String(contentsOfFile: failedSummary, encoding: .utf8)
            #expect(failed.contains("mine/square"), "\(failed)")

            // A rule naming a scenario the catalogue does not hold is still refused: 65.
            #expect(InProcess.exitCode(["check", "--baseline", baseline, "--thresholds", unknown.path] + common) == 65)
        }
        // Under the built-in catalogue, a rule naming the app's scenario is unknown: 65.
        #expect(
            InProcess.exitCode(["check", "--baseline", folder.appendingPathComponent("base.json").path, "--thresholds", thresholds.path] + common)
                == 65)
    }
}
