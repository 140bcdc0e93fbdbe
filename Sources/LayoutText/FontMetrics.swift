import LayoutEngine

/// A font's vertical metrics at a size, as UIFont reports them: the font file's values in
/// font units (FreeType's `ascender`, `descender` and `height` of the face, which for an
/// OpenType font are the `hhea` table's; `sCapHeight` and `sxHeight` from `OS/2`) times
/// `pointSize / unitsPerEm`, unrounded, as Core Text scales them.
///
/// ## Inter against SF Pro at 17 pt
///
/// SF Pro Text, iOS's system font below 20 pt, has 2048 units per em, an ascender of 1950
/// and a descender of -494 units and no line gap. At 17 pt UIFont gives:
///
/// | metric | SF Pro Text 17 pt | Inter 17 pt (fonts-inter 4.0~beta7) | Inter - SF |
/// | --- | --- | --- | --- |
/// | `ascender` | 16.1865234375 | 16.46875 (2728 / 2816 em) | +0.28 (+1.7 %) |
/// | `descender` | -4.1005859375 | -4.10511... (-680 / 2816 em) | -0.005 (0.1 %) |
/// | `lineHeight` | 20.287109375 | 20.57386... (3408 / 2816 em) | +0.29 (+1.4 %) |
/// | `capHeight` | 11.97802734375 | 12.36363... (2048 / 2816 em) | +0.39 (+3.2 %) |
/// | `xHeight` | 8.9482421875 | 9.27272... (1536 / 2816 em) | +0.32 (+3.6 %) |
///
/// Sources for SF Pro: `UIFont.systemFont(ofSize: 17)` printed by iOS apps in public code
/// (lineHeight 20.287109375, capHeight 11.97802734375, ascender 16.1865234375; the same
/// 20.287109375 is the height of one line of `systemFont(ofSize: 17)` text in public XCTest
/// suites of `NSAttributedString.boundingRect` and `String.size(font:)`), and a public
/// harvest of iOS 26.1's font metrics (`.SFUI-Regular` 17 pt: UPEM 2048, ascent
/// 16.1865234375, descent 4.1005859375, leading 0). The older 15 pt lineHeight 17.900391
/// (= 15 x 2444 / 2048) on iOS 9 and 20 pt ascender 19.04 and descender -4.82 of SF UI
/// Display agree with the same 1950 / -494 / 2048 units. docs/text.md lists them.
///
/// So a one-line label of Inter at 17 pt is 20.666 tall where SF Pro's is 20.333 (both
/// rounded up to a pixel at 3x); its widths are about 5 % wider (docs/text.md, "Widths").
public struct FontMetrics: Hashable, Sendable {
    /// The size in points.
    public let pointSize: Double
    /// The font's units per em.
    public let unitsPerEm: Int
    /// Height above the baseline (positive), UIFont.ascender.
    public let ascender: Double
    /// Depth below the baseline (negative, as UIFont.descender).
    public let descender: Double
    /// The line gap, UIFont.leading.
    public let leading: Double
    /// The capital letters' height, UIFont.capHeight.
    public let capHeight: Double
    /// The lower-case letters' height, UIFont.xHeight.
    public let xHeight: Double

    /// One line's height: `ascender - descender + leading`, UIFont.lineHeight.
    public var lineHeight: Double { ascender - descender + leading }

    /// The metrics of a face whose values are in font units, at `pointSize`.
    init(pointSize: Double, face: FaceMetrics) {
        let scale = pointSize / Double(face.unitsPerEm)
        self.pointSize = pointSize
        self.unitsPerEm = face.unitsPerEm
        ascender = Double(face.ascender) * scale
        descender = Double(face.descender) * scale
        leading = Double(face.lineGap) * scale
        capHeight = Double(face.capHeight) * scale
        xHeight = Double(face.xHeight) * scale
    }
}

/// A font file's metrics in font units, read once when the measurer opens it.
struct FaceMetrics: Hashable, Sendable {
    var unitsPerEm: Int
    /// FreeType's `ascender` (hhea's for OpenType fonts).
    var ascender: Int
    /// FreeType's `descender` (negative).
    var descender: Int
    /// FreeType's `height - ascender + descender`: the line gap.
    var lineGap: Int
    var capHeight: Int
    var xHeight: Int
    /// The mean advance of the letters a to z, A to Z and the space, for the estimate of
    /// texts over the measurer's limit (``TextMeasurer/size(of:font:width:lines:)``).
    var averageAdvance: Double
}
