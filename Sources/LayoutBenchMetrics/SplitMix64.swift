/// A small, fast, seeded pseudo-random number generator: SplitMix64 (Steele, Lea & Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014).
///
/// The same seed gives the same sequence on every platform and Swift version, so analyses
/// that resample (``MedianRatioInterval``) are reproducible. Not for cryptography.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's state; it advances by a fixed odd constant per value.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<bound`, by Lemire's multiply-and-reject method
    /// ("Fast random integer generation in an interval", 2019), written here rather than
    /// taken from the standard library so the sequence can't change with Swift's version.
    ///
    /// - Precondition: `bound > 0`.
    @inline(__always)
    public mutating func nextIndex(below bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.nextIndex: bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }
}
