import LayoutEngine
import Testing

@testable import LayoutText

/// Inter's metrics at 17 pt against SF Pro Text's, as `UIFont.systemFont(ofSize: 17)` reports
/// them (FontMetrics.swift and docs/text.md give the sources).
@Suite("Font metrics: Inter stands in for SF Pro")
struct FontMetricsTests {
    /// SF Pro Text at 17 pt: 1950, -494 and 2444 of 2048 units per em.
    static let sfProAscender = 16.1865234375
    static let sfProDescender = -4.1005859375
    static let sfProLineHeight = 20.287109375

    @Test("at 17 pt the ascender, descender and line height are within 2 % of SF Pro's")
    func bodyMetricsAreCloseToSFPro() throws {
        let metrics = try TextMeasurer().metrics(of: .preferred(.body))
        #expect(metrics.pointSize == 17)
        // fonts-inter 4.0: 2728 / -680 / 0 units of 2816 (16.47, -4.11, 20.57 at 17 pt).
        #expect(abs(metrics.ascender - Self.sfProAscender) / Self.sfProAscender < 0.02)
        #expect(abs(metrics.descender - Self.sfProDescender) / -Self.sfProDescender < 0.02)
        #expect(abs(metrics.lineHeight - Self.sfProLineHeight) / Self.sfProLineHeight < 0.02)
        #expect(metrics.lineHeight == metrics.ascender - metrics.descender + metrics.leading)
        #expect(metrics.capHeight > 0 && metrics.capHeight < metrics.ascender)
        #expect(metrics.xHeight > 0 && metrics.xHeight < metrics.capHeight)
    }

    @Test("metrics scale with the size, and every weight has the same vertical metrics")
    func metricsScaleWithSize() throws {
        let measurer = try TextMeasurer()
        let body = measurer.metrics(of: Font(size: 17))
        let large = measurer.metrics(of: Font(size: 34))
        #expect(abs(large.lineHeight - 2 * body.lineHeight) < 1e-12)
        for weight in Font.Weight.allCases {
            #expect(measurer.metrics(of: Font(size: 17, weight: weight)).lineHeight == body.lineHeight)
        }
    }

    @Test("one line of body text is one line height rounded up to a pixel at 3x")
    func oneLineHeightIsRoundedLineHeight() throws {
        let measurer = try TextMeasurer()
        let lineHeight = measurer.metrics(of: .preferred(.body)).lineHeight
        let size = try measurer.measure("Hello", font: .preferred(.body)).size
        #expect(size.height == TextMeasurer.roundedUpToPixel(lineHeight))
        // SF Pro's 20.287 rounds to 20.333 (61 pixels); Inter's 20.574 to 20.667 (62).
        #expect(size.height * 3 == (lineHeight * 3).rounded(.up))
    }

    @Test("the text styles have UIKit's default sizes; the headline is semibold")
    func textStyles() {
        let sizes = Font.TextStyle.allCases.map { Font(textStyle: $0).pointSize }
        #expect(sizes == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(Font.preferred(.headline) == Font(size: 17, weight: .semibold))
        #expect(Font.preferred(.body) == Font.system(size: 17))
        #expect(Font.preferred(.caption2).description == "system 11 pt regular")
    }

    @Test("sizes round up to a third of a point", arguments: [(0.0, 0.0), (20.0, 20.0), (20.1, 20.0 + 1.0 / 3), (20.34, 20 + 2.0 / 3)])
    func pixelRounding(value: Double, rounded: Double) {
        #expect(abs(TextMeasurer.roundedUpToPixel(value) - rounded) < 1e-12)
    }
}
