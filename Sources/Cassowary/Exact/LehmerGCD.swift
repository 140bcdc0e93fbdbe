// The greatest common divisor of long integers, by Lehmer's algorithm.
//
// The exact arbiter divides every row by the greatest common divisor of its numbers
// after each operation (`ExactRow.normalize`). BigInt's own divisor is Stein's binary
// algorithm: one subtraction and one shift of the whole number per bit or two, so an
// 800-bit divisor costs about 1,600 passes over 13 words. Lehmer's algorithm runs
// Euclid's on the leading 62 bits alone, in machine words, for as long as the
// quotients it finds are certainly the long numbers' own, and then applies the steps
// it took to the long numbers at once: about 30 bits per pass (Knuth, TAOCP vol. 2,
// 4.5.2, Algorithm L, with Collins's test of the quotients).

import BigInt

extension BigUInt {
    /// The greatest common divisor of `self` and `other` (Lehmer's algorithm; 0 when both are 0).
    func lehmerGCD(with other: BigUInt) -> BigUInt {
        var (a, b) = self >= other ? (self, other) : (other, self)
        while b.words.count > 1 {
            // The leading 62 bits of a, and b's bits at the same place. With x and y
            // below 2^62 the cofactors stay below 2^62 in magnitude, so every sum below
            // fits an Int64 (Knuth's invariants: 0 ≤ x + A, x + B, y + C, y + D ≤ 2^62).
            let shift = Swift.max(a.bitWidth - 62, 0)
            var x = Int64(truncatingIfNeeded: (a >> shift).words[0])
            var y = Int64(truncatingIfNeeded: (b >> shift).words[0])
            var (cofactorA, cofactorB, cofactorC, cofactorD): (Int64, Int64, Int64, Int64) = (1, 0, 0, 1)
            while y + cofactorC != 0, y + cofactorD != 0 {
                let quotient = (x + cofactorA) / (y + cofactorC)
                guard quotient == (x + cofactorB) / (y + cofactorD) else { break }
                (cofactorA, cofactorC) = (cofactorC, cofactorA - quotient * cofactorC)
                (cofactorB, cofactorD) = (cofactorD, cofactorB - quotient * cofactorD)
                (x, y) = (y, x - quotient * y)
            }
            if cofactorB == 0 {
                // Not one certain quotient: a single long division step.
                (a, b) = (b, a % b)
            } else {
                // a' = A·a + B·b and b' = C·a + D·b, both nonnegative (Knuth's step L4).
                let (longA, longB) = (BigInt(a), BigInt(b))
                let nextA = BigInt(cofactorA) * longA + BigInt(cofactorB) * longB
                let nextB = BigInt(cofactorC) * longA + BigInt(cofactorD) * longB
                (a, b) = (nextA.magnitude, nextB.magnitude)
            }
        }
        guard !b.isZero else { return a }
        // b fits one word: one long remainder, then Euclid in machine words.
        var (x, y) = (b.words[0], (a % b).words.first ?? 0)
        while y != 0 { (x, y) = (y, x % y) }
        return BigUInt(x)
    }
}
