import LayoutBenchMetrics

/// Spreads a run's time budget over its measurements (one per scenario and size) and
/// decides how many timed repetitions each takes (``RunConfiguration`` explains the policy).
public struct TimeBudget: Sendable {
    /// The whole budget, seconds.
    public let totalSeconds: Double
    /// Measurements not finished yet.
    public private(set) var remainingMeasurements: Int
    private let startNanoseconds: UInt64

    /// Starts the budget now.
    public init(totalSeconds: Double, measurements: Int, startNanoseconds: UInt64 = Timing.monotonicNanoseconds()) {
        self.totalSeconds = totalSeconds
        self.remainingMeasurements = measurements
        self.startNanoseconds = startNanoseconds
    }

    /// Seconds spent since the start.
    public func elapsedSeconds(now: UInt64 = Timing.monotonicNanoseconds()) -> Double {
        Double(now &- startNanoseconds) / 1e9
    }

    /// The next measurement's share: the time left divided by the measurements left (0 once
    /// the budget is spent).
    public func allowance(now: UInt64 = Timing.monotonicNanoseconds()) -> Double {
        Swift.max(0, totalSeconds - elapsedSeconds(now: now)) / Double(Swift.max(1, remainingMeasurements))
    }

    /// Marks one measurement finished.
    public mutating func finishMeasurement() {
        remainingMeasurements = Swift.max(0, remainingMeasurements - 1)
    }

    /// Whether to take another timed repetition.
    ///
    /// - Parameters:
    ///   - completed: Timed repetitions taken so far.
    ///   - spentSeconds: Wall time spent on this measurement so far (warm-ups included).
    ///   - lastRepetitionSeconds: Wall time of the last repetition, `prepare` included.
    ///   - countingRepetitions: Repetitions still to come after the timed ones.
    ///   - allowanceSeconds: This measurement's share of the budget.
    ///   - minimum: The fewest timed repetitions.
    ///   - maximum: The most timed repetitions.
    public static func shouldRepeat(
        completed: Int, spentSeconds: Double, lastRepetitionSeconds: Double, countingRepetitions: Int,
        allowanceSeconds: Double, minimum: Int, maximum: Int
    ) -> Bool {
        if completed < minimum { return true }
        if completed >= maximum { return false }
        // In floating point: `1 + countingRepetitions` overflows an Int at Int.max.
        let projected = spentSeconds + lastRepetitionSeconds * (1 + Double(countingRepetitions))
        return projected <= allowanceSeconds
    }
}
