import LayoutEngine
import Testing

@testable import LayoutText

/// What a label's text measures: widths from HarfBuzz's advances, lines broken at a width, the
/// line limit, newlines, and the cache and counters.
@Suite("Text measurement: widths, wrapping and the cache")
struct TextMeasurerTests {
    let measurer: TextMeasurer
    let body = Font.preferred(.body)

    init() throws {
        measurer = try TextMeasurer()
    }

    func width(_ text: String, _ font: Font) throws -> Double {
        try measurer.measure(text, font: font).size.width
    }

    @Test("a line's width grows with its text and with the weight")
    func widthGrowsWithLengthAndWeight() throws {
        var previous = 0.0
        for text in ["H", "Hello", "Hello, world", "Hello, world, again and again"] {
            let width = try width(text, body)
            #expect(width > previous, "\(text)")
            previous = width
        }
        var lighter = 0.0
        for weight in Font.Weight.allCases {
            let width = try width("Hello, world", Font(size: 17, weight: weight))
            #expect(width > lighter, "\(weight)")
            lighter = width
        }
        #expect(try width("Hello, world", Font(size: 34)) > 1.9 * width("Hello, world", body))
    }

    @Test("widths are within 7 % of SF Pro's at 17 pt (Inter is wider)")
    func widthsAreCloseToSFPro() throws {
        // SF Pro Text 17 pt, from Core Text in public test suites (docs/text.md, "Widths").
        for (text, sfPro) in [("Hello", 38.814453125), ("This is a test string", 144.09326171875)] {
            let width = try width(text, body)
            #expect(width > sfPro && width < sfPro * 1.07, "\(text): \(width)")
        }
    }

    @Test("a sentence on one line at 400 points wraps to 3 lines at 100")
    func wrapsAtTheWidth() throws {
        let text = "The label wraps this sentence."
        let wide = try measurer.measure(text, font: body, maxWidth: 400, numberOfLines: 0)
        #expect(wide.lineCount == 1)
        #expect(wide.size.width < 400)
        let narrow = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0)
        #expect(narrow.lineCount == 3)
        #expect(narrow.size.width <= 100)
        #expect(narrow.size.height == TextMeasurer.roundedUpToPixel(3 * measurer.metrics(of: body).lineHeight))
        // As SF Pro does: Core Text breaks "This is a test string" at 100 points into 2 lines.
        #expect(try measurer.measure("This is a test string", font: body, maxWidth: 100, numberOfLines: 0).lineCount == 2)
    }

    @Test("numberOfLines caps the lines; 1 does not wrap, as UILabel's one-line labels")
    func numberOfLinesCapsLines() throws {
        let text = "The label wraps this sentence."
        #expect(try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 2).lineCount == 2)
        #expect(try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 3).lineCount == 3)
        #expect(try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 9).lineCount == 3)
        let oneLine = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 1)
        #expect(oneLine.lineCount == 1)
        #expect(oneLine.size == (try measurer.measure(text, font: body)).size)
        #expect(oneLine.size.width > 100)
        // A negative limit is no limit.
        #expect(try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: -1).lineCount == 3)
    }

    @Test("newlines force breaks; one at the very end adds no line")
    func newlinesForceBreaks() throws {
        let cases: [(String, Int)] = [
            ("", 0), ("a", 1), ("a\n", 1), ("\n", 1), ("a\nb", 2), ("a\r\nb", 2), ("a\rb", 2), ("a\n\nb", 3),
            ("a\u{2028}b\u{2029}c", 3), ("a\u{85}b", 2),
        ]
        for (text, lines) in cases {
            let measurement = try measurer.measure(text, font: body, numberOfLines: 0)
            #expect(measurement.lineCount == lines, "\(text.debugDescription)")
        }
        #expect(try measurer.measure("", font: body).size == .zero)
        // A one-line label keeps its first line only.
        #expect(try measurer.measure("Hi\nthere, a longer line", font: body).size == (try measurer.measure("Hi", font: body)).size)
    }

    @Test("a word wider than the line breaks between grapheme clusters")
    func longWordsBreakBetweenClusters() throws {
        let word = try measurer.measure("antidisestablishmentarianism", font: body, maxWidth: 50, numberOfLines: 0)
        #expect(word.lineCount > 4)
        #expect(word.size.width <= 50)
        // At a 1-point width every cluster is a line: a decomposed é (e and a combining accent)
        // and a family emoji (three people joined by ZWJ) stay whole.
        #expect(try measurer.measure("e\u{301}e\u{301}e\u{301}", font: body, maxWidth: 1, numberOfLines: 0).lineCount == 3)
        #expect(try measurer.measure("👨‍👩‍👧👨‍👩‍👧", font: body, maxWidth: 1, numberOfLines: 0).lineCount == 2)
    }

    @Test("lines break after hyphens, and spaces at a break hang outside the width")
    func hyphensAndSpaces() throws {
        // Wider than "well-" and "known", narrower than "well-known": a break after the hyphen.
        let prefix = try width("well-", body)
        let suffix = try width("known", body)
        let hyphenated = try measurer.measure("well-known", font: body, maxWidth: max(prefix, suffix) + 1, numberOfLines: 0)
        #expect(try width("well-known", body) > max(prefix, suffix) + 1)
        #expect(hyphenated.lineCount == 2)
        // Kerning across the break may move the hyphen's advance by a fraction of a point.
        #expect(abs(hyphenated.size.width - max(prefix, suffix)) < 1)
        // "known " ends a line: its space is not in the width.
        let word = try measurer.measure("known", font: body)
        let lines = try measurer.measure("known known", font: body, maxWidth: word.size.width + 1, numberOfLines: 0)
        #expect(lines.lineCount == 2)
        #expect(lines.size.width == word.size.width)
    }

    @Test("the second identical measurement is a cache hit and shapes nothing")
    func cacheHits() throws {
        let text = "The label wraps this sentence."
        let first = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0)
        let afterFirst = measurer.counters
        #expect(afterFirst.measurements == 1)
        #expect(afterFirst.cacheHits == 0)
        #expect(afterFirst.shapedRuns == 1)
        #expect(afterFirst.glyphsShaped == 30)
        #expect(afterFirst.linesBroken == 3)
        #expect(try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0) == first)
        var expected = afterFirst
        expected.measurements = 2
        expected.cacheHits = 1
        #expect(measurer.counters == expected)

        // Another width, font or line limit is another entry; a one-line label at any width is one.
        _ = try measurer.measure(text, font: body, maxWidth: 200, numberOfLines: 0)
        _ = try measurer.measure(text, font: Font(size: 17, weight: .bold), maxWidth: 100, numberOfLines: 0)
        _ = try measurer.measure(text, font: body, maxWidth: 100)
        _ = try measurer.measure(text, font: body, maxWidth: 300)
        #expect(measurer.counters.cacheHits == 2)
        #expect(measurer.counters.shapedRuns == 4)
        #expect(measurer.cachedCount == 4)

        measurer.clearCache()
        #expect(measurer.cachedCount == 0)
        _ = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0)
        #expect(measurer.counters.shapedRuns == 5)
        measurer.resetCounters()
        #expect(measurer.counters == TextCounters())
    }

    @Test("the cache tells texts apart by their bytes: composed and decomposed é are two entries")
    func cacheKeysAreBytes() throws {
        _ = try measurer.measure("caf\u{E9}", font: body)
        _ = try measurer.measure("cafe\u{301}", font: body)
        #expect(measurer.counters.cacheHits == 0)
        #expect(measurer.cachedCount == 2)
    }

    @Test("the integrator's call takes Label's arguments: width 0 for no wrapping")
    func labelAdapter() throws {
        let text = "The label wraps this sentence."
        #expect(
            measurer.size(of: text, font: body, width: 100, lines: 0)
                == (try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0)).size)
        #expect(measurer.size(of: text, font: body, width: 0, lines: 0) == (try measurer.measure(text, font: body)).size)
        #expect(measurer.size(of: text, font: body, width: 100, lines: 1) == (try measurer.measure(text, font: body)).size)
        #expect(measurer.counters.estimates == 0)
    }

    @Test("the counters are the same on every run of the same measurements")
    func countersAreDeterministic() throws {
        func run() throws -> TextCounters {
            let measurer = try TextMeasurer()
            for width in [0.0, 80, 120, 80] {
                _ = try measurer.measure("Deterministic counters, run after run.", font: body, maxWidth: width, numberOfLines: 0)
            }
            return measurer.counters
        }
        let first = try run()
        #expect(try run() == first)
        #expect(first.measurements == 4)
        #expect(first.cacheHits == 1)
        #expect(first.shapedRuns == 3)
    }
}
