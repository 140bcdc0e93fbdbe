import LayoutEngine
import Testing

@testable import LayoutText

/// The hostile inputs: huge texts, sizes that are no size, fonts that are not there.
@Suite("Text limits: huge texts, bad sizes and missing fonts")
struct TextLimitsTests {
    let body = Font.preferred(.body)

    @Test("a text over the limit is refused by measure and estimated by size(of:)")
    func hugeTextIsRefusedOrEstimated() throws {
        let measurer = try TextMeasurer()
        let huge = String(repeating: "Lorem ipsum dolor sit amet. ", count: TextMeasurer.maximumTextBytes / 28 + 1)
        #expect(huge.utf8.count > TextMeasurer.maximumTextBytes)
        #expect {
            try measurer.measure(huge, font: body)
        } throws: { error in
            (error as? TextError)?.code == .textTooLong
        }
        let oneLine = measurer.size(of: huge, font: body, width: 0, lines: 1)
        #expect(oneLine.width > 1_000_000)
        #expect(oneLine.height == TextMeasurer.roundedUpToPixel(measurer.metrics(of: body).lineHeight))
        let wrapped = measurer.size(of: huge, font: body, width: 300, lines: 0)
        #expect(wrapped.width == 300)
        #expect(wrapped.height > 1_000)
        #expect(
            measurer.size(of: huge, font: body, width: 300, lines: 4).height
                == TextMeasurer.roundedUpToPixel(4 * measurer.metrics(of: body).lineHeight))
        // Even a width of a billionth of a point gives a finite size.
        #expect(measurer.size(of: huge, font: body, width: 1e-9, lines: 0).height.isFinite)
        #expect(measurer.counters.estimates == 4)
        #expect(measurer.counters.shapedRuns == 0)
        #expect(measurer.counters.measurements == 5)
        #expect(measurer.cachedCount == 0)
    }

    @Test("a text at the limit is shaped in bounded runs, however it is made")
    func textAtTheLimitIsShapedInRuns() throws {
        let measurer = try TextMeasurer()
        let limit = TextMeasurer.maximumTextBytes
        // One word of 1 MiB (no break opportunity), words, and lines.
        let texts = [
            String(repeating: "x", count: limit),
            String(repeating: "word ", count: limit / 5),
            String(repeating: "a\n", count: limit / 2),
        ]
        for text in texts {
            measurer.resetCounters()
            let measurement = try measurer.measure(text, font: body, maxWidth: 320, numberOfLines: 0)
            #expect(measurement.lineCount > 100)
            #expect(measurement.size.width <= 320)
            #expect(measurer.counters.glyphsShaped >= limit / 2)
        }
        // The one word: in runs of at most shapingRunBytes bytes.
        measurer.resetCounters()
        _ = try measurer.measure(texts[0], font: body, maxWidth: 321, numberOfLines: 0)
        #expect(measurer.counters.shapedRuns == limit / TextMeasurer.shapingRunBytes)
        #expect(measurer.counters.glyphsShaped == limit)
    }

    @Test("a text of many lines stops being shaped at the line limit")
    func lineLimitStopsShaping() throws {
        let measurer = try TextMeasurer()
        let text = String(repeating: "A line of text\n", count: 10_000)
        let measurement = try measurer.measure(text, font: body, maxWidth: 320, numberOfLines: 3)
        #expect(measurement.lineCount == 3)
        #expect(measurer.counters.shapedRuns == 3)
        #expect(measurer.counters.linesBroken == 3)
    }

    @Test("sizes that are no size are refused, and give (0 x 0) to a label", arguments: [0, -1, .nan, .infinity, 5000])
    func invalidSizesAreRefused(size: Double) throws {
        let measurer = try TextMeasurer()
        #expect {
            try measurer.measure("Hello", font: Font(size: size))
        } throws: { error in
            (error as? TextError)?.code == .invalidFontSize
        }
        #expect(measurer.size(of: "Hello", font: Font(size: size), width: 100, lines: 0) == .zero)
    }

    @Test("widths that are no width do not wrap", arguments: [0, -5, .nan, .infinity, 1e300])
    func invalidWidthsDoNotWrap(width: Double) throws {
        let measurer = try TextMeasurer()
        let text = "The label wraps this sentence."
        #expect(try measurer.measure(text, font: body, maxWidth: width, numberOfLines: 0).lineCount == 1)
    }

    @Test("a missing font is a typed error that names the package to install")
    func missingFontIsTypedError() throws {
        #expect {
            try TextMeasurer(fontDirectories: ["/nonexistent/fonts"])
        } throws: { error in
            guard let error = error as? TextError else { return false }
            return error.code == .fontNotFound && error.message.contains("apt-get install fonts-inter")
                && error.message.contains("/nonexistent/fonts") && error.message.contains("Inter-Regular.otf")
        }
        #expect {
            try FontFiles.locate(in: [])
        } throws: { error in
            (error as? TextError)?.code == .fontNotFound
        }
        let found = try FontFiles.locate()
        let missingBold = FontFiles(
            regular: found.paths[.regular]!, medium: found.paths[.medium]!, semibold: found.paths[.semibold]!,
            bold: "/nonexistent/Inter-Bold.otf")
        #expect {
            try TextMeasurer(fonts: missingBold)
        } throws: { error in
            guard let error = error as? TextError else { return false }
            return error.code == .fontNotFound && error.path == "/nonexistent/Inter-Bold.otf"
                && error.message.contains("apt-get install fonts-inter")
        }
    }

    @Test("a file that is not a font is unreadable, not missing")
    func notAFontIsUnreadable() throws {
        let found = try FontFiles.locate()
        // Any readable file that FreeType cannot open: this test's own source.
        let notAFont = #filePath
        try #require(FontFiles.isReadableFile(notAFont))
        let files = FontFiles(regular: notAFont, medium: found.paths[.medium]!, semibold: found.paths[.semibold]!, bold: found.paths[.bold]!)
        #expect {
            try TextMeasurer(fonts: files)
        } throws: { error in
            (error as? TextError)?.code == .fontUnreadable
        }
    }

    @Test("many sizes keep at most sizedFontLimit fonts open")
    func sizedFontsAreBounded() throws {
        let measurer = try TextMeasurer()
        for size in 1...40 {
            _ = try measurer.measure("Hello", font: Font(size: Double(size)))
        }
        #expect(measurer.sizedFonts.count == TextMeasurer.sizedFontLimit)
        // Measured again after eviction: the same size as before.
        let again = try measurer.measure("Hello", font: Font(size: 1), maxWidth: 50, numberOfLines: 0)
        #expect(again.size.width == (try measurer.measure("Hello", font: Font(size: 1))).size.width)
    }

    @Test("the cache empties itself when full")
    func cacheIsBounded() throws {
        let measurer = try TextMeasurer()
        for index in 0..<(TextMeasurer.cacheEntryLimit + 10) {
            _ = try measurer.measure("Row \(index)", font: body)
        }
        #expect(measurer.cachedCount == 10)
    }
}
