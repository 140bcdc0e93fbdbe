import Foundation
import Testing

@testable import UIKitLogs

/// `ExplainReport` in-process: each log and each block reported on its own, the verdict's
/// words, and the log forms the report must read (fixtures written for these tests).
@Suite("Explain report: logs and blocks on their own")
struct ExplainReportTests {
    /// A console paste of two blocks whose first has an entry the parser cannot read: that
    /// block is an error naming its line, and the second is still explained.
    @Test("A damaged block is an error for that block; the next block is explained")
    func damagedBlock() throws {
        let text = try Fixture.text("two-blocks-one-damaged.log")
        let blocks = try UIKitLogParser().parseBlocks(text)
        #expect(blocks.count == 2)
        guard case .failure(let error) = try #require(blocks.first) else {
            Issue.record("the damaged block was read")
            return
        }
        #expect(error.code == .invalidHexDigit && error.line == 5 && error.column == 36)
        guard case .success(let second) = blocks[1] else {
            Issue.record("the second block was not read")
            return
        }
        #expect(second.constraints.count == 2 && second.broken?.address == "600000c02020")

        var report = ExplainReport()
        report.add(path: "paste.log", text: text)
        #expect(report.entries.count == 2)
        #expect(report.entries[0].parsed == false && report.entries[0].block == 0)
        #expect(report.entries[0].error?.hasPrefix("paste.log:5:36: error:") == true)
        #expect(report.entries[1].parsed && report.entries[1].block == 1 && report.entries[1].unsatisfiable == true)
        #expect(report.totals.conflicts == 1 && report.totals.unreadable == 1 && report.totals.parsed == 0)
        #expect(report.hasUnreadableLog && !report.hasMissingFile)
        #expect(report.text().contains("paste.log (block 2): 2 constraints, unsatisfiable in the engine too"))
        // The strict reader still reports the first error.
        #expect(throws: UIKitLogError.self) { try UIKitLogParser().parse(text) }
    }

    @Test("Several logs: a missing file and a damaged log are errors for them; the rest are explained")
    func severalLogs() throws {
        var report = ExplainReport()
        report.add(path: "good.log", text: try Fixture.text("modern-cell.log"))
        report.add(file: "/nonexistent/explain-report-tests.log")
        report.add(path: "bad.log", text: try Fixture.text("unterminated.log"))
        #expect(report.entries.map(\.parsed) == [true, false, false])
        #expect(report.entries[1].errorCode == .unreadableFile && report.entries[2].errorCode == .unterminatedDescription)
        #expect(report.totals.logs == 3 && report.totals.parsed == 1 && report.totals.unreadable == 2)
        #expect(report.hasUnreadableLog && report.hasMissingFile)
        var missingOnly = ExplainReport()
        missingOnly.add(file: "/nonexistent/explain-report-tests.log")
        #expect(missingOnly.hasMissingFile && !missingOnly.hasUnreadableLog)
    }

    /// Old logs print engine variables with their ids: `UITableView:0x7c1d4400.contentHeight{id: 178}`.
    @Test("Engine variables with ids: contentHeight{id: N} reads as the scroll view's content height")
    func engineVariables() throws {
        let conflict = try #require(try Fixture.parse("engine-variables.log").first)
        #expect(conflict.constraints.count == 3)
        let content = conflict.constraints[0]
        #expect(content.first.attribute == .contentHeight && content.first.item.address == "7c1d4400" && content.constant == 88)
        let link = conflict.constraints[1]
        #expect(link.first.attribute == .contentHeight && link.second?.attribute == .height && link.second?.item.address == "7c1d4400")
        let inline = try entry("<NSLayoutConstraint:0x7c1d6000 UIView:0x7c1d4500.minX{id: 12} == 0>")
        #expect(inline.first.attribute == .minX && inline.first.item.address == "7c1d4500")
        let outcome = ConflictReplay(conflict).run()
        #expect(outcome.unsatisfiable && outcome.minimalIsLoggedSet)
    }

    /// The replay comes out satisfiable, yet the log does say what UIKit broke: the words must
    /// say that the engine has nothing to break, not that the log is silent.
    @Test("A satisfiable replay of a log with a recovery line says so, not that the log is silent")
    func satisfiableVerdict() throws {
        var report = ExplainReport()
        report.add(path: "ok.log", text: try Fixture.text("satisfiable-with-recovery.log"))
        let entry = try #require(report.entries.first)
        #expect(entry.unsatisfiable == false && entry.uikitBroke != nil && entry.agree == nil)
        let text = report.text()
        #expect(!text.contains("the log does not say what UIKit broke"))
        #expect(text.contains("UIKit broke:   UILabel 'Note'.width == 120"))
        #expect(text.contains("Engine breaks: nothing (satisfiable in the engine"))
        #expect(!report.markdown().contains("the log does not say what UIKit broke"))
        // A log without a recovery line keeps the old words.
        var silent = ExplainReport()
        silent.add(path: "list.log", text: try Fixture.text("third-party.log"))
        #expect(silent.text().contains("the log does not say what UIKit broke"))
    }

    /// Long pastes and stored excerpts end inside the recovery line's constraint; its address
    /// still names the listed entry.
    @Test("A recovery line cut inside the description names the listed entry by its address")
    func cutRecoveryLine() throws {
        let conflict = try #require(try Fixture.parse("cut-recovery.log").first)
        #expect(conflict.constraints.count == 3 && conflict.isRecoveryLineCut)
        #expect(conflict.broken?.address == "600000e01030" && conflict.broken?.constant == 6)
        // An address the list does not hold, or one cut short, leaves the line an error.
        let text = try Fixture.text("cut-recovery.log")
        let unknown = text.replacingOccurrences(
            of: "breaking constraint \n<NSLayoutConstraint:0x600000e01030", with: "breaking constraint \n<NSLayoutConstraint:0x600000e09999")
        #expect(throws: UIKitLogError.self) { try UIKitLogParser().parse(unknown) }
        let short = text.replacingOccurrences(
            of: "<NSLayoutConstraint:0x600000e01030 H:[UILabel:0x7fa1000\n", with: "<NSLayoutConstraint:0x600000e010\n")
        #expect(throws: UIKitLogError.self) { try UIKitLogParser().parse(short) }
    }
}

@Suite("Parser: AppKit's newer recovery line")
struct AppKitRecoveryLineTests {
    /// macOS 14 prints `Conflicting constraints detected: (…).` and `Will attempt to recover by
    /// breaking <…>.`, without the word "constraint": the entry is the broken one, not a
    /// fourth entry of the list.
    @Test("'Will attempt to recover by breaking <…>.' names the broken constraint")
    func withoutTheWord() throws {
        let text = """
            Conflicting constraints detected: (
                "<NSLayoutConstraint:0x600000f01010 H:|-(5)-[NSView:0x7fa100005510](LTR)   (active, names: '|':App.Row:0x7fa100005500 )>",
                "<NSLayoutConstraint:0x600000f01020 NSView:0x7fa100005510.right == App.Row:0x7fa100005500.right - 5   (active)>",
                "<NSAutoresizingMaskLayoutConstraint:0x600000f01030 h=--& v=--& App.Row:0x7fa100005500.width == 0   (active)>"
            ).
            Will attempt to recover by breaking <NSLayoutConstraint:0x600000f01020 NSView:0x7fa100005510.right == App.Row:0x7fa100005500.right - 5   (active)>.
            """
        let conflict = try #require(try UIKitLogParser().parse(text).first)
        #expect(conflict.constraints.count == 3 && conflict.broken?.address == "600000f01020")
    }
}

/// What `explain` reads from a file or standard input: bounded, and never a trap.
@Suite("Explain report: reading logs")
struct ExplainReadingTests {
    @Test("A folder given as a log (or as standard input) is unreadable, not a trap")
    func folderIsUnreadable() throws {
        let folder = FileManager.default.temporaryDirectory.path
        var report = ExplainReport()
        report.add(file: folder)
        let handle = try #require(FileHandle(forReadingAtPath: folder))
        report.add(path: "<stdin>", reading: handle)
        #expect(report.entries.map(\.errorCode) == [.unreadableFile, .unreadableFile])
        #expect(report.hasMissingFile && !report.hasUnreadableLog)
    }

    @Test("A log longer than the limit is refused as too large, after reading no more than the limit")
    func tooLarge() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explain-too-large-\(getpid()).log")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "x"), count: ExplainReport.maximumLogBytes + 1).write(to: url)
        var report = ExplainReport()
        report.add(file: url.path)
        #expect(report.entries.map(\.errorCode) == [.tooLarge])
        #expect(report.hasUnreadableLog)
    }
}
