import Cassowary
import LayoutBenchMetrics
import LayoutEngine
import LayoutProfiler
import LayoutScenarios

/// What recording events costs: one scenario timed with no sink, inside the profiler's
/// hook with no sink (recording off), with a sink that ignores every event, and with the
/// full profiler, the four modes interleaved repetition by repetition
/// (`layoutbench profile SCENARIO --overhead N`; `docs/profile.md`, "Overhead").
public enum ProfileOverhead {
    /// How a repetition records.
    public enum Mode: String, CaseIterable, Sendable {
        /// No sink anywhere: the engine's events are never built.
        case none = "no sink"
        /// Run inside `LayoutEngine.observingEvents` with no sink handed out: recording off,
        /// the hook in place.
        case off = "recording off"
        /// A sink that ignores every event: the engine builds each event and the operation stack.
        case ignoringSink = "ignoring sink"
        /// The full profiler, recording (the report is made after the timing).
        case profiler = "profiler"
    }

    /// One mode's times.
    public struct ModeResult: Sendable {
        public var mode: Mode
        /// Thread CPU time of each timed run, in nanoseconds.
        public var cpuNanoseconds: [Double]
        /// Wall time of each timed run, in nanoseconds.
        public var wallNanoseconds: [Double]
        /// The run's counters (the same in every repetition and mode, or ``Result/counterMismatches`` says).
        public var counters: SolverCounters
        /// `median(this mode's CPU time) / median(no sink's)`, with a 95% bootstrap interval.
        public var ratioToNone: MedianRatioInterval
    }

    public struct Result: Sendable {
        public var scenario: String
        public var size: Int
        public var repetitions: Int
        public var modes: [ModeResult]
        /// Modes whose counters differed from the run without a sink (empty when recording
        /// changed no counter).
        public var counterMismatches: [String]
    }

    final class IgnoringSink: LayoutEventSink {
        func record(_ event: LayoutEvent) {}
    }

    /// Times the scenario's run in every mode, `repetitions` times each, interleaved
    /// (the mode order rotates each repetition), after one untimed warm-up per mode.
    ///
    /// - Returns: Times and counters per mode.
    public static func measure(_ scenario: Scenario, size: Int, repetitions: Int) -> Result {
        let modes = Mode.allCases
        var cpu = [[Double]](repeating: [], count: modes.count)
        var wall = [[Double]](repeating: [], count: modes.count)
        var counters = [SolverCounters?](repeating: nil, count: modes.count)
        var mismatches: [String] = []
        for repetition in -1..<repetitions {
            for offset in modes.indices {
                let index = (offset + max(repetition, 0)) % modes.count
                let (elapsed, runCounters) = timedRun(scenario, size: size, mode: modes[index])
                if let known = counters[index], known != runCounters {
                    mismatches.append("\(modes[index].rawValue) (repetition \(repetition + 1))")
                }
                counters[index] = runCounters
                guard repetition >= 0 else { continue }
                cpu[index].append(Double(elapsed.threadCPUNanoseconds))
                wall[index].append(Double(elapsed.wallNanoseconds))
            }
        }
        for index in modes.indices.dropFirst() where counters[index] != counters[0] {
            mismatches.append(modes[index].rawValue)
        }
        let results = modes.indices.map { index in
            ModeResult(
                mode: modes[index], cpuNanoseconds: cpu[index], wallNanoseconds: wall[index], counters: counters[index]!,
                ratioToNone: MedianRatioInterval(cpu[index], cpu[0]))
        }
        return Result(scenario: scenario.name, size: size, repetitions: repetitions, modes: results, counterMismatches: mismatches)
    }

    static func timedRun(_ scenario: Scenario, size: Int, mode: Mode) -> (Timing.Snapshot, SolverCounters) {
        let instance = scenario.prepare(size: size)
        let before = instance.counters
        let start: Timing.Snapshot
        let end: Timing.Snapshot
        switch mode {
        case .none:
            start = .now()
            instance.run()
            end = .now()
        case .off:
            start = .now()
            LayoutEngine.observingEvents(sinkFor: { _ in nil }, { instance.run() })
            end = .now()
        case .ignoringSink:
            let sink = IgnoringSink()
            for engine in instance.engines { engine.eventSink = sink }
            start = .now()
            LayoutEngine.observingEvents(with: sink) { instance.run() }
            end = .now()
            for engine in instance.engines { engine.eventSink = nil }
        case .profiler:
            let profiler = LayoutProfiler()
            for engine in instance.engines { profiler.attach(to: engine) }
            start = .now()
            profiler.observing { instance.run() }
            end = .now()
            profiler.detach()
        }
        return (end - start, instance.counters - before)
    }

    /// A table of medians, spread and ratios.
    public static func text(_ result: Result) -> String {
        var lines = [
            "Recording overhead: \(result.scenario) at size \(result.size), \(result.repetitions) interleaved repetitions per mode (thread CPU time of run()).",
            "",
            "  mode             median ms      min ms      max ms   MAD ms   CPU vs no sink (95% CI)   wall median ms",
        ]
        for mode in result.modes {
            guard let cpu = SampleStatistics(mode.cpuNanoseconds), let wall = SampleStatistics(mode.wallNanoseconds) else { continue }
            let ratio = mode.ratioToNone
            let interval = "\(fixed(ratio.estimate, 3)) [\(fixed(ratio.lower, 3)), \(fixed(ratio.upper, 3))]"
            lines.append(
                "  " + TextTable.pad(mode.mode.rawValue, 15) + TextTable.pad(fixed(cpu.median / 1e6, 3), 11, .right)
                    + TextTable.pad(fixed(cpu.min / 1e6, 3), 12, .right) + TextTable.pad(fixed(cpu.max / 1e6, 3), 12, .right)
                    + TextTable.pad(fixed(cpu.mad / 1e6, 3), 9, .right) + "   " + TextTable.pad(interval, 24)
                    + TextTable.pad(fixed(wall.median / 1e6, 3), 17, .right))
        }
        lines.append("")
        lines.append(
            result.counterMismatches.isEmpty
                ? "Counters: identical in every mode and repetition (\(result.modes.first.map { "\($0.counters.solves) solves, \($0.counters.rowOperations) row operations" } ?? ""))."
                : "Counters DIFFER: " + result.counterMismatches.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(abs(scaled) % Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        return (scaled < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
    }
}
