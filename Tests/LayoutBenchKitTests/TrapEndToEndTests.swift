import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// Issue 16's hostile commands through the built binary: each used to trap (exit 132 with a
/// backtrace) or run away; each now exits with its documented code and a clear message,
/// before anything runs or is written.
@Suite("Traps end to end", .serialized)
final class TrapEndToEndTests: TemporaryFolderSuite {
    typealias Execution = EndToEndTests.Execution

    func execute(_ arguments: [String], environment: [String: String] = [:]) throws -> Execution {
        try EndToEndTests.execute(arguments, environment: environment)
    }

    @Test("record-trace activation/batch --size 3 exits 64 naming the size rule, and writes nothing")
    func recordTraceSizeRule() throws {
        let output = folder.appendingPathComponent("batch.jsonl").path
        let execution = try execute(["record-trace", "activation/batch", "--size", "3", "--output", output])
        #expect(execution.status == 64, "stderr: \(execution.errors)")
        #expect(execution.errors.contains("a positive multiple of 4"), "\(execution.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(
        "Numbers that trapped or ran away exit 64 before the run",
        arguments: [
            (["stacks/*", "--sizes", "9223372036854775807"], "a power of 3"),
            (["stacks/*", "--sizes", "12157665459056928801"], "Invalid size"),
            (["activation/batch", "--counting-repetitions", "9223372036854775807"], "--counting-repetitions must be between 1 and 100"),
            (["activation/batch", "--repetitions", "9223372036854775807"], "at most 10000"),
            (["activation/batch", "--warmup", "9223372036854775807"], "--warmup must be between 0 and 1000"),
            (["hierarchies/cross-linked", "--sizes", "100000"], "LAYOUTBENCH_MAX_SIZE=100000"),
        ])
    func runNumbers(arguments: [String], message: String) throws {
        let execution = try execute(["run", "--progress", "none", "--output", folder.path] + arguments)
        #expect(execution.status == 64, "stderr: \(execution.errors)")
        #expect(execution.errors.contains(message), "\(execution.errors)")
        #expect(!execution.errors.contains("Fatal error"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(
        "An empty path is an argument error (64), never the root folder",
        arguments: [
            ["run", "edits/constant", "--quick", "--output", ""],
            ["check", "--baseline", "main", "--baselines", ""],
            ["baseline", "list", "--baselines", ""],
            ["profile", "edits/constant", "--output", ""],
            ["record-trace", "edits/constant", "--output", ""],
            ["compare", "a.json", "b.json", "--output", ""],
            ["report", "a.json", "--output", ""],
        ])
    func emptyPaths(arguments: [String]) throws {
        let execution = try execute(arguments)
        #expect(execution.status == 64, "stderr: \(execution.errors)")
        #expect(execution.errors.contains("is empty; give a path"), "\(execution.errors)")
    }

    @Test("profile --overhead above the limit of timed repetitions exits 64 before measuring")
    func profileOverheadLimit() throws {
        let execution = try execute(["profile", "edits/constant", "--overhead", "1000000000"])
        #expect(execution.status == 64, "stderr: \(execution.errors)")
        #expect(execution.errors.contains("--overhead must be at most 10000"), "\(execution.errors)")
    }

    @Test("check with a baseline storing a size above 3^39 exits 65 naming the baseline file, not a flag")
    func baselineStoredSize() throws {
        let baseline = try LimitsTests.baseline(in: folder) {
            $0.filters = ["stacks/*"]
            $0.sizes = [9_223_372_036_854_775_807]
        }
        let output = folder.appendingPathComponent("out").path
        let execution = try execute(["check", "--baseline", baseline, "--output", output, "--progress", "none"])
        #expect(execution.status == 65, "stderr: \(execution.errors)")
        #expect(execution.errors.contains(baseline) && execution.errors.contains("options.sizes"), "\(execution.errors)")
        #expect(!execution.errors.contains("--sizes must"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("solver-bench --trace with a term's variable index of 1e19 exits 65 with the file, line and column")
    func traceVariableIndex() throws {
        let trace = try GateFixture.write(
            """
            {"trace":"layoutbench.solver","version":1}
            {"op":"variable","id":0,"name":"x"}
            {"op":"add","id":0,"terms":[[1e19,1]],"constant":0,"relation":"==","priority":1000}

            """, "bad.jsonl", in: folder)
        let execution = try execute(["solver-bench", "--trace", trace, "--no-allocations", "--repetitions", "1", "--warmup", "0"])
        #expect(execution.status == 65, "stderr: \(execution.errors)")
        #expect(execution.errors.contains("\(trace):3:"), "\(execution.errors)")
    }

    @Test("solver-bench refuses a size above the workload's limit and repetitions above 10000 with 64")
    func solverBenchLimits() throws {
        let huge = try execute(["solver-bench", "--workload", "chain-eq", "--size", "9223372036854775807", "--no-allocations"])
        #expect(huge.status == 64, "stderr: \(huge.errors)")
        #expect(huge.errors.contains("LAYOUTBENCH_MAX_SIZE"), "\(huge.errors)")
        let repetitions = try execute(["solver-bench", "--workload", "chain-eq", "--repetitions", "9223372036854775807"])
        #expect(repetitions.status == 64, "stderr: \(repetitions.errors)")
        #expect(repetitions.errors.contains("between 1 and 10000"), "\(repetitions.errors)")
    }

    @Test("solver-bench reads a CRLF trace, and a binary trace exits 65 with the file, line and column (it was 66)")
    func traceEncodings() throws {
        let lines = [
            #"{"trace":"layoutbench.solver","version":1}"#, #"{"op":"variable","id":0,"name":"x"}"#,
            #"{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000}"#,
        ]
        let crlf = try GateFixture.write(lines.joined(separator: "\r\n") + "\r\n", "crlf.jsonl", in: folder)
        let read = try execute(["solver-bench", "--trace", crlf, "--no-allocations", "--repetitions", "1", "--warmup", "0"])
        #expect(read.status == 0, "stderr: \(read.errors)")
        let binary = folder.appendingPathComponent("binary.jsonl")
        try Data(Array((lines[0] + "\n").utf8) + [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0xFF, 0x00]).write(to: binary)
        let refused = try execute(["solver-bench", "--trace", binary.path, "--no-allocations"])
        #expect(refused.status == 65, "stderr: \(refused.errors)")
        #expect(refused.errors.contains("\(binary.path):2:7: byte 0xFF is not UTF-8 text"), "\(refused.errors)")
    }
}
