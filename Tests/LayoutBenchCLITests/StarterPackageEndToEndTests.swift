import Foundation
import Testing

@testable import LayoutBenchCLI

/// Issue 14's end-to-end test (slow: set `LAYOUTBENCH_SLOW_TESTS=1`, as `scripts/test --slow`
/// does): `layoutbench init` in a temporary folder, pointing at this checkout by path; build the
/// package (its own scratch path: minutes); run its suite; save a baseline; make card/feed
/// deliberately worse (one solve per constraint, the change docs/your-layouts.md makes);
/// rebuild; `check` exits 2 and its Markdown names card/feed and not card/resize; then
/// `swift package layoutbench list` and `check` through the command plugin.
@Suite(
    "The starter package, end to end",
    .enabled(if: ProcessInfo.processInfo.environment["LAYOUTBENCH_SLOW_TESTS"] == "1", "Slow: set LAYOUTBENCH_SLOW_TESTS=1"))
struct StarterPackageEndToEndTests {
    /// Runs `arguments` in `folder`; returns the exit status and the output (both streams).
    @discardableResult
    static func execute(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("init, build, run, baseline, a deliberately worse card/feed, check exits 2 naming it", .timeLimit(.minutes(40)))
    func endToEnd() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("lb-starter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let folder = temporary.appendingPathComponent("MyLayouts")
        let scratch = temporary.appendingPathComponent("build").path
        var command = try LayoutBenchCommand.parseAsRoot(["init", folder.path, "--layoutbench-path", InitCommandTests.root])
        try command.run()

        let build = ["swift", "build", "--scratch-path", scratch]
        let built = try Self.execute(build, in: folder)
        try #require(built.status == 0, "swift build of the starter failed:\n\(built.output)")
        let executable = scratch + "/debug/MyLayouts"

        let run = try Self.execute([executable, "run", "--quick", "--progress", "none"], in: folder)
        try #require(run.status == 0, "\(run.output)")
        // run --instructions measures the app's scenarios too (its child is this executable).
        if (try? Self.execute(["valgrind", "--version"], in: folder))?.status == 0 {
            let counted = try Self.execute(
                [
                    executable, "run", "card/resize", "--quick", "--instructions", "--no-history", "--progress", "none",
                    "--output", temporary.appendingPathComponent("instructions").path,
                ], in: folder)
            #expect(counted.status == 0, "\(counted.output)")
            let report = try String(
                contentsOf: temporary.appendingPathComponent("instructions/latest/report.json"), encoding: .utf8)
            #expect(report.contains("\"card/resize\"") && report.contains("\"instructions\""))
        }
        let saved = try Self.execute([executable, "baseline", "save", "main"], in: folder)
        try #require(saved.status == 0, "\(saved.output)")

        let source = folder.appendingPathComponent("Sources/MyLayouts/CardScenarios.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let batch = try #require(text.range(of: "    " + StarterPackage.batchActivation))
        try (text.replacingCharacters(in: batch, with: "    " + StarterPackage.worseActivation))
            .write(to: source, atomically: true, encoding: .utf8)
        let rebuilt = try Self.execute(build, in: folder)
        try #require(rebuilt.status == 0, "\(rebuilt.output)")

        let check = try Self.execute(
            [executable, "check", "--baseline", "main", "--thresholds", "thresholds.json", "--summary", "check.md", "--progress", "none"],
            in: folder)
        #expect(check.status == 2, "\(check.output)")
        let markdown = try String(contentsOf: folder.appendingPathComponent("check.md"), encoding: .utf8)
        let table = markdown.components(separatedBy: "<details>").first ?? markdown
        #expect(table.contains("`card/feed` | `solves`"), "\(markdown)")
        #expect(!table.contains("`card/resize`"), "\(markdown)")

        // The same through the command plugin: SwiftPM ends with 1 and names the suite's status.
        let plugin = ["swift", "package", "--scratch-path", scratch, "--allow-writing-to-package-directory", "layoutbench"]
        let listed = try Self.execute(plugin + ["list"], in: folder)
        #expect(listed.status == 0 && listed.output.contains("card/feed"), "\(listed.output)")
        let gated = try Self.execute(
            plugin + ["check", "--baseline", "main", "--thresholds", "thresholds.json", "--progress", "none"], in: folder)
        #expect(gated.status != 0 && gated.output.contains("Plugin ended with exit code 2"), "\(gated.output)")
    }
}
