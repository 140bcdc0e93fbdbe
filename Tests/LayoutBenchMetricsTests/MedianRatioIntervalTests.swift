import Testing

@testable import LayoutBenchMetrics

@Suite("MedianRatioInterval and SplitMix64")
struct MedianRatioIntervalTests {
    /// 41 noisy samples around `center`.
    func sample(center: Double, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<41).map { _ in center * (1 + 0.05 * (Double(generator.next() >> 11) / Double(1 << 53) - 0.5)) }
    }

    @Test("SplitMix64 matches the reference sequence")
    func splitMixReference() {
        // The first outputs for seed 0 from Vigna's reference splitmix64.c.
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("bounded indices stay in range and cover it")
    func boundedIndices() {
        var generator = SplitMix64(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<1000 {
            let index = generator.nextIndex(below: 10)
            #expect((0..<10).contains(index))
            seen.insert(index)
        }
        #expect(seen.count == 10)
    }

    @Test("a doubled sample's interval is around 2 and excludes 1")
    func doubledSample() {
        let base = sample(center: 100, seed: 1)
        let interval = MedianRatioInterval(base.map { $0 * 2 }, base)
        #expect(interval.estimate == 2)
        #expect(interval.contains(2))
        #expect(!interval.contains(1))
        #expect(interval.lower > 1.9 && interval.upper < 2.1)
    }

    @Test("samples of one distribution give an interval containing 1")
    func sameDistribution() {
        let interval = MedianRatioInterval(sample(center: 100, seed: 2), sample(center: 100, seed: 3))
        #expect(interval.contains(1))
        #expect(interval.lower <= interval.estimate && interval.estimate <= interval.upper)
    }

    @Test("the same seed gives the same interval; another seed differs")
    func seededReproducibility() {
        let a = sample(center: 10, seed: 4)
        let b = sample(center: 11, seed: 5)
        let first = MedianRatioInterval(a, b, seed: 99)
        #expect(first == MedianRatioInterval(a, b, seed: 99))
        #expect(first != MedianRatioInterval(a, b, seed: 100))
    }
}
