#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a cost grows with problem size: the best of O(1), O(log n), O(n), O(n log n), O(n²)
/// and O(n³) for a set of (size, cost) measurements, and the log-log slope.
///
/// ## The fits
/// Each growth model `cost = a + b·f(n)` (natural logarithms) is fitted by weighted least
/// squares with weights `1 / cost²`, that is, minimizing the squared *relative* residuals
/// `Σ ((cost - a - b·f(n)) / cost)²`. Timing noise is roughly proportional to the cost, and
/// sizes usually grow geometrically, so an unweighted fit would let the largest size decide
/// everything. (Costs of 0 get the weight of the smallest nonzero magnitude instead; all-zero
/// costs are weighted equally.) O(1) is the model `cost = a`. A growth model whose
/// unconstrained slope `b` is negative is not admissible: under `b ≥ 0` its best fit is the
/// constant, and ``Candidate/slope`` keeps the negative value so reports can say so.
///
/// ## The choice
/// All growth models have the same two parameters, so among them the lowest residual sum
/// of squares wins; any information criterion (AIC, BIC) would rank them the same. Choosing
/// growth over a constant is a choice between nested models, made with the F test of the
/// best growth model against O(1): `F = (RSS₀ - RSS₁) / (RSS₁ / (m - 2))` with 1 and `m - 2`
/// degrees of freedom for `m` points. A growth model is chosen only when both
/// - the F test rejects the constant at ``Options/significance`` (default 0.05), and
/// - the fitted cost grows across the measured sizes by at least
///   ``Options/minimumRelativeGrowth`` (default 5%) of the fitted cost at the smallest size,
///
/// so noise around a flat cost stays O(1). With only three sizes the F test has one residual
/// degree of freedom and needs R² above 0.994 to reject the constant: a growth model must
/// explain nearly all the variation, which guards against fitting noise. Prefer four or more
/// sizes, or several samples per size (repeated sizes add degrees of freedom).
///
/// The log-log exponent is the slope of the unweighted least-squares line through
/// `(log n, log cost)` over the points with a positive cost: about 1 for O(n), 2 for O(n²).
public struct GrowthFit: Hashable, Sendable {
    /// A growth model `cost = a + b·f(n)`.
    public enum Model: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case constant = "O(1)"
        case logarithmic = "O(log n)"
        case linear = "O(n)"
        case linearithmic = "O(n log n)"
        case quadratic = "O(n^2)"
        case cubic = "O(n^3)"

        /// The model's `f(n)`: 1, log n, n, n log n, n², n³ (natural logarithms).
        public func basis(_ n: Double) -> Double {
            switch self {
            case .constant: 1
            case .logarithmic: log(n)
            case .linear: n
            case .linearithmic: n * log(n)
            case .quadratic: n * n
            case .cubic: n * n * n
            }
        }

        public var description: String { rawValue }
    }

    /// One measurement: a problem size and what it cost.
    public struct Point: Hashable, Sendable {
        /// The problem size `n` (at least 1).
        public var size: Double
        /// The measured cost (time, allocations, ...).
        public var cost: Double

        /// Creates a point.
        public init(size: Double, cost: Double) {
            self.size = size
            self.cost = cost
        }
    }

    /// The thresholds of the choice between O(1) and growth.
    public struct Options: Hashable, Sendable {
        /// The F test's significance level for rejecting O(1).
        public var significance: Double
        /// The least growth of the fitted cost across the measured sizes, as a fraction of the
        /// fitted cost at the smallest size, for a growth model to be chosen.
        public var minimumRelativeGrowth: Double

        /// Creates options; the defaults are 0.05 and 5%.
        public init(significance: Double = 0.05, minimumRelativeGrowth: Double = 0.05) {
            self.significance = significance
            self.minimumRelativeGrowth = minimumRelativeGrowth
        }

        /// For exact, deterministic metrics (solver counters, allocation counts): no
        /// noise to test against, so growth is chosen whenever the fitted cost grows by
        /// at least 5% across the sizes (the F test against O(1) assumes noisy data).
        public static let exact = Options(significance: 1, minimumRelativeGrowth: 0.05)
    }

    /// One model's fit.
    public struct Candidate: Hashable, Sendable {
        /// The model.
        public var model: Model
        /// The intercept `a`.
        public var intercept: Double
        /// The unconstrained slope `b` (0 for O(1)).
        public var slope: Double
        /// The weighted residual sum of squares (sum of squared relative residuals).
        public var residualSumOfSquares: Double
        /// The weighted coefficient of determination, `1 - RSS / RSS(O(1))`.
        public var rSquared: Double

        /// Whether the slope is nonnegative, as a cost model's must be.
        public var isAdmissible: Bool { slope >= 0 }

        /// The fitted cost at `size`.
        public func predictedCost(at size: Double) -> Double {
            intercept + slope * model.basis(size)
        }
    }

    /// The chosen model.
    public let model: Model
    /// The chosen model's intercept `a`.
    public let intercept: Double
    /// The chosen model's slope `b` (0 for O(1)).
    public let slope: Double
    /// The chosen model's weighted R² (0 for O(1), which explains no variation).
    public let rSquared: Double
    /// The F test's p-value for the best admissible growth model against O(1) (1 when there is none).
    public let pValue: Double
    /// The best admissible growth model, whether or not it was chosen.
    public let bestGrowthModel: Model?
    /// The slope of log cost against log size, or `nil` with fewer than two distinct sizes
    /// that have a positive cost.
    public let logLogExponent: Double?
    /// Every model's fit, in the order of ``Model/allCases``.
    public let candidates: [Candidate]

    /// Fits every model to `points` and chooses one as the type's discussion describes.
    ///
    /// - Parameters:
    ///   - points: The measurements; several may share a size.
    ///   - options: The thresholds for choosing growth over O(1).
    /// - Throws: ``MetricsError`` `insufficient-data` with fewer than three distinct sizes,
    ///   `invalid-data` for a size below 1 or a cost that isn't finite.
    /// - Complexity: O(*m*) for *m* points.
    public init(_ points: [Point], options: Options = Options()) throws(MetricsError) {
        for point in points {
            guard point.size.isFinite, point.size >= 1 else {
                throw MetricsError(.invalidData, "GrowthFit: size \(point.size) is not a finite number >= 1.")
            }
            guard point.cost.isFinite else {
                throw MetricsError(.invalidData, "GrowthFit: cost \(point.cost) at size \(point.size) is not finite.")
            }
        }
        let sizes = points.map(\.size)
        let distinctSizes = Set(sizes).count
        guard distinctSizes >= 3 else {
            throw MetricsError(
                .insufficientData,
                "GrowthFit needs at least 3 distinct sizes to tell growth models apart; got \(distinctSizes)."
            )
        }
        let costs = points.map(\.cost)
        let weights = Self.relativeWeights(costs)
        let smallest = sizes.min()!
        let largest = sizes.max()!

        var candidates: [Candidate] = []
        let constant = Self.fitConstant(costs: costs, weights: weights)
        candidates.append(constant)
        for model in Model.allCases where model != .constant {
            candidates.append(
                Self.fit(model, sizes: sizes, costs: costs, weights: weights, total: constant.residualSumOfSquares)
            )
        }

        let best = candidates.dropFirst().filter { $0.slope > 0 }
            .min { $0.residualSumOfSquares < $1.residualSumOfSquares }
        var chosen = constant
        var pValue = 1.0
        if let best {
            let restricted = constant.residualSumOfSquares
            let full = best.residualSumOfSquares
            let scale = Swift.max(restricted, Double.leastNormalMagnitude)
            if restricted <= 0 || full >= restricted {
                pValue = 1
            } else if full <= 1e-24 * scale {
                pValue = 0  // an exact fit
            } else {
                let f = (restricted - full) / (full / Double(points.count - 2))
                pValue = _SpecialFunctions.fUpperTail(f, d1: 1, d2: Double(points.count - 2))
            }
            let start = best.predictedCost(at: smallest)
            let growth = best.predictedCost(at: largest) - start
            let relativeGrowth = start > 0 ? growth / start : .infinity
            if pValue < options.significance && relativeGrowth >= options.minimumRelativeGrowth {
                chosen = best
            }
        }

        self.model = chosen.model
        self.intercept = chosen.intercept
        self.slope = chosen.slope
        self.rSquared = chosen.rSquared
        self.pValue = pValue
        self.bestGrowthModel = best?.model
        self.candidates = candidates
        self.logLogExponent = Self.logLogSlope(sizes: sizes, costs: costs)
    }

    /// Fits `points` given as parallel arrays of sizes and costs.
    ///
    /// - Precondition: `sizes` and `costs` have the same count.
    /// - Throws: As ``init(_:options:)``.
    public init(sizes: [Double], costs: [Double], options: Options = Options()) throws(MetricsError) {
        precondition(sizes.count == costs.count, "GrowthFit: \(sizes.count) sizes but \(costs.count) costs")
        try self.init(zip(sizes, costs).map { Point(size: $0, cost: $1) }, options: options)
    }

    /// Weights `1 / cost²`, with zero costs weighted as the smallest nonzero magnitude.
    private static func relativeWeights(_ costs: [Double]) -> [Double] {
        let magnitudes = costs.map { abs($0) }
        guard let floor = magnitudes.filter({ $0 > 0 }).min() else {
            return costs.map { _ in 1 }
        }
        return magnitudes.map { 1 / ((Swift.max($0, floor)) * Swift.max($0, floor)) }
    }

    private static func fitConstant(costs: [Double], weights: [Double]) -> Candidate {
        let totalWeight = weights.reduce(0, +)
        let mean = zip(weights, costs).reduce(0) { $0 + $1.0 * $1.1 } / totalWeight
        let rss = zip(weights, costs).reduce(0) { $0 + $1.0 * ($1.1 - mean) * ($1.1 - mean) }
        return Candidate(model: .constant, intercept: mean, slope: 0, residualSumOfSquares: rss, rSquared: 0)
    }

    /// Weighted least squares for `cost = a + b·f(n)`, centred and scaled for accuracy
    /// (f(n) reaches 10¹⁸ for n³ at a million).
    private static func fit(
        _ model: Model, sizes: [Double], costs: [Double], weights: [Double], total: Double
    ) -> Candidate {
        let rawBasis = sizes.map(model.basis)
        let scale = rawBasis.map { abs($0) }.max().map { $0 > 0 ? $0 : 1 } ?? 1
        let basis = rawBasis.map { $0 / scale }
        let totalWeight = weights.reduce(0, +)
        var meanBasis = 0.0
        var meanCost = 0.0
        for index in basis.indices {
            meanBasis += weights[index] * basis[index]
            meanCost += weights[index] * costs[index]
        }
        meanBasis /= totalWeight
        meanCost /= totalWeight
        var sxx = 0.0
        var sxy = 0.0
        for index in basis.indices {
            let dx = basis[index] - meanBasis
            sxx += weights[index] * dx * dx
            sxy += weights[index] * dx * (costs[index] - meanCost)
        }
        let scaledSlope = sxx > 0 ? sxy / sxx : 0
        let intercept = meanCost - scaledSlope * meanBasis
        var rss = 0.0
        for index in basis.indices {
            let residual = costs[index] - intercept - scaledSlope * basis[index]
            rss += weights[index] * residual * residual
        }
        let rSquared = total > 0 ? 1 - rss / total : (rss == 0 ? 1 : 0)
        return Candidate(
            model: model, intercept: intercept, slope: scaledSlope / scale,
            residualSumOfSquares: rss, rSquared: rSquared
        )
    }

    /// The least-squares slope of log cost on log size over the points with positive cost.
    private static func logLogSlope(sizes: [Double], costs: [Double]) -> Double? {
        let pairs = zip(sizes, costs).filter { $0.1 > 0 }.map { (log($0.0), log($0.1)) }
        guard Set(pairs.map(\.0)).count >= 2 else { return nil }
        let meanX = pairs.reduce(0) { $0 + $1.0 } / Double(pairs.count)
        let meanY = pairs.reduce(0) { $0 + $1.1 } / Double(pairs.count)
        var sxx = 0.0
        var sxy = 0.0
        for (x, y) in pairs {
            sxx += (x - meanX) * (x - meanX)
            sxy += (x - meanX) * (y - meanY)
        }
        return sxy / sxx
    }
}
