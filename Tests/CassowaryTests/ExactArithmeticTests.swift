import BigInt
import Testing

@testable import Cassowary

/// The exact arbiter's arithmetic: Lehmer's greatest common divisor against BigInt's own
/// (Stein's binary algorithm, written by others), and the pivot rule's switch to Bland's.
@Suite("Exact arithmetic")
struct ExactArithmeticTests {
    static func random(words: Int, using generator: inout SeededGenerator) -> BigUInt {
        BigUInt(words: (0..<words).map { _ in UInt.random(in: 0...UInt.max, using: &generator) })
    }

    /// Pairs that reach every branch: lengths from one word to 40, a long common factor
    /// (so that the divisor is long and Lehmer's steps run to the end), one word against
    /// many, leading words that agree (quotients Collins's test cannot certify), zero and
    /// equal numbers.
    static func pairs(seed: UInt64) -> [(BigUInt, BigUInt)] {
        var generator = SeededGenerator(seed: seed)
        var pairs: [(BigUInt, BigUInt)] = [(0, 0), (0, 5), (BigUInt(1) << 200, 0), (12, 18)]
        for _ in 0..<400 {
            let left = random(words: Int.random(in: 1...40, using: &generator), using: &generator)
            let right = random(words: Int.random(in: 1...40, using: &generator), using: &generator)
            let common = random(words: Int.random(in: 0...20, using: &generator), using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: pairs.append((left, right))
            case 1: pairs.append((left * common, right * common))
            case 2: pairs.append((left * common, BigUInt(UInt.random(in: 1...UInt.max, using: &generator)) * common))
            case 3: pairs.append((left, left + BigUInt(UInt.random(in: 0...1_000, using: &generator))))
            default: pairs.append((left * common, left * common))
            }
        }
        return pairs
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func lehmersDivisorIsSteinsDivisor(seed: UInt64) {
        for (left, right) in Self.pairs(seed: seed) {
            let expected = left.greatestCommonDivisor(with: right)
            #expect(left.lehmerGCD(with: right) == expected, "gcd(\(left), \(right))")
            #expect(right.lehmerGCD(with: left) == expected)
        }
    }

    /// Consecutive Fibonacci numbers: every quotient is 1, the longest run Euclid has.
    @Test func consecutiveFibonacciNumbersAreCoprime() {
        var (previous, current) = (BigUInt(1), BigUInt(1))
        for _ in 0..<3_000 { (previous, current) = (current, previous + current) }
        #expect(current.lehmerGCD(with: previous) == 1)
        #expect((current * 7_919).lehmerGCD(with: previous * 7_919) == 7_919)
    }

    @Test func rationalsAreKeptInLowestTerms() {
        let third = Rational(numerator: BigInt(BigUInt(3) << 300), denominator: BigInt(BigUInt(9) << 300))
        #expect(third == Rational(integer: 1) / Rational(integer: 3))
        #expect(third.numerator == 1 && third.denominator == 3)
    }

    @Test func theRuleIsBlandsAfterARunOfDegeneratePivotsUntilOneMoves() {
        var rule = PivotRule()
        // Dantzig's: the more negative reduced cost enters whatever the ids.
        #expect(rule.prefers(-5, 9, over: -2, 1))
        for _ in 0..<PivotRule.degenerateRunLimit - 1 { rule.note(degenerate: true) }
        #expect(!rule.isBland)
        rule.note(degenerate: true)
        #expect(rule.isBland)
        // Bland's: the lower id enters whatever the reduced costs.
        #expect(!rule.prefers(-5, 9, over: -2, 1))
        #expect(rule.prefers(-2, 1, over: -5, 9))
        rule.note(degenerate: true)
        #expect(rule.isBland)
        rule.note(degenerate: false)
        #expect(!rule.isBland)
    }
}
