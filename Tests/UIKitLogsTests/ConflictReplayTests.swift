import Foundation
import LayoutEngine
import Testing

@testable import UIKitLogs

@Suite("Replay")
struct ConflictReplayTests {
    func replay(_ name: String) throws -> ReplayOutcome {
        ConflictReplay(try #require(try Fixture.parse(name).first)).run()
    }

    /// Replays the first conflict of a log given as text.
    func replay(log text: String) throws -> ReplayOutcome {
        ConflictReplay(try #require(try UIKitLogParser().parse(text).first)).run()
    }

    @Test("The cell log: unsatisfiable, the minimal set, the 332 ≠ 320 tension, the engine breaks what the log says")
    func cell() throws {
        let outcome = try replay("modern-cell.log")
        #expect(outcome.unsatisfiable && outcome.constraintCount == 4)
        #expect(outcome.minimalConflict.count == 4 && outcome.implicitRules.isEmpty)
        let tension = try #require(outcome.tension)
        #expect(tension.constraint.identifier == "UIView-Encapsulated-Layout-Width")
        #expect(abs(tension.othersAllow - 332) < 1e-6 && tension.required == 320)
        #expect(outcome.engineBreaks?.address == "600003a01cc0" && outcome.agree == true && outcome.orderIndependent)
        let words = ConflictExplanation(outcome)
        #expect(words.explanation.contains("332 ≠ 320"))
        #expect(words.fix.contains("priority 999"))
    }

    @Test("Autoresizing masks: the fix is translatesAutoresizingMaskIntoConstraints = false")
    func autoresizing() throws {
        let outcome = try replay("legacy-ios8.log")
        #expect(outcome.unsatisfiable)
        #expect(outcome.minimalConflict.contains { $0.className == "NSAutoresizingMaskLayoutConstraint" })
        #expect(outcome.engineBreaks?.className == "NSLayoutConstraint")
        #expect(outcome.agree == true)
        #expect(ConflictExplanation(outcome).fix.contains("translatesAutoresizingMaskIntoConstraints = false"))
    }

    @Test("A satisfiable list is reported as such")
    func satisfiable() throws {
        let conflict = try #require(try UIKitLogParser().parse("(\n\"<NSLayoutConstraint:0x1 UIView:0x7f01.width == 10   (active)>\"\n)").first)
        let outcome = ConflictReplay(conflict).run()
        #expect(!outcome.unsatisfiable && outcome.engineBreaks == nil && outcome.minimalConflict.isEmpty)
        #expect(ConflictExplanation(outcome).explanation.contains("satisfiable"))
    }

    @Test("A position related to the other axis is not replayed (Auto Layout refuses it) and is named")
    func crossAxis() throws {
        let text = """
            (
            "<NSLayoutConstraint:0x1 UIView:0x7f01.width == 10   (active)>",
            "<NSLayoutConstraint:0x2 UIView:0x7f01.width == 20   (active)>",
            "<NSLayoutConstraint:0x3 UIView:0x7f01.top == UIView:0x7f02.leading   (active)>"
            )
            """
        let outcome = try replay(log: text)
        #expect(outcome.unsatisfiable && outcome.refused.map(\.address) == ["3"])
        #expect(ConflictExplanation(outcome).explanation.contains("Not replayed"))
    }

    @Test("Duplicates on one attribute: the fix removes one (AppKit log)")
    func duplicate() throws {
        let outcome = try replay("appkit-and-private.log")
        #expect(outcome.unsatisfiable && outcome.minimalConflict.count == 2)
        #expect(ConflictExplanation(outcome).fix.hasPrefix("Remove the duplicate"))
    }

    @Test("Margins and baselines the log names get UIKit's defaults, stated in the explanation")
    func implicitDefaults() throws {
        let text = """
            (
            "<SnapKit.LayoutConstraint:0x1@A.swift#1 UIView:0x7f02.height == 60.0>",
            "<SnapKit.LayoutConstraint:0x2@A.swift#2 UILabel:0x7f03.top == UIView:0x7f02.topMargin>",
            "<SnapKit.LayoutConstraint:0x3@A.swift#3 UILabel:0x7f03.firstBaseline == UIView:0x7f02.bottomMargin>"
            )
            """
        let outcome = try replay(log: text)
        // 8 + 16.2 + 8 = 32.2 ≠ 60.
        #expect(outcome.unsatisfiable && outcome.minimalConflict.count == 3)
        #expect(outcome.implicitRules.contains { $0.contains("default layout margins") })
        #expect(outcome.implicitRules.contains { $0.contains("firstBaseline lies 16.2 pt below its top") })
    }
}

@Suite("The break rule")
struct BreakRuleTests {
    /// A 300-point title between 16-point insets of a 320-point cell: the pins would squeeze
    /// it, so its trailing pin breaks (Colo #12, CSNotificationView #72); a 200-point one they
    /// would stretch, so its width breaks (DiceTableViewCell #1, What-s-New #13) (docs/break-rule.md).
    @Test("The rule does not depend on activation order, spares imposed geometry, and breaks a stretched size")
    func orderIndependent() throws {
        for (titleWidth, reversed) in [(300.0, false), (300, true), (200, false), (200, true)] {
            let root = View(name: "root")
            let cell = View(name: "content")
            let title = View(name: "title")
            cell.translatesAutoresizingMaskIntoConstraints = false
            title.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(cell)
            cell.addSubview(title)
            let width = LayoutConstraint(
                rebuilding: .container, item: cell, attribute: .width, relatedBy: .equal, toItem: nil,
                attribute: .notAnAttribute, constant: 320, identifier: "UIView-Encapsulated-Layout-Width")
            let constraints = [
                title.widthAnchor.constraint(equalToConstant: titleWidth),
                title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                title.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
                width,
            ]
            LayoutConstraint.activate(reversed ? constraints.reversed() : constraints)
            root.layoutIfNeeded()
            let engine = try #require(root.layoutEngine)
            #expect(engine.brokenConstraintCount == 1)
            let squeezed = titleWidth > 288
            #expect(constraints[2].isBroken == squeezed && !width.isBroken && constraints[0].isBroken == !squeezed)
            #expect(title.frame.width == (squeezed ? 300 : 288) && cell.frame.width == 320)
        }
    }

    @Test(
        "Evidence: given custom9's own list, the rule picks the constraint UIKit broke",
        .enabled(if: RealWorldLogs.root != nil, Comment(rawValue: RealWorldLogs.skipMessage)))
    func customNine() throws {
        let url = try #require(RealWorldLogs.root).appendingPathComponent("logs/wtfautolayout/custom9.log")
        let conflict = try #require(try UIKitLogParser().parse(try String(contentsOf: url, encoding: .utf8)).first)
        let outcome = ConflictReplay(conflict).run()
        #expect(outcome.ruleOnLoggedSet?.address == conflict.broken?.address)
        #expect(outcome.ruleAgrees == true)
    }
}

@Suite("Round trip: explain reads the engine's own report")
struct RoundTripTests {
    @Test("The engine's report parses, replays as unsatisfiable, and the engine breaks the same constraint again")
    func roundTrip() throws {
        let window = Window(width: 200, height: 100)
        let box = View(name: "0x7f0000a1")
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        var messages: [String] = []
        window.engine.logHandler = { messages.append($0) }
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            box.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
            box.widthAnchor.constraint(equalToConstant: 280),
            box.topAnchor.constraint(equalTo: window.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        let message = try #require(messages.first)
        #expect(message.contains(UnsatisfiableConstraintsReport.footerLines[0]))
        let conflict = try #require(try UIKitLogParser().parse(message).first)
        #expect(conflict.hasHeader && conflict.broken != nil && conflict.constraints.count >= 3)
        let outcome = ConflictReplay(conflict).run()
        #expect(outcome.unsatisfiable)
        #expect(outcome.agree == true)
    }
}

@Suite("Replay: autoresizing masks")
struct AutoresizingExpansionTests {
    @Test("A mask expands into UIKit's two constraints per axis; the ones the log omits take the layout's values")
    func expansion() throws {
        let conflict = try #require(try Fixture.parse("legacy-ios8.log").first)
        let replay = ConflictReplay(conflict)
        let added = replay.model.planned.filter(\.valueFromLayout)
        // h=--& is listed (midX, width); v=--& is not: top and height are added.
        #expect(added.map(\.first.attribute) == [.top, .height])
        #expect(added.allSatisfy { $0.first.key == "0x7a6c1230" && $0.origin == .autoresizingMask && $0.mask == "h=--& v=--&" })
        // They hold where the rest of the layout put the view: the outcome does not change.
        let outcome = replay.run()
        #expect(outcome.unsatisfiable && !outcome.implicitRules.contains { $0.contains("translates its frame") })
    }

    @Test("A flexible width follows the superview: the multiplier is the ratio of the sizes")
    func proportional() throws {
        let text = """
            (
            "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&& v=--- H:|-(10)-[UIView:0x7f02]   (active, names: '|':UIView:0x7f01 )>",
            "<NSLayoutConstraint:0x2 UIView:0x7f01.width == 300   (active)>",
            "<NSLayoutConstraint:0x3 UIView:0x7f02.width == 400   (active)>"
            )
            """
        let conflict = try #require(try UIKitLogParser().parse(text).first)
        let replay = ConflictReplay(conflict)
        let added = replay.model.planned.filter(\.valueFromLayout)
        #expect(added.map(\.first.attribute) == [.width, .top, .height])
        let width = try #require(added.first)
        #expect(width.second?.key == "0x7f01" && abs(width.multiplier - 400.0 / 300) < 1e-9)
        // Consistent with the rest: nothing conflicts.
        #expect(!replay.run().unsatisfiable)
    }
}

@Suite("Round trip: the engine's autoresizing report")
struct AutoresizingRoundTripTests {
    @Test("A view that still translates its frame: h=--& v=--& and UIKit's note in the engine's report; explain names the fix")
    func autoresizing() throws {
        let window = Window(width: 375, height: 667)
        window.layoutIfNeeded()
        var messages: [String] = []
        window.engine.logHandler = { messages.append($0) }
        let toast = View(name: "0x7f00000b1", frame: Rect(x: 0, y: 0, width: 120, height: 20))
        toast.autoresizingMask = [.flexibleRightMargin, .flexibleBottomMargin]  // Interface Builder's default
        window.addSubview(toast)  // translatesAutoresizingMaskIntoConstraints stays true
        LayoutConstraint.activate([toast.centerXAnchor.constraint(equalTo: window.centerXAnchor)])
        window.layoutIfNeeded()
        let message = try #require(messages.first)
        #expect(message.contains(UnsatisfiableConstraintsReport.autoresizingNote))
        #expect(message.contains("<NSAutoresizingMaskLayoutConstraint:0x"))
        #expect(message.contains(" h=--& v=--& "))
        var report = ExplainReport()
        report.add(path: "engine.log", text: message)
        let entry = try #require(report.entries.first)
        #expect(entry.parsed && entry.unsatisfiable == true && entry.agree == true)
        #expect(entry.fix?.contains("translatesAutoresizingMaskIntoConstraints = false") == true)
    }
}

/// A conflict of *n* constraints must not cost a set search per test of the replay's deletion
/// filter: bounded by counts (the replay's ``ConflictReplay/Tally``), not by time.
@Suite("Replay: the cost of a long conflict")
struct ReplayCostTests {
    /// `|-(8)-[v0]-(8)-[v1]…-(8)-|` in a zero-width cell: one conflict of n + 2 constraints.
    static func chain(_ count: Int) -> String {
        var entries = ["<NSLayoutConstraint:0xc0000 H:|-(8)-[UIView:0xa0]   (active, names: '|':UIView:0xf0000 )>"]
        for index in 0..<(count - 1) {
            entries.append(
                "<NSLayoutConstraint:0xc\(String(index + 1, radix: 16)) H:[UIView:0xa\(String(index, radix: 16))]-(8)-[UIView:0xa\(String(index + 1, radix: 16))]   (active)>"
            )
        }
        entries.append("<NSLayoutConstraint:0xd0000 H:[UIView:0xa\(String(count - 1, radix: 16))]-(8)-|   (active, names: '|':UIView:0xf0000 )>")
        entries.append("<NSLayoutConstraint:0xd0001 'UIView-Encapsulated-Layout-Width' UIView:0xf0000.width == 0   (active)>")
        return "(\n" + entries.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n"
    }

    @Test("Refused adds grow linearly and solver adds quadratically with the conflict's size")
    func linearRefusals() throws {
        var refused: [Int] = []
        var added: [Int] = []
        for count in [10, 20, 40] {
            let replay = ConflictReplay(try #require(try UIKitLogParser().parse(Self.chain(count)).first))
            let outcome = replay.run()
            #expect(outcome.unsatisfiable && outcome.minimalConflict.count == count + 2)
            print(
                "n = \(count): \(replay.tally.engines) engines, \(replay.tally.refusedAdds) refused adds, \(replay.tally.constraintsAdded) solver adds"
            )
            refused.append(replay.tally.refusedAdds)
            added.append(replay.tally.constraintsAdded)
        }
        // Measured: 28, 48, 88 refused adds and 1,025, 3,425, 12,425 solver adds for n = 10,
        // 20, 40. The filter's engines refuse once each; the set searches of the full replay
        // and its reverse add O(n) more. A set search in every test made the refusals O(n²).
        for (index, count) in [10, 20, 40].enumerated() {
            #expect(refused[index] <= 3 * count, "n = \(count): \(refused[index]) refused adds")
            #expect(added[index] <= 12 * count * count, "n = \(count): \(added[index]) solver adds")
        }
        #expect(Double(refused[2]) / Double(refused[1]) < 2.6, "refused adds \(refused)")
    }
}
