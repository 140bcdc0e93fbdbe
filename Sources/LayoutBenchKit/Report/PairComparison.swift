import LayoutBenchMetrics

/// An anti-pattern and its fix compared: per metric, `anti-pattern / fix` at each size
/// both ran.
public struct PairComparison: Codable, Sendable {
    /// The family.
    public var family: String
    /// The anti-pattern's name.
    public var antiPattern: String
    /// The fix's name.
    public var fix: String
    /// What the size counts.
    public var sizeUnit: String
    /// Ratios at each size both sides ran, ascending.
    public var sizes: [SizeRatios]
    /// The largest size both sides ran, or `null` when they share none.
    public var largestCommonSize: Int?
    /// The ratios at ``largestCommonSize``, or `null`.
    public var atLargestCommonSize: OrderedMap<Double?>?

    public init(
        family: String, antiPattern: String, fix: String, sizeUnit: String, sizes: [SizeRatios],
        largestCommonSize: Int?, atLargestCommonSize: OrderedMap<Double?>?
    ) {
        self.family = family
        self.antiPattern = antiPattern
        self.fix = fix
        self.sizeUnit = sizeUnit
        self.sizes = sizes
        self.largestCommonSize = largestCommonSize
        self.atLargestCommonSize = atLargestCommonSize
    }

    /// The ratios at one size.
    public struct SizeRatios: Codable, Sendable {
        /// The size.
        public var size: Int
        /// Per ``Metric``: anti-pattern / fix, or `null` when the fix's value is 0 or a side
        /// did not measure it.
        public var ratios: OrderedMap<Double?>
        /// A 95% bootstrap interval for the wall-time ratio of medians, or `null` (a median is 0).
        public var wallTimeRatioInterval: RatioInterval?

        public init(size: Int, ratios: OrderedMap<Double?>, wallTimeRatioInterval: RatioInterval?) {
            self.size = size
            self.ratios = ratios
            self.wallTimeRatioInterval = wallTimeRatioInterval
        }
    }

    /// A confidence interval for a ratio of medians (``MedianRatioInterval``).
    public struct RatioInterval: Codable, Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var confidence: Double
        public var resamples: Int

        public init(lower: Double, upper: Double, confidence: Double, resamples: Int) {
            self.lower = lower
            self.upper = upper
            self.confidence = confidence
            self.resamples = resamples
        }
    }

    /// `numerator / denominator`, or `nil` when either is missing or the denominator is 0.
    public static func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator != 0 else { return nil }
        let ratio = numerator / denominator
        return ratio.isFinite ? ratio : nil
    }

    /// Compares every pair whose two sides are both in `results`, in the order the
    /// anti-patterns appear.
    public static func compare(_ results: [ScenarioResult]) -> [PairComparison] {
        var comparisons: [PairComparison] = []
        for anti in results {
            guard let pair = anti.pair, pair.role == "anti-pattern",
                let fix = results.first(where: { $0.name == pair.partner })
            else { continue }
            comparisons.append(compare(antiPattern: anti, fix: fix))
        }
        return comparisons
    }

    /// Compares an anti-pattern's results with its fix's.
    public static func compare(antiPattern anti: ScenarioResult, fix: ScenarioResult) -> PairComparison {
        var sizes: [SizeRatios] = []
        for antiSize in anti.sizes.sorted(by: { $0.size < $1.size }) {
            guard let fixSize = fix.sizes.first(where: { $0.size == antiSize.size }) else { continue }
            var ratios = OrderedMap<Double?>()
            for metric in Metric.allCases {
                ratios[metric.rawValue] = .some(ratio(antiSize.value(of: metric), fixSize.value(of: metric)))
            }
            var interval: RatioInterval?
            let numerator = antiSize.time.wallNanoseconds.samples.map { Double($0) }
            let denominator = fixSize.time.wallNanoseconds.samples.map { Double($0) }
            if !numerator.isEmpty, !denominator.isEmpty {
                let bootstrap = MedianRatioInterval(numerator, denominator)
                if bootstrap.lower.isFinite && bootstrap.upper.isFinite {
                    interval = RatioInterval(
                        lower: bootstrap.lower, upper: bootstrap.upper, confidence: bootstrap.confidence,
                        resamples: bootstrap.resamples)
                }
            }
            sizes.append(SizeRatios(size: antiSize.size, ratios: ratios, wallTimeRatioInterval: interval))
        }
        return PairComparison(
            family: anti.family, antiPattern: anti.name, fix: fix.name, sizeUnit: anti.sizeUnit, sizes: sizes,
            largestCommonSize: sizes.last?.size, atLargestCommonSize: sizes.last?.ratios)
    }
}
