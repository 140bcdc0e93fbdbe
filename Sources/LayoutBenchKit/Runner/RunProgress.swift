import LayoutBenchMetrics
import LayoutScenarios

/// A kind of repetition.
public enum RepetitionKind: String, Sendable {
    case warmup = "warm-up"
    case timed
    case counting
}

/// Receives the runner's progress. Called between measured intervals, never inside one.
public protocol RunProgress: AnyObject {
    /// The run starts: `measurements` (scenario, size) pairs over `scenarios` scenarios.
    func runStarted(scenarios: Int, measurements: Int)
    /// A measurement starts; `index` counts from 1.
    func measurementStarted(_ scenario: Scenario, size: Int, index: Int)
    /// A repetition starts; `number` counts from 1 within its kind.
    func repetitionStarted(_ kind: RepetitionKind, number: Int)
    /// A measurement finished.
    func measurementFinished(_ scenario: Scenario, _ result: SizeResult)
    /// The run finished.
    func runFinished()
}

/// Shows progress on a terminal or as plain lines.
///
/// - ``Style/terminal``: one status line, rewritten in place (scenario, size, repetition,
///   elapsed), and a line per finished measurement above it.
/// - ``Style/lines``: a line per finished measurement, nothing else: for logs and pipes.
/// - ``Style/silent``: nothing.
public final class ProgressDisplay: RunProgress {
    public enum Style: Sendable {
        case terminal, lines, silent
    }

    private let style: Style
    private let write: (String) -> Void
    private var total = 0
    private var startNanoseconds: UInt64 = 0
    private var current: (name: String, size: Int, unit: String, index: Int)?
    private var lastDraw: UInt64 = 0
    private var statusShown = false

    /// - Parameters:
    ///   - style: How to show progress.
    ///   - write: Writes text as is (unbuffered), such as to standard error.
    public init(style: Style, write: @escaping (String) -> Void) {
        self.style = style
        self.write = write
    }

    public func runStarted(scenarios: Int, measurements: Int) {
        total = measurements
        startNanoseconds = Timing.monotonicNanoseconds()
        if style != .silent {
            write("Running \(scenarios) scenario\(scenarios == 1 ? "" : "s") at \(measurements) size\(measurements == 1 ? "" : "s")\n")
        }
    }

    public func measurementStarted(_ scenario: Scenario, size: Int, index: Int) {
        current = (scenario.name, size, scenario.sizeUnit, index)
        draw(status: "preparing", force: true)
    }

    public func repetitionStarted(_ kind: RepetitionKind, number: Int) {
        draw(status: "\(kind.rawValue) \(number)", force: false)
    }

    public func measurementFinished(_ scenario: Scenario, _ result: SizeResult) {
        guard style != .silent else { return }
        clearStatus()
        write(Self.line(scenario, result, index: current?.index ?? 0, total: total) + "\n")
    }

    public func runFinished() {
        clearStatus()
        if style != .silent {
            write("Finished in \(Self.clock(elapsed))\n")
        }
    }

    private var elapsed: Double { Double(Timing.monotonicNanoseconds() &- startNanoseconds) / 1e9 }

    private func draw(status: String, force: Bool) {
        guard style == .terminal, let current else { return }
        let now = Timing.monotonicNanoseconds()
        guard force || now &- lastDraw > 100_000_000 else { return }  // at most 10 redraws a second
        lastDraw = now
        write("\r\u{1B}[2K[\(current.index)/\(total)] \(current.name)  \(current.size) \(current.unit)  \(status)  \(Self.clock(elapsed))")
        statusShown = true
    }

    private func clearStatus() {
        guard statusShown else { return }
        write("\r\u{1B}[2K")
        statusShown = false
    }

    /// `[3/12] activation/batch 1600 constraints: 7 timed, median 1.25 ms, 1 solves, 12.4 k allocations ok`
    static func line(_ scenario: Scenario, _ result: SizeResult, index: Int, total: Int) -> String {
        var text = "[\(index)/\(total)] \(scenario.name) \(result.size) \(scenario.sizeUnit): "
        text += "\(result.repetitions.timed) timed, median \(duration(result.time.wallNanoseconds.median))"
        text += ", \(result.counters["solves"] ?? 0) solves"
        if let allocations = result.allocations { text += ", \(count(Double(allocations.count))) allocations" }
        text += result.failures.isEmpty ? " ok" : " FAILED (\(result.failures.count))"
        return text
    }

    /// `0:42` or `1:05:09`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, (total / 60) % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    /// A duration in nanoseconds with a readable unit: `812 ns`, `1.25 ms`, `3.40 s`.
    public static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1e3 { return "\(Int(nanoseconds.rounded())) ns" }
        if nanoseconds < 1e6 { return MetricFormat.fixed(nanoseconds / 1e3) + " µs" }
        if nanoseconds < 1e9 { return MetricFormat.fixed(nanoseconds / 1e6) + " ms" }
        return MetricFormat.fixed(nanoseconds / 1e9) + " s"
    }

    /// A count with a readable unit: `812`, `12.4 k`, `3.10 M`.
    public static func count(_ value: Double) -> String {
        if value < 1e4 { return "\(Int(value.rounded()))" }
        if value < 1e6 { return MetricFormat.fixed(value / 1e3) + " k" }
        return MetricFormat.fixed(value / 1e6) + " M"
    }
}
