/// Summary statistics of a sample of measurements, such as the times of repeated runs.
///
/// Percentiles use linear interpolation between order statistics: for a sorted sample
/// `x[0] <= ... <= x[n-1]` and a fraction `p` in `[0, 1]`, let `h = (n - 1) * p`; the
/// percentile is `x[⌊h⌋] + (h - ⌊h⌋) * (x[⌊h⌋ + 1] - x[⌊h⌋])`. This is definition 7 of
/// Hyndman & Fan (1996), the default of NumPy, R and Excel's `PERCENTILE.INC`. The median is
/// the 0.5 percentile (the mean of the two middle values for an even count).
public struct SampleStatistics: Hashable, Sendable {
    /// The sample in ascending order.
    public let sorted: [Double]

    /// Summarizes `samples`, or returns `nil` when it is empty.
    ///
    /// - Parameter samples: The measurements, in any order.
    /// - Precondition: No sample is NaN.
    /// - Complexity: O(*n* log *n*) to sort; every statistic after that is O(1) but ``mad``,
    ///   which is O(*n* log *n*).
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        precondition(!samples.contains(where: \.isNaN), "SampleStatistics: a sample is NaN")
        sorted = samples.sorted()
    }

    /// Summarizes integer samples (nanoseconds, counts), or returns `nil` when empty.
    ///
    /// Prefer this to `samples.map(Double.init)`: on `[UInt64]` that spelling can pick
    /// `Double(bitPattern:)` and reinterpret the bits.
    public init?<Integer: BinaryInteger>(integers samples: [Integer]) {
        self.init(samples.map { Double($0) })
    }

    /// The number of samples.
    public var count: Int { sorted.count }
    /// The smallest sample.
    public var min: Double { sorted[0] }
    /// The largest sample.
    public var max: Double { sorted[sorted.count - 1] }
    /// The middle value (see the type's discussion for even counts).
    public var median: Double { percentile(0.5) }
    /// The 90th percentile, interpolated as the type's discussion says.
    public var p90: Double { percentile(0.9) }

    /// The arithmetic mean.
    public var mean: Double {
        sorted.reduce(0, +) / Double(sorted.count)
    }

    /// The sample standard deviation (divisor `n - 1`); 0 for a single sample.
    public var standardDeviation: Double {
        guard sorted.count > 1 else { return 0 }
        let mean = self.mean
        let sumOfSquares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (sumOfSquares / Double(sorted.count - 1)).squareRoot()
    }

    /// The median absolute deviation: the median of `|x - median|`, unscaled.
    ///
    /// Multiply by 1.4826 to estimate the standard deviation of normally distributed data.
    public var mad: Double {
        let median = self.median
        return SampleStatistics(sorted.map { abs($0 - median) })!.median
    }

    /// The percentile at `fraction` (0.9 for p90), interpolated as the type's discussion says.
    ///
    /// - Parameter fraction: A number in `[0, 1]`.
    /// - Returns: A value between ``min`` and ``max``.
    /// - Complexity: O(1).
    public func percentile(_ fraction: Double) -> Double {
        precondition((0...1).contains(fraction), "SampleStatistics.percentile: \(fraction) is not in [0, 1]")
        let position = Double(sorted.count - 1) * fraction
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] + weight * (sorted[upper] - sorted[lower])
    }
}
