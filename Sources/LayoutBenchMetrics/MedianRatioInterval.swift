/// A bootstrap confidence interval for the ratio of two samples' medians, such as
/// `median(new run's times) / median(baseline's times)`.
///
/// The percentile bootstrap (Efron & Tibshirani, *An Introduction to the Bootstrap*, 1993,
/// ch. 13): draw ``resamples`` pairs of resamples, each the size of its sample and drawn with
/// replacement, using ``SplitMix64`` seeded with ``seed``; the interval's ends are the
/// `(1 - confidence) / 2` and `(1 + confidence) / 2` percentiles (as ``SampleStatistics``
/// defines them) of the resampled ratios. The same inputs and seed give the same interval.
/// A ratio whose denominator median is 0 is infinite (or NaN for 0/0; such resamples are
/// dropped).
public struct MedianRatioInterval: Hashable, Sendable {
    /// `median(first) / median(second)` of the samples themselves.
    public let estimate: Double
    /// The lower end of the interval.
    public let lower: Double
    /// The upper end of the interval.
    public let upper: Double
    /// The confidence level, such as 0.95.
    public let confidence: Double
    /// How many resample pairs were drawn.
    public let resamples: Int
    /// The generator's seed.
    public let seed: UInt64

    /// Whether the interval contains `ratio` (1 asks "could the medians be equal?").
    public func contains(_ ratio: Double) -> Bool {
        lower <= ratio && ratio <= upper
    }

    /// Computes the interval for `median(first) / median(second)`.
    ///
    /// - Parameters:
    ///   - first: The numerator's sample; not empty, no NaN.
    ///   - second: The denominator's sample; not empty, no NaN.
    ///   - confidence: The confidence level, in (0, 1).
    ///   - resamples: The number of bootstrap resample pairs, at least 1.
    ///   - seed: The random generator's seed.
    /// - Complexity: O(*B*·*n* log *n*) for *B* resamples of samples of size *n*.
    public init(
        _ first: [Double], _ second: [Double], confidence: Double = 0.95, resamples: Int = 2000,
        seed: UInt64 = 0x1A70_0BE2_C4
    ) {
        precondition(confidence > 0 && confidence < 1, "MedianRatioInterval: confidence \(confidence) is not in (0, 1)")
        precondition(resamples >= 1, "MedianRatioInterval: resamples must be at least 1")
        guard let firstStatistics = SampleStatistics(first), let secondStatistics = SampleStatistics(second) else {
            preconditionFailure("MedianRatioInterval: both samples must be non-empty")
        }
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
        estimate = firstStatistics.median / secondStatistics.median

        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var scratch: [Double] = []
        scratch.reserveCapacity(Swift.max(first.count, second.count))
        for _ in 0..<resamples {
            let numerator = Self.resampledMedian(first, into: &scratch, using: &generator)
            let denominator = Self.resampledMedian(second, into: &scratch, using: &generator)
            let ratio = numerator / denominator
            if !ratio.isNaN { ratios.append(ratio) }
        }
        guard let distribution = SampleStatistics(ratios) else {
            lower = .nan
            upper = .nan
            return
        }
        lower = distribution.percentile((1 - confidence) / 2)
        upper = distribution.percentile((1 + confidence) / 2)
    }

    /// The median of one resample of `sample` drawn with replacement.
    private static func resampledMedian(
        _ sample: [Double], into scratch: inout [Double], using generator: inout SplitMix64
    ) -> Double {
        scratch.removeAll(keepingCapacity: true)
        for _ in 0..<sample.count {
            scratch.append(sample[generator.nextIndex(below: sample.count)])
        }
        scratch.sort()
        let middle = scratch.count / 2
        return scratch.count % 2 == 1 ? scratch[middle] : (scratch[middle - 1] + scratch[middle]) / 2
    }
}
