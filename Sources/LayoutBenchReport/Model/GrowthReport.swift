import LayoutBenchJSON
import LayoutBenchMetrics
import OrderedCollections

/// How a scenario's metrics grow with size: a ``GrowthFit`` per ``Metric``.
public struct GrowthReport: Codable, Sendable {
    /// The sizes fitted (ascending); each metric's `costs` follow this order.
    public var sizes: [Int]
    /// Why there are no fits (fewer than three sizes), or `null`.
    public var unavailable: String?
    /// One fit per metric that was measured at every size, in ``Metric`` order.
    public var metrics: OrderedDictionary<String, MetricGrowth>

    /// Fits every metric of `results` against size.
    ///
    /// - Times are fitted to every timed sample (several samples per size give the F test
    ///   degrees of freedom; with only the three medians it would need R² > 0.994 to see any
    ///   growth); ``MetricGrowth/costs`` lists the medians.
    /// - Exact metrics (solver counters, allocations) have no noise, so the F test against
    ///   O(1), which guards against noise, is skipped: the best-fitting growth model is chosen
    ///   whenever the fitted cost grows by 5% or more across the sizes.
    /// - Peak memory is fitted as a noisy measurement, one point per size.
    ///
    /// A metric is fitted only when every size measured it.
    public static func fit(_ results: [SizeResult]) -> GrowthReport {
        let sorted = results.sorted { $0.size < $1.size }
        let sizes = sorted.map(\.size)
        guard Set(sizes).count >= 3 else {
            return GrowthReport(
                sizes: sizes,
                unavailable: "Growth needs at least 3 distinct sizes; this run measured \(Set(sizes).count).",
                metrics: [:])
        }
        var metrics = OrderedDictionary<String, MetricGrowth>()
        for metric in Metric.allCases {
            let costs = sorted.compactMap { $0.value(of: metric) }
            guard costs.count == sorted.count else { continue }
            var points: [GrowthFit.Point] = []
            for result in sorted {
                for cost in result.fitSamples(of: metric) {
                    points.append(GrowthFit.Point(size: Double(result.size), cost: cost))
                }
            }
            let options = metric.isExact ? GrowthFit.Options.exact : GrowthFit.Options()
            guard let fit = try? GrowthFit(points, options: options) else { continue }
            let growth = MetricGrowth(fit, costs: costs)
            guard growth.isFinite else { continue }
            metrics[metric.rawValue] = growth
        }
        return GrowthReport(sizes: sizes, unavailable: nil, metrics: metrics)
    }
}

extension SizeResult {
    /// The values a growth fit uses for `metric` at this size: every timed sample for
    /// times, the value otherwise.
    func fitSamples(of metric: Metric) -> [Double] {
        switch metric {
        case .wallNanoseconds: time.wallNanoseconds.samples.map { Double($0) }
        case .cpuNanoseconds: time.cpuNanoseconds.samples.map { Double($0) }
        default: value(of: metric).map { [$0] } ?? []
        }
    }
}

/// One metric's growth fit (`docs/measurement.md`, "Growth").
public struct MetricGrowth: Codable, Sendable, Equatable {
    /// The chosen model: `O(1)`, `O(log n)`, `O(n)`, `O(n log n)`, `O(n^2)` or `O(n^3)`.
    public var model: String
    /// The chosen model's `a` in `cost = a + b·f(n)`.
    public var intercept: Double
    /// The chosen model's `b` (0 for O(1)).
    public var slope: Double
    /// The chosen model's weighted R² (0 for O(1)).
    public var rSquared: Double
    /// The F test's p-value of the best growth model against O(1).
    public var pValue: Double
    /// The best admissible growth model, chosen or not, or `null`.
    public var bestGrowthModel: String?
    /// The slope of log cost against log size, or `null` (fewer than two positive costs).
    public var logLogExponent: Double?
    /// The fitted costs, one per size of ``GrowthReport/sizes``.
    public var costs: [Double]
    /// Every model's fit.
    public var candidates: [Candidate]

    /// Whether every number is finite (a degenerate fit is left out of the report).
    var isFinite: Bool {
        [intercept, slope, rSquared, pValue, logLogExponent ?? 0].allSatisfy(\.isFinite)
            && candidates.allSatisfy { [$0.intercept, $0.slope, $0.rSquared, $0.residualSumOfSquares].allSatisfy(\.isFinite) }
    }

    /// One model's fit.
    public struct Candidate: Codable, Sendable, Equatable {
        public var model: String
        public var intercept: Double
        public var slope: Double
        public var rSquared: Double
        public var residualSumOfSquares: Double
        /// Whether the slope is nonnegative (only admissible models can be chosen).
        public var admissible: Bool
    }
}

extension MetricGrowth {
    init(_ fit: GrowthFit, costs: [Double]) {
        self.init(
            model: fit.model.rawValue, intercept: fit.intercept, slope: fit.slope, rSquared: fit.rSquared,
            pValue: fit.pValue, bestGrowthModel: fit.bestGrowthModel?.rawValue,
            logLogExponent: fit.logLogExponent, costs: costs,
            candidates: fit.candidates.map {
                Candidate(
                    model: $0.model.rawValue, intercept: $0.intercept, slope: $0.slope, rSquared: $0.rSquared,
                    residualSumOfSquares: $0.residualSumOfSquares, admissible: $0.isAdmissible)
            })
    }
}

/// One family's scenarios and how their costs grow: the chosen model and log-log exponent
/// of each metric (the full fits are in each scenario's `growth`).
public struct FamilySummary: Codable, Sendable {
    /// The family's name.
    public var name: String
    /// Its scenarios that ran, in catalogue order.
    public var scenarios: [Entry]

    /// One scenario's growth in brief.
    public struct Entry: Codable, Sendable {
        /// The scenario's name.
        public var name: String
        /// `anti-pattern`, `fix`, or `null`.
        public var role: String?
        /// Per metric: the chosen model and the log-log exponent.
        public var growth: OrderedDictionary<String, Brief>
    }

    /// A fit in brief.
    public struct Brief: Codable, Sendable, Equatable {
        public var model: String
        public var logLogExponent: Double?

        public init(model: String, logLogExponent: Double?) {
            self.model = model
            self.logLogExponent = logLogExponent
        }

        /// The fewest distinct sizes a model is named for: with three, the F test has one
        /// residual degree of freedom and the two-parameter models fit nearly any three points.
        public static let minimumLabelledSizes = 4

        /// The log-log exponents that agree with each model. The models have a constant term,
        /// and the log-log slope of `a + b·n^k` is `k·b·n^k / (a + b·n^k)`, anywhere in
        /// `(0, k]`: a large `a` lets `O(n^2)` be the best fit of a cost whose exponent over
        /// the measured sizes is 0.38, which tells a reader nothing true about that range.
        /// Each model's range reaches halfway to its neighbours'; `O(log n)`'s slope is at most
        /// `1 / ln n`, and `O(n log n)`'s is `1 + 1 / ln n`.
        static func agreeingExponents(_ model: String) -> ClosedRange<Double>? {
            switch model {
            case "O(1)": -0.2...0.2
            case "O(log n)": 0...0.7
            case "O(n)": 0.5...1.4
            case "O(n log n)": 0.8...1.7
            case "O(n^2)": 1.5...2.5
            case "O(n^3)": 2.5...3.5
            default: nil
            }
        }

        /// What the pages and the summary show for the fit over `sizeCount` distinct sizes:
        /// the model, or `too few sizes` (fewer than ``minimumLabelledSizes``, as `--quick` and
        /// a short `--sizes` run), or `no clear model` when the exponent contradicts it.
        public func label(sizeCount: Int) -> String {
            guard sizeCount >= Self.minimumLabelledSizes else { return "too few sizes" }
            guard let exponent = logLogExponent, let range = Self.agreeingExponents(model) else { return model }
            return range.contains(exponent) ? model : "no clear model"
        }
    }

    /// Groups `results` by family, in order of first appearance.
    public static func summarize(_ results: [ScenarioResult]) -> [FamilySummary] {
        var families: [FamilySummary] = []
        for result in results {
            let entry = Entry(
                name: result.name, role: result.pair?.role,
                growth: result.growth.metrics.mapValues { Brief(model: $0.model, logLogExponent: $0.logLogExponent) })
            if let index = families.firstIndex(where: { $0.name == result.family }) {
                families[index].scenarios.append(entry)
            } else {
                families.append(FamilySummary(name: result.family, scenarios: [entry]))
            }
        }
        return families
    }
}
