import LayoutBenchReport
import Testing

/// The terminal tables' layout (``TextTable``).
@Suite("Text tables")
struct TextTableTests {
    @Test("A cell is padded to its width on the side its alignment says; a wider one stays whole")
    func pad() {
        #expect(TextTable.pad("ab", 5) == "ab   ")
        #expect(TextTable.pad("ab", 5, .right) == "   ab")
        #expect(TextTable.pad("abcdef", 3, .right) == "abcdef")
        #expect(TextTable.pad("é✓", 4) == "é✓  ", "width counts characters, not bytes")
        #expect(TextTable.pad("", 0) == "")
    }

    @Test("Columns take their widest cell, join with two spaces and lose trailing spaces")
    func lines() {
        let rows = [["scenario", "size", "verdict"], ["a/b", "1,000", "unchanged"], ["cells/stack-hide", "20", ""]]
        let lines = TextTable.lines(rows) { $0 == 1 ? .right : .left }
        #expect(
            lines == [
                "scenario           size  verdict",
                "a/b               1,000  unchanged",
                "cells/stack-hide     20",
            ])
        #expect(TextTable.lines([]) { _ in .left } == [])
        #expect(TextTable.lines([["x"], ["long", "extra"]]) { _ in .right } == ["   x", "long  extra"], "rows may differ in length")
    }
}
