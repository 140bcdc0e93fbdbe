import Foundation
import Synchronization
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// `check`, `compare`, `baseline` and `report` through the built binary: exit codes, files
/// written (and not written), messages. The slowed variant of docs/ci.md: a baseline from a
/// normal quick run, then `check --inject-churn 2` on the same selection exits 2 and its
/// Markdown names the scenarios and metrics.
@Suite("Gate end to end", .serialized, GateRunsCleanUp())
struct GateEndToEndTests {
    typealias Execution = EndToEndTests.Execution

    /// One normal quick run of two pairs with three repetitions, a baseline saved from it, and
    /// a run of the same selection that fails its expectations; made once for the suite.
    struct Runs: Sendable {
        var folder: URL
        var report: String
        var baselines: String
        var failedReport: String
    }

    static let runs: Result<Runs, any Error> = Result {
        let folder = try Fixture.temporaryFolder("gate-e2e")
        GateRunsCleanUp.madeFolder.withLock { $0 = folder }
        let output = folder.appendingPathComponent("normal")
        let run = try EndToEndTests.execute([
            "run", "--quick", "activation/*", "edits/*", "--repetitions", "3", "--output", output.path, "--progress", "none",
        ])
        guard run.status == 0 else { throw GateTestFailure("the normal run exited \(run.status): \(run.errors)") }
        let report = output.appendingPathComponent("latest/report.json").path
        let baselines = folder.appendingPathComponent("baselines").path
        let save = try EndToEndTests.execute(["baseline", "save", "quick-demo", "--report", report, "--baselines", baselines])
        guard save.status == 0 else { throw GateTestFailure("baseline save exited \(save.status): \(save.errors)") }
        // The same report with a failed expectation, as a run whose scenario broke would write it.
        var failed = try ReportReader.read(report).report
        let failure = Report.Failure(
            scenario: failed.scenarios[0].name, size: failed.scenarios[0].sizes[0].size, kind: .expectation, expectation: "solves == N",
            detail: "solves was 41, expected == 40", repetitions: [1, 2, 3, 4, 5, 6])
        failed.scenarios[0].sizes[0].failures = [failure]
        failed.scenarios[0].sizes[0].status = .failed
        failed.scenarios[0].status = .failed
        failed.failures = [failure]
        failed.status = .failed
        let failedReport = try GateFixture.write(try failed.jsonText(), "failing/report.json", in: folder)
        return Runs(folder: folder, report: report, baselines: baselines, failedReport: failedReport)
    }

    struct GateTestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func fixture() throws -> Runs { try Self.runs.get() }

    func execute(_ arguments: [String]) throws -> Execution { try EndToEndTests.execute(arguments) }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("check --inject-churn 2 against a normal baseline exits 2; the Markdown names scenario and metric")
    func slowedVariant() throws {
        let runs = try fixture()
        let baseline = try Data(contentsOf: URL(fileURLWithPath: runs.baselines + "/quick-demo.json"))
        let output = runs.folder.appendingPathComponent("slowed").path
        let check = try execute([
            "check", "--baseline", "quick-demo", "--baselines", runs.baselines, "--inject-churn", "2", "--output", output,
            "--progress", "none",
        ])
        #expect(check.status == 2, "stdout: \(check.output)\nstderr: \(check.errors)")
        #expect(check.output.contains("check: regression (exit 2)"))
        #expect(check.output.contains("edits/constant") && check.output.contains("constraintsAdded"))
        let markdown = try text(output + "/latest/check.md")
        #expect(markdown.hasPrefix("## layoutbench check: ❌ regression"))
        #expect(markdown.contains("| `edits/constant` | `constraintsAdded` | 20, 40, 80 | 0 | "), "\(markdown)")
        #expect(markdown.contains("- `edits/constant`: "))
        #expect(markdown.contains("`cellUpdates`"))
        #expect(markdown.contains("Exit code 2"))
        // The slowed run itself passed (its expectations are warnings), and says it was slowed.
        let report = try ReportReader.read(output + "/latest/report.json").report
        #expect(report.status == .passed)
        #expect(report.options.injectChurn == 2)
        #expect(report.warnings.first?.hasPrefix("Churn injected (--inject-churn 2)") == true)
        #expect(report.warnings.contains { $0.contains("edits/constant") && $0.contains("not a failure under --inject-churn") })
        // The slowed report (with options.injectChurn and html among the formats) is valid against the schema.
        if let python = EndToEndTests.python {
            let validation = try JSONSchemaCheck.validate([output + "/latest/report.json"], python: python)
            #expect(validation.status == 0, "schema errors: \(validation.output)\(validation.errors)")
        }
        // The run's HTML report has the baseline section; the comparison page is written.
        #expect(try text(output + "/latest/report.html").contains("id=\"baseline\""))
        #expect(try text(output + "/latest/comparison.html").contains("id=\"metrics\""))
        // Scenarios without display frames are not slowed: no activation/* regression.
        // The regressions' own folded section: noise and inconclusive rows have theirs (an
        // activation/* time that moved, as under Address Sanitizer, is listed there).
        let regressions = markdown.components(separatedBy: "All regressions").last?.components(separatedBy: "</details>").first ?? ""
        #expect(regressions.contains("`edits/churn`") && !regressions.contains("`activation/"), "\(regressions)")
        // The baseline is untouched, and a slowed run cannot become one.
        #expect(try Data(contentsOf: URL(fileURLWithPath: runs.baselines + "/quick-demo.json")) == baseline)
        let refused = try execute(["baseline", "save", "slowed", "--report", output + "/latest/report.json", "--baselines", runs.baselines])
        #expect(refused.status == 65)
        #expect(refused.errors.contains("--inject-churn 2"))
    }

    @Test("Pass (0), improvement (0 with a note; 4 with --fail-on-improvement), failed expectations (1)")
    func verdictCodes() throws {
        let runs = try fixture()
        let summary = runs.folder.appendingPathComponent("pass/check.md").path
        let pass = try execute(["check", "--baseline", "quick-demo", "--baselines", runs.baselines, "--report", runs.report, "--summary", summary])
        #expect(pass.status == 0, "\(pass.output)\(pass.errors)")
        #expect(pass.output.contains("check: pass (exit 0)"))
        #expect(try text(summary).hasPrefix("## layoutbench check: ✅ pass"))

        // A report whose cell updates fell at one size (as after a solver improvement): a pass
        // that says so, or exit 4 when asked.
        var better = try ReportReader.read(runs.report).report
        better.scenarios[0].sizes[0].counters["cellUpdates"]! -= 10
        let improved = try GateFixture.write(try better.jsonText(), "improved/report.json", in: runs.folder)
        let noted = try execute(["check", "--baseline", runs.report, "--report", improved, "--summary", summary])
        #expect(noted.status == 0, "\(noted.output)\(noted.errors)")
        #expect(noted.output.contains("check: pass (exit 0): 1 metric improved beyond the thresholds"), "\(noted.output)")
        #expect(try text(summary).hasPrefix("## layoutbench check: ✅ pass, with improvements"))
        let improvement = try execute(["check", "--baseline", runs.report, "--report", improved, "--fail-on-improvement"])
        #expect(improvement.status == 4, "\(improvement.output)\(improvement.errors)")
        #expect(improvement.output.contains("improvement beyond the thresholds (exit 4)"))

        let failed = try execute(["check", "--baseline", runs.failedReport, "--report", runs.failedReport])
        #expect(failed.status == 1, "\(failed.output)\(failed.errors)")
    }

    @Test("A missing baseline exits 5 and names the baselines there are")
    func missingBaseline() throws {
        let runs = try fixture()
        let check = try execute(["check", "--baseline", "quick-dem", "--baselines", runs.baselines, "--report", runs.report])
        #expect(check.status == 5)
        #expect(check.errors.contains("No baseline 'quick-dem'") && check.errors.contains("Did you mean 'quick-demo'?"))
    }

    @Test("Bad input exits 65 with file:line:column, before anything runs or is written")
    func badInput() throws {
        let runs = try fixture()
        let folder = runs.folder.appendingPathComponent("bad-input")
        let thresholds = try GateFixture.write("{\n  \"defaults\": {},\n    \"metricz\": {}\n}\n", "thresholds.json", in: folder)
        let output = folder.appendingPathComponent("reports").path
        let check = try execute([
            "check", "--baseline", "quick-demo", "--baselines", runs.baselines, "--thresholds", thresholds, "--output", output, "--progress", "none",
        ])
        #expect(check.status == 65)
        #expect(check.errors.contains("error: \(thresholds):3:5: unknown key \"metricz\""), "\(check.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))

        let report = try text(runs.report)
        let truncated = try GateFixture.write(String(report.prefix(2000)), "truncated.json", in: folder)
        let lines = String(report.prefix(2000)).split(separator: "\n", omittingEmptySubsequences: false).count
        for arguments in [
            ["check", "--baseline", "quick-demo", "--baselines", runs.baselines, "--report", truncated],
            ["compare", runs.report, truncated],
            ["baseline", "save", "x", "--report", truncated, "--baselines", runs.baselines],
        ] {
            let execution = try execute(arguments)
            #expect(execution.status == 65, "\(arguments): \(execution.errors)")
            #expect(
                execution.errors.contains("error: \(truncated):\(lines):") || execution.errors.contains("error: \(truncated):\(lines - 1):"),
                "\(execution.errors)")
            #expect(execution.errors.contains("malformed JSON: unexpected end of the file"))
        }
        #expect(!FileManager.default.fileExists(atPath: runs.baselines + "/x.json"))

        let future = try GateFixture.write(
            report.replacingOccurrences(of: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 2,"), "future.json", in: folder)
        let compare = try execute(["compare", runs.report, future])
        #expect(compare.status == 65)
        #expect(compare.errors.contains("error: \(future):3:20: report schema version 2 is not supported"), "\(compare.errors)")

        // A report file that does not exist is bad input; only a baseline name that does not exist is 5.
        let missing = folder.appendingPathComponent("no-such-report.json").path
        let missingHead = try execute(["compare", runs.report, missing])
        #expect(missingHead.status == 65, "\(missingHead.errors)")
        #expect(missingHead.errors.contains("no such report"), "\(missingHead.errors)")
        let missingName = try execute(["compare", "no-such-baseline", runs.report, "--baselines", runs.baselines])
        #expect(missingName.status == 5, "\(missingName.errors)")
    }

    @Test(
        "Usage errors exit 64",
        arguments: [
            (["check"], "Missing expected argument '--baseline <name>'"),
            (["check", "--baseline", "x", "--report", "r.json", "--inject-churn", "2"], "cannot be combined"),
            (["baseline", "save", "a b"], "Invalid baseline name 'a b'"),
            // One `.json` is dropped; what is left must not end in one (`check --baseline main.json` means `main`).
            (["baseline", "save", "main.json.json"], "Invalid baseline name 'main.json'"),
            (["compare", "only-one.json"], "Missing expected argument '<head>'"),
            (["run", "--inject-churn=-1", "--quick"], "--inject-churn must be 0 or more"),
        ])
    func usage(arguments: [String], message: String) throws {
        let execution = try execute(arguments)
        #expect(execution.status == 64, "\(arguments): \(execution.errors)")
        #expect(execution.errors.contains(message), "\(arguments): \(execution.errors)")
    }

    @Test("compare prints text, Markdown, JSON and HTML")
    func compareFormats() throws {
        let runs = try fixture()
        let table = try execute(["compare", "quick-demo", runs.report, "--baselines", runs.baselines])
        #expect(table.status == 0)
        #expect(table.output.contains("scenario") && table.output.contains("verdict") && table.output.contains("edits/constant"))
        let markdown = try execute(["compare", runs.report, runs.report, "--format", "markdown"])
        #expect(markdown.output.hasPrefix("## layoutbench compare"))
        let json = try execute(["compare", runs.report, runs.report, "--format", "json"])
        #expect(try JSONDocument.parse(json.output)["counts"]?["regression"]?.integerValue == 0)
        let page = runs.folder.appendingPathComponent("compare.html").path
        let html = try execute(["compare", runs.report, runs.report, "--format", "html", "--output", page])
        #expect(html.status == 0)
        #expect(try text(page).contains("id=\"metrics\""))
    }

    @Test("report builds the history site; baseline list shows the baselines; --help documents the exit codes")
    func reportListHelp() throws {
        let runs = try fixture()
        let site = runs.folder.appendingPathComponent("site").path
        let report = try execute(["report", runs.folder.appendingPathComponent("normal").path, "--output", site])
        #expect(report.status == 0, "\(report.errors)")
        #expect(FileManager.default.fileExists(atPath: site + "/index.html"))
        #expect(FileManager.default.fileExists(atPath: site + "/trends.html"))
        let missing = try execute(["report", runs.folder.appendingPathComponent("nothing").path, "--output", site])
        #expect(missing.status == 65)

        let list = try execute(["baseline", "list", "--baselines", runs.baselines])
        #expect(list.status == 0)
        #expect(list.output.contains("quick-demo") && list.output.contains("quick activation/*,edits/*"))

        let help = try execute(["check", "--help"])
        for code in ["0 ", "1 ", "2 ", "4 ", "5 ", "64", "65", "73"] {
            #expect(help.output.contains("  \(code)"), "exit code \(code) missing from check --help")
        }
    }

    /// `scripts/ci-gate --update` saves the run it made, never an older
    /// `Reports/latest/report.json` (it used to, with `--format html` or `--output`, and exit 0).
    /// The script runs from a copy in a scratch repository, with the built binary.
    @Test("ci-gate --update saves its own run, whatever --format says; --output is refused")
    func ciGateUpdateSavesItsOwnRun() throws {
        let runs = try fixture()
        let root = runs.folder.appendingPathComponent("ci-gate-repo")
        let scripts = root.appendingPathComponent("scripts")
        let files = FileManager.default
        try files.createDirectory(at: scripts.appendingPathComponent("lib"), withIntermediateDirectories: true)
        for script in ["ci-gate", "lib/common.sh"] {
            try files.copyItem(
                at: Fixture.repositoryRoot.appendingPathComponent("scripts/\(script)"),
                to: scripts.appendingPathComponent(script))
        }
        // A stale report of another selection where the old script read its baseline from.
        let latest = root.appendingPathComponent("Reports/latest")
        try files.createDirectory(at: latest, withIntermediateDirectories: true)
        try files.copyItem(atPath: runs.report, toPath: latest.appendingPathComponent("report.json").path)
        let staleBytes = try Data(contentsOf: latest.appendingPathComponent("report.json"))

        let gate = scripts.appendingPathComponent("ci-gate")
        // The instruction baseline is made under valgrind: not with a sanitized binary, nor
        // where valgrind is missing (InstructionGateEndToEndTests covers it).
        let countsInstructions = InstructionGateEndToEndTests.unavailable == nil && InstructionRun.valgrindPath() != nil
        let environment = [
            "LAYOUTBENCH_BINARY": EndToEndTests.binary.path, "CI": "true", "LAYOUTBENCH_GATE_INSTRUCTIONS": countsInstructions ? "1" : "0",
        ]
        // Under Address Sanitizer allocations cannot be counted (EndToEndTests.execute adds the same).
        let sanitized = EndToEndTests.environment["LAYOUTBENCH_SANITIZER"] != nil ? ["--no-allocations"] : []
        let update = try EndToEndTests.run(
            gate, ["--update", "--format", "html", "activation/batch", "--repetitions", "3"] + sanitized, environment: environment)
        #expect(update.status == 0, "\(update.errors)")
        let saved = try ReportReader.read(root.appendingPathComponent("Reports/baselines/ci-quick.json").path).report
        #expect(saved.scenarios.map(\.name) == ["activation/batch"])
        if countsInstructions {
            let instructions = try ReportReader.read(root.appendingPathComponent("Reports/baselines/ci-instructions.json").path).report
            #expect(instructions.scenarios.map(\.name) == ["activation/batch"])
            #expect(instructions.options.instructions == true)
            #expect(instructions.scenarios[0].sizes.allSatisfy { ($0.instructions ?? 0) > 0 })
        }
        #expect(try Data(contentsOf: latest.appendingPathComponent("report.json")) == staleBytes)

        let refused = try EndToEndTests.run(
            gate, ["--update", "--output", runs.folder.appendingPathComponent("elsewhere").path, "activation/batch"],
            environment: environment)
        #expect(refused.status == 64)
        #expect(refused.errors.contains("takes no --output"))
    }
}

/// Removes the folder of ``GateEndToEndTests/runs`` after the suite.
struct GateRunsCleanUp: SuiteTrait, TestScoping {
    /// The fixture's folder, once made.
    static let madeFolder = Mutex<URL?>(nil)

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await function()
        if let folder = Self.madeFolder.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
    }
}
