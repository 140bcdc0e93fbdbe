import Foundation
import Testing

@testable import UIKitLogs

/// Over the real-world corpus (skipped when it is absent).
@Suite("Real-world logs", .enabled(if: RealWorldLogs.root != nil, Comment(rawValue: RealWorldLogs.skipMessage)))
struct RealWorldLogTests {
    @Test("The manifest lists 20 complete wtfautolayout logs")
    func manifest() {
        #expect(RealWorldLogs.completeLogs().count == 20)
    }

    @Test("Every complete log parses and replays as unsatisfiable", arguments: RealWorldLogs.completeLogs())
    func complete(_ url: URL) throws {
        let conflicts = try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8))
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.constraints.count >= 2)
        let outcome = ConflictReplay(conflict).run()
        #expect(outcome.unsatisfiable, "\(url.lastPathComponent) replays as satisfiable")
        #expect(!outcome.minimalConflict.isEmpty && outcome.engineBreaks != nil)
    }

    /// The replay finds the conflict UIKit found: removing any listed constraint resolves it.
    /// The three others list constraints the conflict does not need.
    @Test("The minimal set is exactly UIKit's list in 17 of the 20 complete logs")
    func minimalSets() throws {
        var differing: [String] = []
        for url in RealWorldLogs.completeLogs() {
            let conflict = try #require(try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8)).first)
            if !ConflictReplay(conflict).run().minimalIsLoggedSet {
                differing.append(url.deletingPathExtension().lastPathComponent)
            }
        }
        #expect(differing.sorted() == ["custom4", "issue18", "issue5"])
    }

    /// custom9 is the corpus's one complete log with UIKit's recovery line. Its conflict can go
    /// through the stack view's own width or through the labels; the engine's mutually exclusive
    /// set goes through the labels in every activation order, and the rule then breaks what
    /// UIKit broke (docs/break-rule.md).
    @Test("custom9: the engine breaks UIKit's choice, UISV-alignment trailing, in every activation order")
    func custom9Agrees() throws {
        let url = try #require(RealWorldLogs.root?.appendingPathComponent("logs/wtfautolayout/custom9.log"))
        let conflict = try #require(try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8)).first)
        #expect(conflict.broken?.address == "7f83b85cf8e0")
        let outcome = ConflictReplay(conflict).run()
        #expect(outcome.agree == true, "the engine breaks \(outcome.engineBreaks?.equation ?? "nothing")")
        #expect(outcome.orderIndependent)
        let replay = ConflictReplay(conflict)
        let count = replay.replayedLogCount
        let seed: UInt64 = 0xC057_0009
        var generator = EvidenceShape.SplitMix(seed: seed)
        for round in 0..<6 {
            let order = generator.permutation(of: count)
            let broken = replay.engineBreaks(activating: order)
            #expect(broken?.address == "7f83b85cf8e0", "seed \(seed), round \(round), order \(order): \(broken?.equation ?? "nothing")")
        }
    }

    @Test("The manifest's malformed logs are all in the invalid folder")
    func malformedPresent() {
        #expect(
            RealWorldLogs.files(in: "logs/wtfautolayout/invalid").map(\.lastPathComponent)
                == ["duplicateKeyError.log", "invalidHexitError.log"])
    }

    @Test("Malformed logs get located errors", arguments: RealWorldLogs.files(in: "logs/wtfautolayout/invalid"))
    func malformed(_ url: URL) throws {
        do {
            _ = try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8))
            Issue.record("\(url.lastPathComponent) parsed")
        } catch let error as UIKitLogError {
            #expect(error.line == 2 && error.column > 1)
            #expect([.invalidHexDigit, .duplicateName].contains(error.code))
        }
    }

    @Test(
        "Fragments and hand-made examples parse",
        arguments: RealWorldLogs.files(in: "logs/wtfautolayout/synthetic")
            + ["issue1.log", "issue16.log"].compactMap {
                RealWorldLogs.root?.appendingPathComponent("logs/wtfautolayout/\($0)")
            })
    func others(_ url: URL) throws {
        let conflicts = try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8))
        #expect(conflicts.first?.constraints.isEmpty == false)
    }
}
