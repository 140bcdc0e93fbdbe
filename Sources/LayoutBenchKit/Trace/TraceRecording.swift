import Cassowary
import LayoutEngine
import LayoutScenarios

/// `layoutbench record-trace`: a scenario's solver operations as traces that
/// `layoutbench solver-bench --trace` replays.
public enum TraceRecording {
    /// What one recorded repetition produced.
    public struct Recording: Sendable {
        /// One trace per engine made during `prepare` and `run()`, in creation order
        /// (`docs/solver-trace.md`). Each holds the engine's whole history, `prepare` included,
        /// so it replays on a new solver.
        public var traces: [String]
        /// The counters of `run()` alone.
        public var counters: SolverCounters
        /// The expectations that failed in this repetition.
        public var failures: [ExpectationFailure]
    }

    /// Prepares and runs `scenario` at `size` once, recording every engine's solver.
    public static func record(_ scenario: Scenario, size: Int) -> Recording {
        let ((counters, failures), recorders) = LayoutEngine.recordingTraces {
            let instance = scenario.prepare(size: size)
            let before = instance.counters
            instance.run()
            let counters = instance.counters - before
            return (counters, scenario.check(instance, counters: counters, size: size))
        }
        return Recording(traces: recorders.map(\.text), counters: counters, failures: failures)
    }

    /// The files for `count` traces: `output` itself for one; otherwise `.engine1`,
    /// `.engine2`, ... before the extension (`run.jsonl` → `run.engine1.jsonl`).
    public static func paths(for output: String, count: Int) -> [String] {
        guard count > 1 else { return [output] }
        let slash = output.lastIndex(of: "/")
        let nameStart = slash.map { output.index(after: $0) } ?? output.startIndex
        let dot = output[nameStart...].lastIndex(of: ".").flatMap { $0 == nameStart ? nil : $0 }
        let stem = dot.map { String(output[..<$0]) } ?? output
        let suffix = dot.map { String(output[$0...]) } ?? ""
        return (1...count).map { "\(stem).engine\($0)\(suffix)" }
    }

    /// Writes the traces, creating the folder if needed.
    ///
    /// - Returns: The files written.
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public static func write(_ recording: Recording, to output: String) throws(LayoutBenchError) -> [String] {
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: output))
        let paths = paths(for: output, count: recording.traces.count)
        for (path, trace) in zip(paths, recording.traces) {
            try AtomicFile.write(trace, to: path)
        }
        return paths
    }

    /// The default output file: `<family>-<variant>-<size>.jsonl`.
    public static func defaultOutput(_ scenario: Scenario, size: Int) -> String {
        "\(scenario.family)-\(String(scenario.variant.map { $0 == "/" ? "-" : $0 }))-\(size).jsonl"
    }
}
