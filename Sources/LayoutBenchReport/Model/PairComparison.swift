import LayoutBenchJSON
import LayoutBenchMetrics
import OrderedCollections

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
    public var atLargestCommonSize: OrderedDictionary<String, Double?>?
    /// Where the measured direction contradicts the seed (the anti-pattern took less wall
    /// time than its fix), and why; absent when it does not.
    public var contradiction: Contradiction?
    /// For a pair that reproduces a published benchmark's variants, the ratios measured on
    /// phones beside the model's (``DeviceRatio``); absent for other pairs.
    @OmittedWhenNil public var deviceRatios: [DeviceRatio]?
    /// Set when the pair's roles come from evidence that overrides a seed's claim
    /// (``EvidenceOverSeed/listed``): the report marks the pair "evidence over seed", naming the
    /// claim, the evidence and where it is written up, instead of holding it to that seed.
    /// Omitted for every other pair.
    @OmittedWhenNil public var evidenceOverSeed: EvidenceOverSeed?

    /// A seed's claim that evidence overrides, for a pair whose roles follow the evidence.
    public struct EvidenceOverSeed: Codable, Sendable, Equatable {
        /// The seed and section (`seed-002 section 7`).
        public var seed: String
        /// What the seed says.
        public var claim: String
        /// What the evidence shows instead.
        public var evidence: String
        /// Where the evidence is written up, with its sources (a file and heading anchor).
        public var anchor: String

        public init(seed: String, claim: String, evidence: String, anchor: String) {
            self.seed = seed
            self.claim = claim
            self.evidence = evidence
            self.anchor = anchor
        }

        /// The pairs whose roles follow evidence over a seed, by anti-pattern name. Each is
        /// written up under its anchor; add one only with its evidence there.
        public static let listed: [String: EvidenceOverSeed] = [
            "cells/stack-remove": EvidenceOverSeed(
                seed: "seed-002 section 7",
                claim: "toggling isHidden on an arranged view makes the stack rebuild all its constraints",
                evidence:
                    "UIKit adds the view's 'UISV-hiding' constraint (H:[view(0)]) and re-links the spacing around it, in place; "
                    + "taking the view out of the stack and putting it back is the costly way",
                anchor: "docs/fidelity.md#evidence-over-seed")
        ]
    }

    /// An anti-pattern measured faster than its fix: the opposite of what the seeds say of
    /// every pair (seed 002: the anti-pattern costs more).
    public struct Contradiction: Codable, Sendable, Equatable {
        /// The sizes at which the anti-pattern took less wall time: the upper end of the
        /// 95% interval of the wall-time ratio below 1 (the ratio itself below 1 when
        /// there is no interval), ascending.
        public var sizes: [Int]
        /// The wall-time ratio (anti-pattern ÷ fix) at each of those sizes.
        public var wallTimeRatios: [Double]
        /// Why: what UIKit pays on the anti-pattern side that the model does not (the
        /// scenario's declared model gap), or ``unexplained``.
        public var cause: String

        /// The cause given when the anti-pattern declares no model gap.
        public static let unexplained =
            "The scenario declares no cost that UIKit pays and the model does not: compare the counters with the seed's claim, "
            + "and the wall time with the run's noise."
    }

    /// The contradiction of a pair's sizes, if the anti-pattern was faster at any of them.
    static func contradiction(_ sizes: [SizeRatios], modelGap: String?) -> Contradiction? {
        var faster: [(Int, Double)] = []
        for entry in sizes {
            guard let ratio = entry.ratios[Metric.wallNanoseconds.rawValue] ?? nil else { continue }
            let upper = entry.wallTimeRatioInterval?.upper ?? ratio
            if upper < 1 { faster.append((entry.size, ratio)) }
        }
        guard !faster.isEmpty else { return nil }
        return Contradiction(sizes: faster.map(\.0), wallTimeRatios: faster.map(\.1), cause: modelGap ?? Contradiction.unexplained)
    }

    /// The ratios at one size.
    public struct SizeRatios: Codable, Sendable {
        /// The size.
        public var size: Int
        /// Per ``Metric``: anti-pattern / fix, or `null` when the fix's value is 0 or a side
        /// did not measure it.
        public var ratios: OrderedDictionary<String, Double?>
        /// A 95% bootstrap interval for the wall-time ratio of medians, or `null` (a median is 0).
        public var wallTimeRatioInterval: RatioInterval?
    }

    /// A confidence interval for a ratio of medians (``MedianRatioInterval``).
    public struct RatioInterval: Codable, Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var confidence: Double
        public var resamples: Int
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
            var ratios = OrderedDictionary<String, Double?>()
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
            largestCommonSize: sizes.last?.size, atLargestCommonSize: sizes.last?.ratios,
            contradiction: contradiction(sizes, modelGap: anti.pair?.modelGap),
            deviceRatios: DeviceRatio.ratios(antiPattern: anti.name, fix: fix.name, sizes: sizes),
            evidenceOverSeed: EvidenceOverSeed.listed[anti.name])
    }
}
