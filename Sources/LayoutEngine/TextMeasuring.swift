/// A font as UILabel is given one: a point size and a weight (the system font's family).
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// A weight of the system font.
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case regular, medium, semibold, bold
    }

    /// The size in points.
    public var pointSize: Double
    /// The weight.
    public var weight: Weight

    public init(pointSize: Double, weight: Weight = .regular) {
        self.pointSize = pointSize
        self.weight = weight
    }

    /// `UIFont.systemFont(ofSize:weight:)`.
    public static func system(_ pointSize: Double, weight: Weight = .regular) -> Font {
        Font(pointSize: pointSize, weight: weight)
    }

    /// A label's font when none is set: the system font at 17 points (`UILabel`'s default).
    public static let labelDefault = Font(pointSize: 17)

    public var description: String { "system \(formatNumber(pointSize)) pt \(weight.rawValue)" }
}

/// What measures a label's text, as Core Text does for UILabel: the size of `text` in `font`,
/// wrapped at `width` and cut to `lines`.
///
/// A label without a measurer uses the engine's own text model (a fixed advance per character
/// and a fixed line height, ``Label/characterWidth`` and ``Label/lineHeight``), which costs next
/// to nothing; a measurer that shapes text for real (the `LayoutText` module's, on HarfBuzz and
/// FreeType) makes text as costly as it is on a device. A measurer is used by one thread at a
/// time, as UIKit measures text on the main thread.
public protocol TextMeasuring: AnyObject {
    /// The size `text` takes in `font`: on one line when `width` is 0, else wrapped at `width`
    /// into at most `lines` lines (0: no limit), as `UILabel.sizeThatFits(_:)` gives it.
    func size(of text: String, font: Font, width: Double, lines: Int) -> Size

    /// What the measurer has done so far (``TextWork``): a run reads it before and after.
    var work: TextWork { get }
}

/// What a ``TextMeasuring`` did, counted exactly: the measurements asked of it, those it
/// answered from its cache, and the glyphs it shaped for the others.
public struct TextWork: Hashable, Sendable {
    /// Measurements asked, cached or not.
    public var measurements = 0
    /// Measurements answered from the cache, without shaping.
    public var cacheHits = 0
    /// Glyphs shaped.
    public var glyphsShaped = 0

    public init(measurements: Int = 0, cacheHits: Int = 0, glyphsShaped: Int = 0) {
        self.measurements = measurements
        self.cacheHits = cacheHits
        self.glyphsShaped = glyphsShaped
    }

    /// The counters' names, in report order (the report's `counters` after the engine's).
    public static let names = ["textMeasurements", "textCacheHits", "glyphsShaped"]

    /// The counters in ``names`` order.
    public var values: [Int] { [measurements, cacheHits, glyphsShaped] }

    public static func + (lhs: TextWork, rhs: TextWork) -> TextWork {
        TextWork(
            measurements: lhs.measurements + rhs.measurements, cacheHits: lhs.cacheHits + rhs.cacheHits,
            glyphsShaped: lhs.glyphsShaped + rhs.glyphsShaped)
    }

    public static func - (lhs: TextWork, rhs: TextWork) -> TextWork {
        TextWork(
            measurements: lhs.measurements - rhs.measurements, cacheHits: lhs.cacheHits - rhs.cacheHits,
            glyphsShaped: lhs.glyphsShaped - rhs.glyphsShaped)
    }
}
