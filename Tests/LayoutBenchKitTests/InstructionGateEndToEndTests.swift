import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// The instruction gate through `scripts/ci-gate` and the built binary under valgrind
/// (docs/ci.md): baselines made by `ci-gate --update` on part of the quick suite; then
/// `ci-gate --inject-work 50` exits 2 through instructions alone, and a run with both cores
/// loaded by two `yes` processes counts exactly the baseline's instructions and passes.
/// (`--inject-work 10` makes a release build's quick suite 1.51 times the instructions; this
/// debug build's `stacks/nested` needs 50 for about 1.5: 10 made it 1.11 times.)
///
/// Needs valgrind; skipped without it unless `LAYOUTBENCH_REQUIRE_VALGRIND=1` (`scripts/test`
/// sets it and installs valgrind), and skipped under Address Sanitizer (valgrind cannot run a
/// sanitized binary).
@Suite("Instruction gate end to end", .serialized)
final class InstructionGateEndToEndTests: TemporaryFolderSuite {
    /// A scenario whose solves do much of its work, at two small sizes (under `--inject-work 10`
    /// the quick suite's instructions rise 1.51× in all, `stacks/nested` 1.16× to 1.49× in a
    /// release build), without allocation counts: a debug build's counting repetitions can
    /// disagree (`cells/stack-content` did), and allocations are the other gate's business.
    static let scenario = "stacks/nested"
    static let selection = [scenario, "--sizes", "3,9", "--no-allocations"]

    /// Why the suite cannot run here, or `nil`.
    static let unavailable: String? = {
        if EndToEndTests.underAddressSanitizer { return "valgrind cannot run a binary built with Address Sanitizer" }
        if InstructionRun.valgrindPath() == nil {
            return EndToEndTests.environment["LAYOUTBENCH_REQUIRE_VALGRIND"] == "1" ? nil : "valgrind is not installed"
        }
        return nil
    }()

    /// A scratch repository with `scripts/ci-gate`, its library and the committed thresholds.
    static func scratchRepository() throws -> URL {
        let root = try Fixture.temporaryFolder("instruction-gate")
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("scripts/lib"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("Reports"), withIntermediateDirectories: true)
        for file in ["scripts/ci-gate", "scripts/lib/common.sh", "Reports/thresholds.json"] {
            try files.copyItem(at: Fixture.repositoryRoot.appendingPathComponent(file), to: root.appendingPathComponent(file))
        }
        return root
    }

    /// Instructions per scenario and size in a report.
    static func instructions(_ path: String) throws -> [String: UInt64] {
        let report = try ReportReader.read(path).report
        var counts: [String: UInt64] = [:]
        for scenario in report.scenarios {
            for size in scenario.sizes { counts["\(scenario.name)@\(size.size)"] = size.instructions }
        }
        return counts
    }

    @Test(
        "ci-gate: --inject-work 50 (1.5× the instructions here) exits 2 through instructions; a run on a loaded machine counts the same instructions and passes",
        .enabled(if: unavailable == nil, "\(unavailable ?? "")"), .timeLimit(.minutes(10)))
    func gate() throws {
        try #require(InstructionRun.valgrindPath() != nil, "LAYOUTBENCH_REQUIRE_VALGRIND=1 but valgrind is not on PATH")
        let root = try Self.scratchRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = root.appendingPathComponent("scripts/ci-gate")
        let environment = ["LAYOUTBENCH_BINARY": EndToEndTests.binary.path, "CI": "true"]
        // Without the debug build's invariant checker after every solver mutation
        // (`scripts/test` turns it on): its instructions would drown the injected work.
        let unset = ["LAYOUTBENCH_SOLVER_CHECKS"]
        let clock = ContinuousClock()

        var start = clock.now
        let update = try EndToEndTests.run(gate, ["--update"] + Self.selection, environment: environment, unsetting: unset)
        try #require(update.status == 0, "\(update.output)\(update.errors)")
        let baselinePath = root.appendingPathComponent("Reports/baselines/ci-instructions.json").path
        let baseline = try Self.instructions(baselinePath)
        #expect(baseline.count == 2 && baseline.values.allSatisfy { $0 > 10_000 }, "\(baseline)")
        print("ci-gate --update (both baselines): \(clock.now - start)")

        // The slowed variant: counters and allocations unchanged (the first check passes),
        // instructions up beyond 3%: exit 2.
        start = clock.now
        let slowed = try EndToEndTests.run(gate, ["--inject-work", "50"] + Self.selection, environment: environment, unsetting: unset)
        print("ci-gate --inject-work 50: \(clock.now - start)")
        #expect(slowed.status == 2, "\(slowed.output)\(slowed.errors)")
        #expect(slowed.errors.contains("an instruction or exclusivity-check count regressed"), "\(slowed.errors)")
        #expect(!slowed.errors.contains("a counter or allocation count regressed"), "\(slowed.errors)")
        let quickSummary = try String(contentsOf: root.appendingPathComponent("Reports/latest/check.md"), encoding: .utf8)
        #expect(quickSummary.hasPrefix("## layoutbench check: ✅ pass"), "\(quickSummary)")
        let summary = try String(contentsOf: root.appendingPathComponent("Reports/instructions/latest/check.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## layoutbench check: ❌ regression"), "\(summary)")
        #expect(summary.contains("--inject-work 50"))
        #expect(summary.contains("| `\(Self.scenario)` | `instructions` at "), "\(summary)")
        let slowedCounts = try Self.instructions(root.appendingPathComponent("Reports/instructions/latest/report.json").path)
        let ratio = Double(slowedCounts.values.reduce(0, +)) / Double(baseline.values.reduce(0, +))
        print("instructions under --inject-work 50: \(ratio)× the baseline's")
        #expect(ratio > 1.4, "a slowdown of about 1.5 times, as --inject-work 10 makes the release quick suite's")

        // Both cores loaded by two busy processes: the same instructions, exit 0.
        // The test runner's children inherit SIGTERM ignored, so `terminate()` would not stop
        // them (and an inherited standard error would keep `swift test` waiting): SIGKILL, and
        // no descriptor of ours.
        let load = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        func stopLoad() {
            for process in load where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        defer { stopLoad() }
        start = clock.now
        let loaded = try EndToEndTests.run(gate, Self.selection, environment: environment, unsetting: unset)
        print("ci-gate with both cores loaded: \(clock.now - start)")
        stopLoad()
        #expect(loaded.status == 0, "\(loaded.output)\(loaded.errors)")
        let loadedSummary = try String(contentsOf: root.appendingPathComponent("Reports/instructions/latest/check.md"), encoding: .utf8)
        #expect(loadedSummary.hasPrefix("## layoutbench check: ✅ pass"), "\(loadedSummary)")
        #expect(loadedSummary.contains("**Result:** 0 regressions, 0 improvements"), "\(loadedSummary)")
        let loadedCounts = try Self.instructions(root.appendingPathComponent("Reports/instructions/latest/report.json").path)
        #expect(loadedCounts == baseline)
    }

    @Test(
        "run --instructions --layouts: the imported scenarios counted under callgrind, as a native run names and counts them",
        .enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func layouts() throws {
        try GateFixture.write(InstructionTests.twoViews, "documents/two.xib", in: folder)
        // Relative to this process's folder: the child under callgrind runs in a folder of its own.
        let documents = InstructionTests.relativePath(folder.appendingPathComponent("documents").path)
        let common = ["two.xib/view-b/*", "--quick", "--layouts", documents, "--no-history", "--progress", "none", "--format", "json"]
        let counted = try EndToEndTests.execute(["run", "--instructions", "--output", folder.appendingPathComponent("counted").path] + common)
        try #require(counted.status == 0, "\(counted.errors)")
        let native = try EndToEndTests.execute(
            ["run", "--no-allocations", "--repetitions", "2", "--output", folder.appendingPathComponent("native").path] + common)
        try #require(native.status == 0, "\(native.errors)")
        let report = try ReportReader.read(folder.appendingPathComponent("counted/latest/report.json").path).report
        let nativeReport = try ReportReader.read(folder.appendingPathComponent("native/latest/report.json").path).report
        #expect(report.options.instructions == true && report.options.layouts == [documents])
        #expect(report.scenarios.map(\.name) == ["two.xib/view-b/first-layout"])
        #expect(report.scenarios.map(\.name) == nativeReport.scenarios.map(\.name))
        #expect(report.scenarios.map(\.summary) == nativeReport.scenarios.map(\.summary))
        let sizes = try #require(report.scenarios.first?.sizes)
        #expect(sizes.map(\.size) == [1, 2, 4])
        #expect(sizes.allSatisfy { ($0.instructions ?? 0) > 10_000 }, "\(sizes.map(\.instructions))")
        // The solver's part is there, and a part.
        #expect(
            sizes.allSatisfy { size in size.solverInstructions.map { $0 > 0 && $0 < size.instructions ?? 0 } ?? false },
            "\(sizes.map(\.solverInstructions))")
        // The same work as the native run: the same solver counters at every size.
        #expect(sizes.map(\.counters) == nativeReport.scenarios.first?.sizes.map(\.counters))
        #expect(report.status == .passed)
    }

    @Test(
        "run --instructions twice: the same instructions and exclusivity checks at every size; without valgrind's header or valgrind the error says so",
        .enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func repeatable() throws {
        var counts: [[String: UInt64]] = []
        var checks: [[UInt64?]] = []
        for index in 0..<2 {
            let output = folder.appendingPathComponent("run\(index)").path
            let run = try EndToEndTests.execute([
                "run", "--instructions", "edits/constant", "--sizes", "20", "--output", output, "--no-history", "--progress", "none",
            ])
            try #require(run.status == 0, "\(run.errors)")
            counts.append(try Self.instructions(output + "/latest/report.json"))
            let report = try ReportReader.read(output + "/latest/report.json").report
            #expect(report.options.instructions == true)
            #expect(report.warnings.contains { $0.contains("callgrind (--instructions)") })
            checks.append(report.scenarios.first?.sizes.map(\.exclusivityChecks) ?? [])
        }
        #expect(counts[0].count == 1 && counts[0] == counts[1])
        // Counted from the same dumps, as repeatable. (That they do not grow with the size is a
        // property of the release build, whose whole-module optimizer drops the checks; the
        // gate's baseline holds it: a test build keeps them.)
        #expect(checks[0].count == 1 && checks[0].allSatisfy { $0 != nil } && checks[0] == checks[1], "\(checks)")
        // The child refuses to run outside valgrind.
        let child = try EndToEndTests.execute([InstructionRun.childCommand, "/nonexistent/request.json", "/nonexistent/outcome.json"])
        #expect(child.status == 69)
        #expect(child.errors.contains("runs only under valgrind"))
        // --instructions with no valgrind on PATH: exit 69 before anything is written.
        let missing = try EndToEndTests.execute(
            ["run", "--instructions", "edits/constant", "--output", folder.appendingPathComponent("none").path],
            environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 69)
        #expect(missing.errors.contains("valgrind, which is not on PATH"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none/latest").path))
    }
}
