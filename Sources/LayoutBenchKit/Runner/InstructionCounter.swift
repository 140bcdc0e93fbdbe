import CLayoutBenchSystem
import Foundation

/// Counts the instructions of measured regions with valgrind's callgrind, from inside a
/// process that runs under `valgrind --tool=callgrind --collect-atstart=no
/// --callgrind-out-file=BASE` (``InstructionRun`` starts it so).
///
/// ``measure(_:_:)`` zeroes callgrind's counters, switches collection on for the calling
/// thread, runs the region, switches it off and asks callgrind to dump the counts
/// (`CALLGRIND_DUMP_STATS_AT`, through the C shim in `CLayoutBenchSystem`). Callgrind writes
/// dump number N to `BASE.N` before the request returns; the counter reads that file's
/// `totals:` line. Only the calling thread's instructions between the two requests are
/// counted: nothing before, after or on other threads, and nothing the kernel executes for a
/// system call (docs/performance.md).
public struct InstructionCounter {
    /// The `--callgrind-out-file` the process runs with.
    public let dumpBase: String
    /// Dumps made so far by this process (callgrind numbers them from 1).
    private(set) var dumps: Int

    /// - Parameters:
    ///   - dumpBase: The `--callgrind-out-file` valgrind was given.
    ///   - dumpsSoFar: Dumps this process already requested (0 for a fresh process).
    public init(dumpBase: String, dumpsSoFar: Int = 0) {
        self.dumpBase = dumpBase
        self.dumps = dumpsSoFar
    }

    /// Whether the C shim was compiled with valgrind's `callgrind.h` (else its requests are stubs).
    public static var isCompiledIn: Bool { lb_callgrind_compiled_in() != 0 }

    /// Whether this process runs under valgrind.
    public static var isRunningUnderValgrind: Bool { lb_running_on_valgrind() > 0 }

    /// Runs `body` with callgrind collecting, and returns the instructions it executed.
    ///
    /// - Parameters:
    ///   - label: Written into the dump (`desc: Trigger: Client Request: label`) and checked
    ///     when it is read back.
    ///   - body: The measured region.
    /// - Returns: Callgrind's `Ir` total of the region.
    /// - Throws: ``LayoutBenchError`` `instruction-counting-unavailable` when the dump file
    ///   is missing or unreadable (the process does not run under callgrind as described).
    public mutating func measure(_ label: String, _ body: () -> Void) throws(LayoutBenchError) -> UInt64 {
        label.withCString { cLabel in
            lb_callgrind_begin()
            body()
            lb_callgrind_end(cLabel)
        }
        dumps += 1
        let path = "\(dumpBase).\(dumps)"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LayoutBenchError(
                .instructionCountingUnavailable,
                "callgrind wrote no dump '\(path)' for \(label): the process must run under valgrind --tool=callgrind "
                    + "--collect-atstart=no --callgrind-out-file=\(dumpBase) (layoutbench run --instructions starts it so).")
        }
        let dump = Self.parseDump(String(decoding: data, as: UTF8.self))
        guard let instructions = dump.instructions else {
            throw LayoutBenchError(.instructionCountingUnavailable, "callgrind's dump '\(path)' has no totals line (events: Ir).")
        }
        guard dump.trigger == nil || dump.trigger == label else {
            throw LayoutBenchError(
                .instructionCountingUnavailable,
                "callgrind's dump '\(path)' is for '\(dump.trigger ?? "")', not \(label): another dump request interleaved.")
        }
        try? FileManager.default.removeItem(atPath: path)
        return instructions
    }

    /// What a callgrind dump file says about its totals.
    public struct Dump: Equatable, Sendable {
        /// The label of the client request that triggered it (`desc: Trigger: Client Request: X`).
        public var trigger: String?
        /// The `Ir` (instructions) total: the `totals:` line, else `summary:`.
        public var instructions: UInt64?
    }

    /// Reads the header lines of a callgrind dump (format version 1): the trigger and the
    /// first event's total. Needs `events:` to start with `Ir` (callgrind's default).
    public static func parseDump(_ text: String) -> Dump {
        var dump = Dump()
        var summary: UInt64?
        var firstEventIsIr = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger: Client Request: ") {
                dump.trigger = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            } else if line.hasPrefix("events:") {
                firstEventIsIr = line.dropFirst("events:".count).split(separator: " ").first == "Ir"
            } else if line.hasPrefix("totals:") {
                dump.instructions = line.dropFirst("totals:".count).split(separator: " ").first.flatMap { UInt64($0) }
            } else if line.hasPrefix("summary:") {
                summary = line.dropFirst("summary:".count).split(separator: " ").first.flatMap { UInt64($0) }
            }
        }
        if dump.instructions == nil { dump.instructions = summary }
        if !firstEventIsIr { dump.instructions = nil }
        return dump
    }
}
