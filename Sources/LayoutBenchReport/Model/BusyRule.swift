/// When a measurement's times were taken on a busy machine (`docs/measurement.md`): its
/// median wall time is more than ``wallToCPUThreshold`` times its median CPU time (the
/// thread waited for a core), or the 1-minute load average at its start or end exceeds the
/// machine's logical cores (more runnable work than cores).
///
/// 1.25: on an idle machine a measured `run()` is CPU-bound and single-threaded, so its wall
/// time is its CPU time plus clock reads and page faults, a few percent at most; the issue
/// that asked for this (issue 15) saw 40 of 92 measurements of a full run between 1.3× and
/// 4.1× under load. 1.25 sits below what load produced and well above what an idle machine
/// gives.
public enum BusyRule {
    /// Median wall time over median CPU time above which a measurement is busy.
    public static let wallToCPUThreshold = 1.25

    /// Median wall time over median CPU time, or `nil` when either is 0 (nothing timed).
    public static func wallToCPURatio(_ time: TimeResult) -> Double? {
        PairComparison.ratio(time.wallNanoseconds.median, time.cpuNanoseconds.median)
    }

    /// Whether a measurement with these readings was busy.
    ///
    /// - Parameters:
    ///   - wallToCPURatio: Median wall over median CPU time, or `nil`.
    ///   - loadAverages: The load averages read at the start and end (missing readings left out).
    ///   - logicalCores: The machine's logical cores.
    public static func isBusy(wallToCPURatio: Double?, loadAverages: [Double], logicalCores: Int) -> Bool {
        if let wallToCPURatio, wallToCPURatio > wallToCPUThreshold { return true }
        return loadAverages.contains { $0 > Double(logicalCores) }
    }

    /// `0.42 → 2.61`: the load averages read at a measurement's start and end (one of them when
    /// the other was not read), or `nil` when neither was (older reports, instruction runs).
    public static func loadAverageText(_ time: TimeResult) -> String? {
        switch (time.loadAverageAtStart, time.loadAverageAtEnd) {
        case (let start?, let end?): "\(MetricFormat.fixed(start)) → \(MetricFormat.fixed(end))"
        case (let start?, nil): "\(MetricFormat.fixed(start)) at the start"
        case (nil, let end?): "\(MetricFormat.fixed(end)) at the end"
        case (nil, nil): nil
        }
    }

    /// `1.31×`: a measurement's recorded wall/CPU ratio, or `nil` when it has none.
    public static func ratioText(_ time: TimeResult) -> String? {
        time.wallToCPURatio.map { MetricFormat.fixed($0) + "×" }
    }

    /// What a report says about its busy measurements: how many, out of how many timed ones,
    /// the one with the largest wall/CPU ratio, and the highest load average.
    public struct Summary: Sendable {
        /// Measurements with load figures (``TimeResult/busy`` present).
        public var measured: Int
        /// Of those, the busy ones.
        public var busy: Int
        /// The measurement with the largest wall/CPU ratio: scenario, size, ratio.
        public var worst: (scenario: String, size: Int, ratio: Double)?
        /// The highest load average read, or `nil` when none was.
        public var highestLoadAverage: Double?
    }

    /// The busy measurements of `report`; `nil` when none of its measurements carries load
    /// figures (older reports, instruction runs).
    public static func summary(_ report: Report) -> Summary? {
        var summary = Summary(measured: 0, busy: 0, worst: nil)
        for scenario in report.scenarios {
            for size in scenario.sizes {
                guard let busy = size.time.busy else { continue }
                summary.measured += 1
                if busy { summary.busy += 1 }
                if let ratio = size.time.wallToCPURatio, ratio > summary.worst?.ratio ?? -.infinity {
                    summary.worst = (scenario.name, size.size, ratio)
                }
                for load in [size.time.loadAverageAtStart, size.time.loadAverageAtEnd].compactMap({ $0 })
                where load > summary.highestLoadAverage ?? -.infinity {
                    summary.highestLoadAverage = load
                }
            }
        }
        return summary.measured == 0 ? nil : summary
    }

    /// One sentence for the run summary and the check's Markdown: how many measurements were
    /// busy, the worst, and what that means for wall-time verdicts; `nil` when none was busy
    /// or the report has no load figures.
    ///
    /// - Parameter code: Formats a scenario name (backticks in Markdown).
    public static func warning(_ report: Report, code: (String) -> String = { $0 }) -> String? {
        guard let summary = summary(report), summary.busy > 0 else { return nil }
        var text =
            "Busy machine: \(summary.busy) of \(summary.measured) measurements had wall time over "
            + "\(MetricFormat.fixed(wallToCPUThreshold))× CPU time or a load average over the \(report.environment.machine.logicalCores) "
            + "logical cores"
        var details: [String] = []
        if let worst = summary.worst {
            details.append("largest wall/CPU \(MetricFormat.fixed(worst.ratio))×: \(code(worst.scenario)) at size \(worst.size)")
        }
        if let load = summary.highestLoadAverage { details.append("load average up to \(MetricFormat.fixed(load))") }
        if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
        return text + ". Wall-time figures and verdicts from this run are weak evidence; CPU time is less affected, "
            + "and instruction counts and counters are not affected at all."
    }
}
