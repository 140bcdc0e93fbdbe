/// The two-sided Mann–Whitney U test (Wilcoxon rank-sum test) of whether two samples come
/// from the same distribution, with the normal approximation.
///
/// Used to ask whether two runs' timing samples differ by more than noise. The statistic
/// ``u`` is the U of the *first* sample: the number of pairs `(x, y)`, `x` from the first
/// sample and `y` from the second, with `x > y`, plus half the pairs with `x == y`. Under the
/// null hypothesis U has mean `n₁n₂/2` and, with the tie correction, variance
/// `n₁n₂/12 · ((n + 1) - Σ(t³ - t) / (n(n - 1)))`, where `t` runs over the sizes of the
/// groups of tied values and `n = n₁ + n₂`. The p-value is `2·P(Z > (|U - n₁n₂/2| - 0.5) / σ)`,
/// with the 0.5 continuity correction, capped at 1. This matches SciPy's
/// `scipy.stats.mannwhitneyu(x, y, alternative="two-sided", method="asymptotic")`.
///
/// The normal approximation is good from about 8 samples a side; with fewer, read the
/// p-value as a rough guide.
public struct MannWhitney: Hashable, Sendable {
    /// The U statistic of the first sample.
    public let u: Double
    /// The standardized statistic with the continuity correction (0 when every value ties).
    public let z: Double
    /// The two-sided p-value.
    public let pValue: Double

    /// Tests `first` against `second`.
    ///
    /// - Parameters:
    ///   - first: A sample; not empty, no NaN.
    ///   - second: Another sample; not empty, no NaN.
    /// - Complexity: O(*n* log *n*) for *n* samples in all.
    public init(_ first: [Double], _ second: [Double]) {
        precondition(!first.isEmpty && !second.isEmpty, "MannWhitney: both samples must be non-empty")
        precondition(
            !first.contains(where: \.isNaN) && !second.contains(where: \.isNaN),
            "MannWhitney: a sample is NaN"
        )
        let n1 = Double(first.count)
        let n2 = Double(second.count)
        let n = n1 + n2

        // Rank the pooled sample, giving tied values the mean of their ranks.
        let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var firstRankSum = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let meanRank = Double(start + end) / 2 + 1
            let ties = Double(end - start + 1)
            tieTerm += ties * ties * ties - ties
            for index in start...end where pooled[index].1 {
                firstRankSum += meanRank
            }
            start = end + 1
        }

        u = firstRankSum - n1 * (n1 + 1) / 2
        let mean = n1 * n2 / 2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        if variance <= 0 {
            z = 0
            pValue = 1
        } else {
            z = (abs(u - mean) - 0.5) / variance.squareRoot()
            pValue = min(1, 2 * _SpecialFunctions.normalUpperTail(z))
        }
    }
}
