import ArgumentParser
import Foundation
import Testing

@testable import LayoutBenchCLI

/// `check --export FORMAT=FILE`: the comparison in the formats other tools read, beside the
/// verdict, with the same exit status; bad arguments are usage errors.
@Suite("check --export")
struct CheckExportTests {
    @Test("csv, junit and benchmark-action are written beside the verdict; a regression keeps exit 2")
    func exportsBesideTheVerdict() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lb-check-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("Reports").path
        let thresholds = folder.appendingPathComponent("thresholds.json")
        try Data(#"{"defaults": {"time": {"informational": true}, "memory": {"informational": true}}}"#.utf8).write(to: thresholds)
        let common = ["--output", output, "--no-history", "--progress", "none", "--no-allocations"]
        let catalogue = [LayoutScenariosFixture.tiny("mine/square")]
        try LayoutBench.$catalog.withValue(catalogue) {
            #expect(InProcess.exitCode(["run", "--quick", "--repetitions", "2"] + common) == 0)
            let baseline = folder.appendingPathComponent("base.json").path
            try FileManager.default.copyItem(atPath: output + "/latest/report.json", toPath: baseline)
            let csv = folder.appendingPathComponent("check.csv").path
            let junit = folder.appendingPathComponent("check.xml").path
            let action = folder.appendingPathComponent("bench.json").path
            let exports = ["--export", "csv=" + csv, "--export", "junit=" + junit, "--export", "benchmark-action=" + action]
            #expect(
                InProcess.exitCode(
                    ["check", "--baseline", baseline, "--thresholds", thresholds.path, "--inject-churn", "2"] + exports + common)
                    == 2)
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<testsuite") && xml.contains("mine/square") && xml.contains("<failure"), "\(xml)")
            let table = try String(contentsOfFile: csv, encoding: .utf8)
            #expect(table.split(whereSeparator: \.isNewline).count > 1 && table.contains("mine/square"), "\(table)")
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: action)))
            let entries = try #require(document as? [[String: Any]])
            #expect(!entries.isEmpty && entries.allSatisfy { $0["name"] is String && $0["value"] != nil })
        }
    }

    @Test("A bad --export is a usage error (64) before anything runs", arguments: ["junit", "xml=out.xml", "csv="])
    func badExport(argument: String) {
        #expect(InProcess.exitCode(["check", "--baseline", "main", "--export", argument]) == 64)
    }
}
