import Testing

@testable import LayoutBenchMetrics

@Suite("MannWhitney")
struct MannWhitneyTests {
    // References computed with SciPy 1.17.1 (scripts/requirements-tools.txt):
    //
    //     from scipy.stats import mannwhitneyu
    //     mannwhitneyu(x, y, alternative="two-sided", method="asymptotic")
    //
    // which uses the tie correction and the 0.5 continuity correction, as MannWhitney does.
    let x: [Double] = [1.2, 3.4, 2.2, 5.0, 4.1, 3.4, 2.9, 6.3]
    let y: [Double] = [2.0, 3.4, 1.1, 0.9, 2.2, 1.5, 2.8, 1.9, 2.2, 0.7]

    @Test("matches scipy.stats.mannwhitneyu with ties")
    func matchesSciPy() {
        let test = MannWhitney(x, y)
        #expect(test.u == 68)  // scipy: statistic=68.0
        #expect(abs(test.pValue - 0.014143875300733856) < 1e-12)  // scipy: pvalue
        let reversed = MannWhitney(y, x)
        #expect(reversed.u == 12)  // n1·n2 - 68
        #expect(abs(reversed.pValue - 0.014143875300733856) < 1e-12)
    }

    @Test("overlapping samples are not significant")
    func overlappingSamples() {
        // scipy: statistic=36.0, pvalue=0.7127872877960982
        let test = MannWhitney(
            [10.0, 10.5, 11.0, 10.2, 10.8, 10.1, 10.9, 10.4],
            [10.3, 10.6, 10.0, 10.7, 10.2, 10.45, 10.95, 10.05]
        )
        #expect(test.u == 36)
        #expect(abs(test.pValue - 0.7127872877960982) < 1e-12)
    }

    @Test("hand-worked: complete separation")
    func completeSeparation() {
        // Every x exceeds every y: U = 3·3 = 9; mean 4.5, variance 9·7/12 = 5.25,
        // z = (4.5 - 0.5) / sqrt(5.25) = 1.7457, p = 2·P(Z > 1.7457) = 0.08086.
        let test = MannWhitney([4, 5, 6], [1, 2, 3])
        #expect(test.u == 9)
        #expect(abs(test.z - 4 / 5.25.squareRoot()) < 1e-12)
        #expect(abs(test.pValue - 0.080856) < 1e-5)
    }

    @Test("identical constant samples give p = 1")
    func allTied() {
        let test = MannWhitney([2, 2, 2], [2, 2])
        #expect(test.u == 3)
        #expect(test.pValue == 1)
    }
}
