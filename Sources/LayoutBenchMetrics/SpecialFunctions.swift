#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The probability functions that the statistical tests need. Not API.
enum _SpecialFunctions {
    /// The upper tail of the standard normal distribution, P(Z > z).
    static func normalUpperTail(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }

    /// The upper tail of Fisher's F distribution with `d1` and `d2` degrees of freedom,
    /// P(F > f), from the regularized incomplete beta function:
    /// P(F > f) = I_{d2 / (d2 + d1 f)}(d2 / 2, d1 / 2).
    static func fUpperTail(_ f: Double, d1: Double, d2: Double) -> Double {
        if f.isNaN { return .nan }
        if f <= 0 { return 1 }
        if f.isInfinite { return 0 }
        return regularizedIncompleteBeta(d2 / (d2 + d1 * f), a: d2 / 2, b: d1 / 2)
    }

    /// The regularized incomplete beta function I_x(a, b), by the continued fraction of
    /// Numerical Recipes (3rd ed., §6.4), to about 1e-14 relative accuracy.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        precondition(a > 0 && b > 0, "regularizedIncompleteBeta: a and b must be positive")
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        let front = exp(logFront)
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
        // I_x(a, b) = 1 - I_{1-x}(b, a) otherwise.
        if x < (a + 1) / (a + b + 2) {
            return front * betaContinuedFraction(x, a: a, b: b) / a
        } else {
            return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
        }
    }

    /// Lentz's evaluation of the incomplete beta continued fraction.
    private static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        let epsilon = 1e-15
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...10_000 {
            let m = Double(m)
            let twoM = 2 * m
            // Even step.
            var numerator = m * (b - m) * x / ((a + twoM - 1) * (a + twoM))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            // Odd step.
            numerator = -(a + m) * (a + b + m) * x / ((a + twoM) * (a + twoM + 1))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            result *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return result
    }
}
