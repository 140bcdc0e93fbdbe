import Foundation
import Testing

@testable import UIKitLogs

/// The break rule against every real-world log whose broken constraint is known
/// (`KnownBreakLog`: both manifests; skipped when the corpus is absent). The table of
/// docs/break-rule.md comes from here:
///
///     LAYOUTBENCH_BREAK_TABLE=/tmp/breaks.md swift test --filter KnownBreakTests
@Suite(
    "Known breaks in the real-world logs", .serialized,
    .enabled(if: RealWorldLogs.root != nil, Comment(rawValue: RealWorldLogs.skipMessage)))
struct KnownBreakTests {
    static let rows = KnownBreakLog.all().map(KnownBreakRow.init)

    @Test("The manifests name 32 logs whose break is known: 1 in logs/, 24 complete and 7 list-complete in logs2/")
    func counts() {
        let logs = KnownBreakLog.all()
        #expect(logs.filter { $0.set == "logs" }.map(\.name) == ["custom9"])
        #expect(logs.filter { $0.set == "logs2" && $0.status == "complete" }.count == 24)
        #expect(logs.filter { $0.status == "list-complete" }.count == 7)
        #expect(logs.filter { $0.status == "list-complete" }.allSatisfy { $0.noteAddress != nil && $0.notePosition != nil })
    }

    /// Every one parses, and replays as unsatisfiable; a list-complete log's cut recovery line
    /// names the entry the manifest's note names (address and position).
    @Test("Every known-break log parses and replays as unsatisfiable; cut recovery lines match the notes")
    func parseAndReplay() {
        for row in Self.rows {
            #expect(row.parsed, "\(row.log) does not parse: \(row.error ?? "")")
            #expect(row.unsatisfiable, "\(row.log) replays as satisfiable")
            #expect(row.uikitBroke != nil, "\(row.log): no broken constraint read")
            if row.log.noteAddress != nil {
                #expect(
                    row.noteAgrees == true,
                    "\(row.log): the cut line names \(row.uikitBroke?.address ?? "nothing"), the note \(row.log.noteAddress ?? "")")
            }
        }
    }

    /// The figures docs/break-rule.md quotes; a change of the rule that moves them must move
    /// the document too.
    @Test("Agreement: the rule on UIKit's list and the engine's first break")
    func agreement() throws {
        let rows = Self.rows
        if let path = ProcessInfo.processInfo.environment["LAYOUTBENCH_BREAK_TABLE"], !path.isEmpty {
            let text = KnownBreakRow.perKind(rows) + "\n" + KnownBreakRow.table(rows)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let logs2 = rows.filter { $0.log.set == "logs2" }
        let complete2 = logs2.filter { $0.log.status == "complete" }
        let summary =
            "all \(rows.filter(\.engineAgrees).count)/\(rows.count) (rule \(rows.filter(\.ruleAgrees).count)); "
            + "logs2 complete \(complete2.filter(\.engineAgrees).count)/\(complete2.count); "
            + "logs \(rows.filter { $0.log.set == "logs" && $0.engineAgrees }.count)/\(rows.filter { $0.log.set == "logs" }.count)"
        print("Known breaks: \(summary)")
        #expect(rows.count == 32)
        #expect(rows.filter(\.engineAgrees).count >= Self.expectedEngine, "\(summary)")
        #expect(rows.filter(\.ruleAgrees).count >= Self.expectedRule, "\(summary)")
        #expect(complete2.filter(\.engineAgrees).count >= Self.expectedComplete2, "\(summary)")
    }

    /// The measured figures (docs/break-rule.md).
    static let expectedEngine = 28
    static let expectedRule = 28
    static let expectedComplete2 = 22
}
