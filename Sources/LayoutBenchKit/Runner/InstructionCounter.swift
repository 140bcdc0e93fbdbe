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

    /// What one measured region executed.
    public struct Count: Equatable, Sendable {
        /// Callgrind's `Ir` total of the region.
        public var instructions: UInt64
        /// Of those, the solver's: ``Dump/solverInstructions``.
        public var solverInstructions: UInt64?
        /// The runtime exclusivity checks the region made: ``Dump/exclusivityChecks``.
        public var exclusivityChecks: UInt64?
    }

    /// Runs `body` with callgrind collecting, and returns the instructions it executed.
    ///
    /// - Parameters:
    ///   - label: Written into the dump (`desc: Trigger: Client Request: label`) and checked
    ///     when it is read back.
    ///   - body: The measured region.
    /// - Returns: Callgrind's `Ir` total of the region, and the solver's part of it.
    /// - Throws: ``LayoutBenchError`` `instruction-counting-unavailable` when the dump file
    ///   is missing or unreadable (the process does not run under callgrind as described).
    public mutating func measure(_ label: String, _ body: () -> Void) throws(LayoutBenchError) -> Count {
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
        return Count(
            instructions: instructions, solverInstructions: dump.solverInstructions, exclusivityChecks: dump.exclusivityChecks)
    }

    /// What a callgrind dump file says about its totals.
    public struct Dump: Equatable, Sendable {
        /// The label of the client request that triggered it (`desc: Trigger: Client Request: X`).
        public var trigger: String?
        /// The `Ir` (instructions) total: the `totals:` line, else `summary:`.
        public var instructions: UInt64?
        /// The instructions executed inside the solver: the inclusive cost of every call from
        /// a function of another Swift module (the engine, a scenario) into a `Cassowary`
        /// function, with the runtime and library code the solver calls (allocation,
        /// reference counting, BigInt), less the inclusive cost of the solver's calls back into
        /// `LayoutEngine` (`forEachChangedVariable`'s closure). A call into the solver from
        /// inside such a callback counts again, so every solver instruction counts once; calls
        /// into the solver from the standard library or the runtime (a closure the solver
        /// passed to `sort`, a solver object's `deinit` run by `swift_release`) do not count
        /// again, since they happen inside a call already counted, or on a client's behalf.
        /// `nil` when the dump records no calls.
        public var solverInstructions: UInt64?
        /// The calls to `swift_beginAccess`: Swift's runtime exclusivity checks, one per access
        /// to a class's stored property, a global or a captured variable that the optimizer
        /// could not prove free of overlapping accesses. Layout code should make none per view,
        /// constraint or pass (docs/performance.md). `nil` when the dump records no calls.
        public var exclusivityChecks: UInt64?
    }

    /// The runtime function behind every dynamic exclusivity check.
    static let exclusivityCheckSymbol = "swift_beginAccess"

    /// The mangled-name prefix of the solver's functions (module `Cassowary`).
    static let solverSymbolPrefix = "$s9Cassowary"
    /// The mangled-name prefix of the solver's own library (BigInt, for its exact arbiter),
    /// whose code counts as the solver's.
    static let solverLibrarySymbolPrefix = "$s6BigInt"
    /// The mangled-name prefix of the engine's functions (module `LayoutEngine`), the only
    /// code the solver calls back.
    static let engineSymbolPrefix = "$s12LayoutEngine"

    /// Whether `name` is the mangled name of a client's function: a Swift module's (`$s`, then
    /// the module name's length) other than the solver's and its library's; not the standard
    /// library's (`$ss`, `$sS`) nor C code (the runtime, the C library).
    static func isClientFunction(_ name: Substring) -> Bool {
        guard name.hasPrefix("$s"), let first = name.dropFirst(2).first, first.isASCII, first.isNumber else { return false }
        return !name.hasPrefix(solverSymbolPrefix) && !name.hasPrefix(solverLibrarySymbolPrefix)
    }

    /// Reads a callgrind dump (format version 1): the trigger, the first event's total and,
    /// from the call records, the solver's part. Needs `events:` to start with `Ir`
    /// (callgrind's default).
    ///
    /// A call record is `cfn=` (the callee), `calls=COUNT TARGET` and a cost line
    /// `POSITION IR ...` holding the call's inclusive cost; it belongs to the function of the
    /// last `fn=`. Function names may be compressed: `(ID) name` the first time, `(ID)` after.
    public static func parseDump(_ text: String) -> Dump {
        var dump = Dump()
        var summary: UInt64?
        var firstEventIsIr = false
        var names: [Substring: Substring] = [:]
        var caller: Substring = ""
        var callee: Substring = ""
        var expectsCallCost = false
        var sawCall = false
        var intoSolver: UInt64 = 0
        var callbacks: UInt64 = 0
        var exclusivityChecks: UInt64 = 0

        /// `(ID) name`, `(ID)` or `name`, resolved through the compression table.
        func name(_ spec: Substring) -> Substring {
            guard spec.first == "(", let close = spec.firstIndex(of: ")") else { return spec }
            let id = spec[...close]
            let rest = spec[spec.index(after: close)...].drop { $0 == " " }
            if !rest.isEmpty { names[id] = rest }
            return names[id] ?? spec
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if expectsCallCost {
                expectsCallCost = false
                let fields = line.split(separator: " ", maxSplits: 2)
                if fields.count >= 2, let cost = UInt64(fields[1]) {
                    if callee.hasPrefix(solverSymbolPrefix) && isClientFunction(caller) { intoSolver += cost }
                    if caller.hasPrefix(solverSymbolPrefix) && callee.hasPrefix(engineSymbolPrefix) { callbacks += cost }
                }
            } else if line.hasPrefix("fn=") {
                caller = name(line.dropFirst(3))
                callee = caller
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                expectsCallCost = true
                sawCall = true
                if callee == exclusivityCheckSymbol {
                    exclusivityChecks += UInt64(line.dropFirst("calls=".count).prefix { $0 != " " }) ?? 0
                }
            } else if line.hasPrefix("desc: Trigger: Client Request: ") {
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
        if !firstEventIsIr {
            dump.instructions = nil
        } else if sawCall {
            dump.solverInstructions = intoSolver > callbacks ? intoSolver - callbacks : 0
            dump.exclusivityChecks = exclusivityChecks
        }
        return dump
    }
}
