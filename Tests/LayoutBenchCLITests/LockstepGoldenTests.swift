import Foundation
import Testing
import _LayoutTestSupport

/// The first line `layoutbench solver-bench --trace F --lockstep` prints (the `ready` line),
/// byte for byte, on a small committed trace: `scripts/compare-kiwi` and other external tools
/// read it, so the JSON reader and writer under it must not change a character of it. The
/// trace has fractional, tiny and repeating values, a label with quotes, a batch and a
/// refused required constraint, so number and string spelling, failed lines and failure
/// codes are all on the line.
///
/// After an intended change to the line, regenerate `Golden/Lockstep/ready.jsonl` with
/// `LAYOUTBENCH_UPDATE_GOLDEN=1 swift test --filter LockstepGoldenTests` and review the diff.
@Suite("solver-bench --lockstep golden line")
struct LockstepGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/Lockstep")

    @Test("The ready line of a committed trace equals its golden file")
    func readyLine() throws {
        // Standard input is empty: the tool stops after the ready line.
        let execution = try TestProcess.layoutbench([
            "solver-bench", "--trace", Self.folder.appendingPathComponent("trace.jsonl").path, "--lockstep",
            "--no-allocations", "--warmup", "1",
        ])
        #expect(execution.status == 0, "\(execution.errors)")
        let text = execution.output
        let golden = Self.folder.appendingPathComponent("ready.jsonl")
        let expected = try GoldenFile.read(golden, writing: text, when: "LAYOUTBENCH_UPDATE_GOLDEN")
        #expect(text.split(separator: "\n").count == 1 && text.hasSuffix("\n"))
        #expect(text == expected, "the lockstep ready line changed; see LockstepGoldenTests to regenerate Golden/Lockstep/ready.jsonl.")
    }
}
