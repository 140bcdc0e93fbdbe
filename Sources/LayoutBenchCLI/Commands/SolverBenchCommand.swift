import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutBenchMetrics
import SolverBenchmark

/// `layoutbench solver-bench`: replays solver traces and times each operation class.
struct SolverBenchCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "solver-bench",
        abstract: "Replay solver traces and report the time per operation class.",
        discussion: """
            Replays generated workloads (--workload, --size) and recorded traces (--trace) through \
            the public Solver API, each repetition on a new solver, and reports per operation class \
            (add, remove, suggest+read, updateConstant, ...) the median time per operation over the \
            repetitions with its spread, the solver counters per operation (checked identical in \
            every repetition) and, from a separate untimed replay, the allocations per operation. \
            With neither --workload nor --trace, every workload runs at its default sizes. \
            docs/performance.md describes the workloads and scripts/compare-kiwi, which uses \
            --write-traces and --lockstep to compare with kiwi.

            \(exitTable.text)
            """)

    /// The exit codes of `solver-bench`.
    static let exitTable = ExitTable([
        .success: "success",
        .failed: "the benchmark failed: counters differed between repetitions, or allocations could not be counted (try --no-allocations)",
        .usage: "invalid arguments",
        .badInput: "a trace file is not a valid solver trace, or is over the size limit",
        .noInput: "a trace file cannot be read",
        .cannotWriteOutput: "--write-traces cannot write its folder",
    ])

    @Option(
        name: .customLong("workload"),
        help: ArgumentHelp(
            "A workload to run (repeatable): \(Workload.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "name"))
    var workloads: [String] = []

    @Option(
        name: .customLong("size"),
        help: ArgumentHelp(
            "A size for the chosen workloads (repeatable); default: each workload's own sizes.", valueName: "n"))
    var sizes: [Int] = []

    @Option(
        name: .customLong("trace"),
        help: ArgumentHelp(
            "A recorded trace file (JSON Lines, docs/solver-trace.md) to replay (repeatable).", valueName: "file"))
    var traceFiles: [String] = []

    @Option(help: "Timed repetitions per trace; the report gives their median.")
    var repetitions = 10

    @Option(help: "Untimed repetitions before the timed ones.")
    var warmup = 2

    @OptionGroup var output: TextOrJSONOption

    @Flag(inversion: .prefixedNo, help: "Count allocations per operation in a separate, untimed replay (needs jemalloc).")
    var allocations = true

    @Option(
        name: .customLong("write-traces"),
        help: ArgumentHelp(
            "Write the chosen workloads' traces and a manifest.json to this folder, then stop.", valueName: "dir"))
    var writeTraces: String?

    @Flag(
        help:
            "For scripts/compare-kiwi: run one trace, print a ready line, then one timed repetition per line read from standard input (an untimed one for a line 'warm'), as JSON lines."
    )
    var lockstep = false

    func validate() throws {
        guard (1...BenchmarkConfiguration.maximumRepetitions).contains(repetitions) else {
            throw ValidationError("--repetitions must be between 1 and \(BenchmarkConfiguration.maximumRepetitions); got \(repetitions).")
        }
        guard (0...BenchmarkConfiguration.maximumWarmup).contains(warmup) else {
            throw ValidationError("--warmup must be between 0 and \(BenchmarkConfiguration.maximumWarmup); got \(warmup).")
        }
        if let size = sizes.first(where: { $0 < 1 }) { throw ValidationError("--size must be positive; got \(size).") }
        for name in workloads where Workload(rawValue: name) == nil {
            throw ValidationError(
                "Unknown workload '\(name)'; the workloads are \(Workload.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if writeTraces != nil && lockstep { throw ValidationError("--write-traces and --lockstep cannot be combined.") }
        if writeTraces != nil && !traceFiles.isEmpty { throw ValidationError("--write-traces writes workloads only; drop --trace.") }
    }

    func execute() throws {
        let chosen = workloads.compactMap(Workload.init(rawValue:))
        let sizeLimit = try maximumSize()
        var traces = try BenchmarkSuite.traces(
            workloads: chosen.isEmpty && traceFiles.isEmpty ? Workload.allCases : chosen, sizes: sizes, maximumSize: sizeLimit)
        if let directory = writeTraces {
            try BenchmarkSuite.write(traces, to: directory)
            if isTerminal { note("wrote \(traces.count) traces and manifest.json to \(directory)") }
            return
        }
        for path in traceFiles { traces.append(try BenchmarkSuite.loadTrace(at: path, maximumVariables: sizeLimit)) }
        if lockstep {
            guard traces.count == 1 else {
                throw ValidationError("--lockstep runs exactly one trace; \(traces.count) were chosen.")
            }
            try runLockstep(traces[0])
            return
        }

        let counter = try allocationCounter()
        let configuration = BenchmarkConfiguration(
            repetitions: repetitions, warmup: warmup, countAllocations: allocations)
        var results: [TraceBenchmarkResult] = []
        for trace in traces {
            if isTerminal { note("replaying \(trace.name): \(warmup) warm-up + \(repetitions) timed repetitions") }
            results.append(
                try TraceReplayer(trace).run(
                    name: trace.name, size: trace.size, configuration: configuration, allocationCounter: counter))
        }
        switch output.format {
        case .text: emit(BenchmarkReport.text(results))
        case .json: emit(BenchmarkReport.json(results, configuration: configuration) + "\n")
        }
    }

    /// `LAYOUTBENCH_MAX_SIZE`, or `nil` when it is not set.
    private func maximumSize() throws(SolverBenchmarkError) -> Int? {
        guard let text = ProcessInfo.processInfo.environment["LAYOUTBENCH_MAX_SIZE"] else { return nil }
        guard let limit = Int(text), limit >= 1 else {
            throw SolverBenchmarkError(.invalidSize, "LAYOUTBENCH_MAX_SIZE must be a positive integer; got '\(text)'.")
        }
        return limit
    }

    private func runLockstep(_ trace: WorkloadTrace) throws {
        let runner = try LockstepRunner(trace: trace, warmup: warmup, allocationCounter: try allocationCounter())
        emit(try runner.readyLine() + "\n")
        while let line = readLine(), line != "quit" {
            switch line {
            case "warm": emit(try runner.warmLine() + "\n")
            case "slowest": emit(runner.slowestLine() + "\n")
            default: emit(try runner.repetitionLine() + "\n")
            }
        }
    }

    private func allocationCounter() throws -> AllocationCounter? {
        guard allocations else { return nil }
        do {
            return try AllocationCounter()
        } catch {
            throw CommandError(
                .failed, "cannot count allocations: \(error.message) Run with --no-allocations to skip them.", cause: error)
        }
    }

    private var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    private func note(_ message: String) {
        CommandLineOutput.writeError(message + "\n")
    }

    /// Writes to standard output at once (unbuffered), so a script reading a pipe sees each line.
    private func emit(_ text: String) {
        CommandLineOutput.writeOutput(text)
    }
}
