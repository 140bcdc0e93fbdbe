import Testing

@testable import LayoutBenchCLI

@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test("Control characters but line feeds and tabs are shown as \\u{...}; other text is unchanged")
    func safe() {
        #expect(TerminalText.safe("a\tb\nc — é") == "a\tb\nc — é")
        #expect(TerminalText.safe("\u{1B}[2J\r\u{07}\u{7F}\u{9B}x") == "\\u{1b}[2J\\u{d}\\u{7}\\u{7f}\\u{9b}x")
    }
}
