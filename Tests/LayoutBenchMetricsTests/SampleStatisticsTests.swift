import Testing

@testable import LayoutBenchMetrics

@Suite("SampleStatistics")
struct SampleStatisticsTests {
    // Worked by hand. Sorted: 1 1 2 3 3 4 5 5 6 9 (n = 10, sum 39).
    let sample: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]

    @Test func orderStatistics() throws {
        let statistics = try #require(SampleStatistics(sample))
        #expect(statistics.count == 10)
        #expect(statistics.min == 1)
        #expect(statistics.max == 9)
        #expect(statistics.median == 3.5)  // (3 + 4) / 2
        // h = 9 * 0.9 = 8.1: x[8] + 0.1 * (x[9] - x[8]) = 6 + 0.1 * 3.
        #expect(abs(statistics.p90 - 6.3) < 1e-12)
        #expect(statistics.percentile(0) == 1)
        #expect(statistics.percentile(1) == 9)
        // h = 9 * 0.25 = 2.25: 2 + 0.25 * (3 - 2).
        #expect(statistics.percentile(0.25) == 2.25)
    }

    @Test func momentsAndDeviation() throws {
        let statistics = try #require(SampleStatistics(sample))
        #expect(statistics.mean == 3.9)
        // Σ(x - 3.9)² = 54.9, / 9 = 6.1: sqrt(6.1).
        #expect(abs(statistics.standardDeviation - 6.1.squareRoot()) < 1e-12)
        // |x - 3.5| sorted: .5 .5 .5 1.5 1.5 1.5 2.5 2.5 2.5 5.5: median 1.5.
        #expect(statistics.mad == 1.5)
    }

    @Test func oddCountAndSingleValue() throws {
        let odd = try #require(SampleStatistics([7, 1, 3]))
        #expect(odd.median == 3)
        #expect(odd.mad == 2)  // |7-3|, |1-3|, |3-3| = 4, 2, 0
        #expect(odd.p90 == 6.2)  // h = 1.8: 3 + 0.8 * 4
        let single = try #require(SampleStatistics([42]))
        #expect(single.median == 42 && single.p90 == 42 && single.mad == 0 && single.standardDeviation == 0)
    }

    @Test func emptySampleHasNoStatistics() {
        #expect(SampleStatistics([]) == nil)
    }
}
