import LayoutEngine

/// What a ``TextMeasurer`` did, counted exactly: the same calls give the same counts on any
/// machine, so tests and scenario checks can assert them (docs/text.md, "Counters").
///
/// Plain stored integers incremented in place: no lock, no allocation.
public struct TextCounters: Hashable, Sendable {
    /// Calls to ``TextMeasurer/measure(_:font:maxWidth:numberOfLines:)`` and
    /// ``TextMeasurer/size(of:font:width:lines:)``, cached or not, refused or not.
    public var measurements = 0
    /// Measurements answered from the cache, without shaping.
    public var cacheHits = 0
    /// `hb_shape` calls: one per run, a run being a paragraph or, in a paragraph over
    /// ``TextMeasurer/shapingRunBytes`` bytes, a piece of it.
    public var shapedRuns = 0
    /// Glyphs HarfBuzz produced, over every run shaped.
    public var glyphsShaped = 0
    /// Lines the line breaker produced (every line of every measurement that was not cached,
    /// up to its line limit).
    public var linesBroken = 0
    /// Texts over ``TextMeasurer/maximumTextBytes`` that ``TextMeasurer/size(of:font:width:lines:)``
    /// estimated rather than shaped.
    public var estimates = 0

    public init() {}
}
