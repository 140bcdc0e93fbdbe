import Testing

@testable import LayoutBenchMetrics

#if canImport(Glibc)
    import Glibc
#endif

@Suite("GrowthFit")
struct GrowthFitTests {
    /// Costs `a + b·f(n)` with multiplicative noise uniform in ±`noise`, from a fixed seed.
    static func synthetic(
        _ model: GrowthFit.Model, sizes: [Double], a: Double, b: Double, noise: Double, seed: UInt64
    ) -> [GrowthFit.Point] {
        var generator = SplitMix64(seed: seed)
        return sizes.map { size in
            let uniform = Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1
            return GrowthFit.Point(size: size, cost: (a + b * model.basis(size)) * (1 + noise * uniform))
        }
    }

    /// A slope per model that makes the cost grow several-fold between n = 10 and n = 1000.
    static func slope(for model: GrowthFit.Model) -> Double {
        switch model {
        case .constant: 0
        case .logarithmic: 40
        case .linear: 1
        case .linearithmic: 0.2
        case .quadratic: 0.001
        case .cubic: 1e-6
        }
    }

    static let growthModels = GrowthFit.Model.allCases.filter { $0 != .constant }
    static let fiveSizes: [Double] = [10, 30, 100, 300, 1000]
    static let threeSizes: [Double] = [10, 100, 1000]

    /// The sizes a fit sees, and the R² it must reach there (none asked of three sizes).
    static let sizeSets: [(sizes: [Double], minimumRSquared: Double?)] = [(fiveSizes, 0.99), (threeSizes, nil)]

    @Test("noisy data from each model picks that model (5 or 3 sizes, 1% noise)", arguments: growthModels, sizeSets)
    func picksGeneratingModel(model: GrowthFit.Model, sizeSet: (sizes: [Double], minimumRSquared: Double?)) throws {
        for seed in UInt64(1)...20 {
            let points = Self.synthetic(
                model, sizes: sizeSet.sizes, a: 50, b: Self.slope(for: model), noise: 0.01, seed: seed)
            let fit = try GrowthFit(points)
            #expect(fit.model == model, "\(sizeSet.sizes.count) sizes, seed \(seed): chose \(fit.model), p = \(fit.pValue)")
            if let minimum = sizeSet.minimumRSquared { #expect(fit.rSquared > minimum) }
        }
    }

    @Test("flat noisy costs are O(1)", arguments: [threeSizes, fiveSizes])
    func flatIsConstant(sizes: [Double]) throws {
        for seed in UInt64(1)...50 {
            let fit = try GrowthFit(Self.synthetic(.constant, sizes: sizes, a: 100, b: 0, noise: 0.02, seed: seed))
            #expect(fit.model == .constant, "seed \(seed): chose \(fit.model), p = \(fit.pValue)")
            #expect(fit.slope == 0)
            #expect(abs(fit.intercept - 100) < 2)
        }
    }

    @Test("exact counts: 3n + 2 allocations is O(n) with p = 0")
    func exactLinearCounts() throws {
        let fit = try GrowthFit(sizes: [1, 2, 4, 8], costs: [5, 8, 14, 26])
        #expect(fit.model == .linear)
        #expect(abs(fit.slope - 3) < 1e-9)
        #expect(abs(fit.intercept - 2) < 1e-9)
        #expect(fit.pValue == 0)
        #expect(abs(fit.rSquared - 1) < 1e-12)
    }

    @Test("identical and all-zero costs are O(1)")
    func constantCounts() throws {
        #expect(try GrowthFit(sizes: [10, 100, 1000], costs: [7, 7, 7]).model == .constant)
        #expect(try GrowthFit(sizes: [10, 100, 1000], costs: [0, 0, 0]).model == .constant)
    }

    @Test("decreasing costs are O(1) and every growth model is flagged inadmissible")
    func decreasingCosts() throws {
        let fit = try GrowthFit(sizes: [10, 100, 1000], costs: [30, 20, 10])
        #expect(fit.model == .constant)
        #expect(fit.bestGrowthModel == nil)
        #expect(fit.candidates.dropFirst().allSatisfy { !$0.isAdmissible })
    }

    @Test("a small but significant trend below 5% growth stays O(1)")
    func practicalSignificance() throws {
        // 100 + 0.002·n: exact linear data, but only 2% growth from n = 10 to 1000.
        let fit = try GrowthFit(sizes: [10, 100, 1000], costs: [100.02, 100.2, 102])
        #expect(fit.bestGrowthModel == .linear)
        #expect(fit.pValue == 0)
        #expect(fit.model == .constant)
        let sensitive = try GrowthFit(
            sizes: [10, 100, 1000], costs: [100.02, 100.2, 102],
            options: GrowthFit.Options(minimumRelativeGrowth: 0.01))
        #expect(sensitive.model == .linear)
    }

    @Test("log-log exponent is about 2 for n² data and exactly 1 for c·n")
    func logLogExponent() throws {
        let quadratic = Self.synthetic(.quadratic, sizes: Self.fiveSizes, a: 0, b: 3, noise: 0.01, seed: 5)
        let exponent = try #require(try GrowthFit(quadratic).logLogExponent)
        #expect(abs(exponent - 2) < 0.01)
        let linear = try GrowthFit(sizes: [2, 4, 8], costs: [10, 20, 40])
        #expect(abs(try #require(linear.logLogExponent) - 1) < 1e-12)
        // Nonpositive costs are ignored: only the sizes 4 and 8 remain.
        let partial = try GrowthFit(sizes: [2, 4, 8], costs: [0, 16, 64])
        #expect(abs(try #require(partial.logLogExponent) - 2) < 1e-12)
    }

    @Test("fewer than three distinct sizes and invalid points are errors")
    func invalidInput() {
        #expect(throws: MetricsError.self) { try GrowthFit(sizes: [10, 10, 100], costs: [1, 2, 3]) }
        #expect(throws: MetricsError.self) { try GrowthFit(sizes: [0, 10, 100], costs: [1, 2, 3]) }
        #expect(throws: MetricsError.self) { try GrowthFit(sizes: [1, 10, 100], costs: [1, .nan, 3]) }
        do {
            _ = try GrowthFit(sizes: [10, 100], costs: [1, 2])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .insufficientData)
        }
    }

    @Test("the F distribution's tail matches SciPy")
    func fDistributionTail() {
        // scipy.stats.f.sf(10.0, 1, 3), f.sf(161.4476, 1, 1), f.sf(2.5, 1, 7)
        #expect(abs(_SpecialFunctions.fUpperTail(10, d1: 1, d2: 3) - 0.05078186628649377) < 1e-12)
        #expect(abs(_SpecialFunctions.fUpperTail(161.4476, d1: 1, d2: 1) - 0.050000005983092066) < 1e-12)
        #expect(abs(_SpecialFunctions.fUpperTail(2.5, d1: 1, d2: 7) - 0.15785932279582993) < 1e-12)
    }
}
