import LayoutEngine
import Testing

@testable import LayoutText

/// The greedy breaker on its own, with clusters of whole points (64 in 26.6).
@Suite("Line breaking: greedy, at spaces and hyphens, between clusters")
struct LineBreakerTests {
    /// Breaks `text` with every character a cluster of `advance` points (a space 1 point):
    /// the lines' count and the widest line in points.
    func breakText(_ text: String, width: Int, lines: Int = 0, advance: Int = 10) -> (lines: Int, widest: Int) {
        var breaker = LineBreaker(maxWidth: width * 64, maxLines: lines)
        for character in text {
            switch character {
            case " ": breaker.add(64, .space)
            case "-": breaker.add(advance * 64, .breakAfter)
            case "|": breaker.endParagraph()
            default: breaker.add(advance * 64, .normal)
            }
        }
        breaker.endParagraph()
        return (breaker.lineCount, breaker.widest / 64)
    }

    @Test("words fill a line; the space at a break hangs")
    func wordsFillLines() {
        // "aaa bbb" is 30 + 1 + 30: at 61 one line, at 60 two lines of 30.
        #expect(breakText("aaa bbb", width: 61) == (1, 61))
        #expect(breakText("aaa bbb", width: 60) == (2, 30))
        #expect(breakText("aaa bbb ccc", width: 65) == (2, 61))
        #expect(breakText("aaa bbb ccc", width: 60) == (3, 30))
        #expect(breakText("aa bb cc", width: 45) == (2, 41))
    }

    @Test("a hyphen is a break opportunity and counts in its line")
    func hyphens() {
        #expect(breakText("aaa-bbb", width: 45) == (2, 40))
        #expect(breakText("aaa-bbb", width: 70) == (1, 70))
    }

    @Test("a word wider than the line breaks between clusters")
    func longWords() {
        #expect(breakText("aaaaaaaaaa", width: 35) == (4, 30))
        #expect(breakText("a aaaaaaaaaa", width: 35) == (5, 30))
        // Narrower than one cluster: one cluster a line.
        #expect(breakText("aaaa", width: 1) == (4, 10))
    }

    @Test("the line limit stops the breaking")
    func lineLimit() {
        #expect(breakText("aaa bbb ccc ddd", width: 35, lines: 2) == (2, 30))
        #expect(breakText("aaaaaaaaaa", width: 35, lines: 1) == (1, 30))
    }

    @Test("paragraphs: each ends its line, an empty one is an empty line, the last keeps its spaces")
    func paragraphs() {
        #expect(breakText("aa|bbb", width: 1000) == (2, 30))
        #expect(breakText("aa||b", width: 1000) == (3, 20))
        #expect(breakText("aa  ", width: 1000) == (1, 22))
    }
}
