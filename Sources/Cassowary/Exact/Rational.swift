// Exact rational numbers for the solver's exact arbiter (ExactTableau.swift).
//
// Every finite `Double` is a rational m·2^e, so a system read from doubles has an exact
// solution in the rationals; the arbiter computes it with numerator and denominator as
// arbitrary-precision integers (attaswift/BigInt) and rounds only the result.

import BigInt

/// A rational number in lowest terms, with a positive denominator.
struct Rational: Comparable {
    typealias Integer = BigInt

    private(set) var numerator: BigInt
    private(set) var denominator: BigInt

    static let zero = Rational(integer: 0)
    static let one = Rational(integer: 1)

    init(integer: Int) {
        numerator = BigInt(integer)
        denominator = 1
    }

    /// The exact value of a finite double.
    init(_ value: Double) {
        precondition(value.isFinite, "Rational(_:) of a non-finite double")
        guard value != 0 else {
            self = .zero
            return
        }
        // value = integer · 2^exponent, from the IEEE 754 fields.
        let biased = Int(value.exponentBitPattern)
        let integer = value.significandBitPattern | (biased == 0 ? 0 : 1 << 52)
        let exponent = (biased == 0 ? 1 : biased) - 1075
        var numerator = BigInt(integer)
        var denominator = BigInt(1)
        if exponent >= 0 { numerator <<= exponent } else { denominator <<= -exponent }
        if value < 0 { numerator.negate() }
        self.init(numerator: numerator, denominator: denominator)
    }

    /// `numerator / denominator`, reduced. The denominator must not be zero.
    init(numerator: BigInt, denominator: BigInt) {
        precondition(!denominator.isZero, "Rational with a zero denominator")
        var numerator = numerator
        var denominator = denominator
        if denominator.sign == .minus {
            numerator.negate()
            denominator.negate()
        }
        let divisor = BigInt(numerator.magnitude.lehmerGCD(with: denominator.magnitude))
        if divisor != 1 && !divisor.isZero {
            numerator /= divisor
            denominator /= divisor
        }
        if numerator.isZero { denominator = 1 }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `numerator / denominator` as given, without dividing by their greatest common
    /// divisor (for comparisons and conversions, which do not need lowest terms). The
    /// denominator must be positive.
    init(unreduced numerator: BigInt, denominator: BigInt) {
        precondition(!denominator.isNegative && !denominator.isZero, "Rational with a nonpositive denominator")
        self.numerator = numerator
        self.denominator = denominator
    }

    var isZero: Bool { numerator.isZero }
    var isNegative: Bool { numerator.isNegative }
    var magnitude: Rational { isNegative ? -self : self }

    /// The nearest double (within one unit in the last place).
    var doubleValue: Double {
        if numerator.isZero { return 0 }
        // Scale so that the integer quotient keeps 64 significant bits, then put the
        // scale back in the exponent.
        let shift = denominator.magnitude.bitWidth - numerator.magnitude.bitWidth + 64
        let scaled = shift >= 0 ? (numerator << shift) / denominator : numerator / (denominator << -shift)
        let approximate = Double(scaled)
        guard approximate.isFinite, approximate != 0 else { return approximate }
        // One scaling with the combined exponent: 2^−shift alone underflows to zero
        // before a subnormal result is reached.
        return Double(sign: approximate.sign, exponent: approximate.exponent - shift, significand: approximate.significand)
    }

    static prefix func - (value: Rational) -> Rational {
        var result = value
        result.numerator.negate()
        return result
    }

    static func + (lhs: Rational, rhs: Rational) -> Rational {
        if lhs.isZero { return rhs }
        if rhs.isZero { return lhs }
        if lhs.denominator == rhs.denominator {
            return Rational(numerator: lhs.numerator + rhs.numerator, denominator: lhs.denominator)
        }
        return Rational(
            numerator: lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
            denominator: lhs.denominator * rhs.denominator)
    }

    static func - (lhs: Rational, rhs: Rational) -> Rational { lhs + -rhs }

    static func * (lhs: Rational, rhs: Rational) -> Rational {
        if lhs.isZero || rhs.isZero { return .zero }
        return Rational(numerator: lhs.numerator * rhs.numerator, denominator: lhs.denominator * rhs.denominator)
    }

    static func / (lhs: Rational, rhs: Rational) -> Rational {
        Rational(numerator: lhs.numerator * rhs.denominator, denominator: lhs.denominator * rhs.numerator)
    }

    /// Equal values, in lowest terms or not.
    static func == (lhs: Rational, rhs: Rational) -> Bool {
        lhs.numerator * rhs.denominator == rhs.numerator * lhs.denominator
    }

    static func < (lhs: Rational, rhs: Rational) -> Bool {
        lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }
}

extension BigInt {
    /// Whether the value is below zero (BigInt keeps a sign even for zero).
    var isNegative: Bool { sign == .minus && !isZero }
}
