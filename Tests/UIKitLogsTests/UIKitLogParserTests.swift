import Foundation
import Testing

@testable import UIKitLogs

/// The fixtures beside these tests (written for them; not copies of real logs).
enum Fixture {
    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func parse(_ name: String) throws -> [LoggedConflict] {
        try UIKitLogParser().parse(try text(name))
    }
}

/// Parses a one-entry list.
func entry(_ description: String) throws -> LoggedConstraint {
    let conflicts = try UIKitLogParser().parse("(\n    \"\(description)\"\n)")
    return try #require(conflicts.first?.constraints.first)
}

@Suite("Parser: one constraint description")
struct EntryFormTests {
    @Test("Equation: items, attribute, modern multiplier, constant, state")
    func modernEquation() throws {
        let c = try entry(
            "<NSLayoutConstraint:0x6000037d49b0 UIImageView:0x7f95b56530e0.height == 0.9*UILabel:0x7f95b5653310.height - 4.5   (active)>")
        #expect(c.className == "NSLayoutConstraint" && c.address == "6000037d49b0" && c.isActive)
        #expect(c.first.item.className == "UIImageView" && c.first.item.address == "7f95b56530e0" && c.first.attribute == .height)
        #expect(c.second?.item.className == "UILabel" && c.second?.attribute == .height)
        #expect(c.multiplier == 0.9 && c.constant == -4.5 && c.relation == .equal && !c.isVisualFormat)
    }

    @Test("A priority is read in 1...1000; @1001, @-5, @nan and @inf are errors at the priority", arguments: ["1001", "-5", "nan", "inf"])
    func priorityOutOfRange(_ priority: String) throws {
        #expect(try entry("<NSLayoutConstraint:0x7 UILabel:0x7f01.width == 20 @750   (active)>").priority == 750)
        let text = "<NSLayoutConstraint:0x7 UILabel:0x7f01.width == 20 @\(priority)   (active)>"
        do {
            _ = try entry(text)
            Issue.record("@\(priority) was read")
        } catch let error as UIKitLogError {
            #expect(error.code == .invalidNumber && error.message.contains("@\(priority)"), "\(error)")
            #expect(error.line == 2 && error.column == 6 + text.distance(from: text.startIndex, to: text.firstIndex(of: "@")!) + 1, "\(error)")
        }
    }

    @Test("Old multiplier suffix, constants alone, %g constants, inequalities")
    func oldForms() throws {
        let suffix = try entry("<NSLayoutConstraint:0x181cef70 UIImageView:0x4db3270.width == UIImageView:0x4db3270.height * 0.384615>")
        #expect(suffix.multiplier == 0.384615 && suffix.constant == 0 && !suffix.isActive)
        let tiny = try entry("<NSLayoutConstraint:0x1 'UIView-Encapsulated-Layout-Height' UIView:0x7f01.height == 2.22507e-308   (active)>")
        #expect(tiny.constant == 2.22507e-308 && tiny.second == nil && tiny.isImposedGeometry)
        let autoresizing = try entry("<NSAutoresizingMaskLayoutConstraint:0x7a61e2c0 h=--& v=--& UIView:0x7a6c1230.midX == + 160>")
        #expect(autoresizing.autoresizingMask == "h=--& v=--&" && autoresizing.first.attribute == .midX && autoresizing.constant == 160)
        let atLeast = try entry("<SnapKit.LayoutConstraint:0x6000002b2660@Cell.swift#88 UIView:0x7ff92c7ec1f0.height >= 44.0>")
        #expect(atLeast.relation == .greaterThanOrEqual && atLeast.sourceLocation == "Cell.swift#88")
    }

    @Test("System spacing after an equation: NSSpace and NSLayoutAnchorConstraintSpace")
    func systemSpacing() throws {
        let space = try entry(
            "<NSLayoutConstraint:0x2 UILayoutGuide:0x2826f9880'UIViewLayoutMarginsGuide'.bottom == UIButton:0x10f755100'Cancel'.bottom NSSpace(0)   (active)>"
        )
        #expect(space.isSystemSpacing && space.constant == 0 && space.first.item.isMarginsGuide)
        #expect(space.second?.item.text == "Cancel")
        let anchor = try entry(
            "<_UISystemBaselineConstraint:0x3 SomeView:0x7fceff1c07a0.bottom <= UILayoutGuide:0x60000306d340'UIViewSafeAreaLayoutGuide'.bottom NSLayoutAnchorConstraintSpace(8)   (active)>"
        )
        #expect(anchor.isSystemSpacing && anchor.constant == 8 && anchor.second?.item.isSafeAreaGuide == true)
    }

    @Test("Visual Format: superview bars through names:, spacing, sizes, relations, system spacing, (LTR)")
    func visualFormat() throws {
        let leading = try entry("<NSLayoutConstraint:0x4 H:|-(15)-[UILabel:0x7f01]   (active, names: '|':UIView:0x7f00 )>")
        #expect(leading.isVisualFormat && leading.first.attribute == .leading && leading.first.item.address == "7f01")
        #expect(leading.second?.item.address == "7f00" && leading.second?.item.className == "UIView" && leading.constant == 15)
        let trailing = try entry("<NSLayoutConstraint:0x5 H:[UILabel:0x7f01]-(-2)-|   (active, names: '|':UIView:0x7f00 )>")
        #expect(trailing.first.item.address == "7f00" && trailing.first.attribute == .trailing && trailing.constant == -2)
        let between = try entry("<NSLayoutConstraint:0x6 V:[UIView:0x7f02]-(>=11)-[App.LineView:0x7f03]   (active)>")
        #expect(between.first.item.address == "7f03" && between.first.attribute == .top && between.relation == .greaterThanOrEqual)
        #expect(between.second?.attribute == .bottom && between.constant == 11)
        let size = try entry("<NSLayoutConstraint:0x7 V:[UIView:0x7fca0bd50f70(200)]>")
        #expect(size.first.attribute == .height && size.constant == 200 && size.second == nil)
        let spaced = try entry("<NSLayoutConstraint:0x8 H:[UILabel:0x7f04' ']-(NSSpace(8))-[UIButton:0x7f05'Show More']>")
        #expect(spaced.isSystemSpacing && spaced.constant == 8 && spaced.first.item.text == "Show More" && spaced.second?.item.text == " ")
        let guide = try entry(
            "<NSLayoutConstraint:0x9 'UIView-rightMargin-guide-constraint' H:[UILayoutGuide:0x6100'UIViewLayoutMarginsGuide']-(15)-|(LTR)   (active, names: '|':_UIButtonBarStackView:0x7fb5 )>"
        )
        #expect(guide.identifier == "UIView-rightMargin-guide-constraint" && guide.isGuideDefinition && guide.second?.item.isMarginsGuide == true)
        let anchorSpace = try entry(
            "<_UISystemBaselineConstraint:0xa V:|-(>=NSLayoutAnchorConstraintSpace(8))-[UILabel:0x111b35c20]   (active, names: '|':Mod.Cell:0x111b35a60 )>"
        )
        #expect(anchorSpace.relation == .greaterThanOrEqual && anchorSpace.constant == 8 && anchorSpace.isSystemSpacing)
    }

    @Test("Identifiers with spaces, IB prototyping and temporary sizes, mangled and KVO classes")
    func identifiersAndClasses() throws {
        let ib = try entry(
            "<NSIBPrototypingLayoutConstraint:0x7 'IB auto generated at build time for view with fixed frame' V:|-(20)-[UILabel:0x7f01]   (active, names: '|':UIView:0x7f00 )>"
        )
        #expect(ib.identifier == "IB auto generated at build time for view with fixed frame" && ib.className == "NSIBPrototypingLayoutConstraint")
        let temporary = try entry("<NSLayoutConstraint:0x8 '_UITemporaryLayoutWidth' App.TitleView:0x7f01.width == 0   (active)>")
        #expect(temporary.isImposedGeometry && temporary.first.item.className == "App.TitleView")
        let mangled = try entry(
            "<NSLayoutConstraint:0x9 _TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_:0x7fed43476280.leading == NSKVONotifying_LQView:0x7f02.leading   (active)>"
        )
        #expect(mangled.first.item.className == "_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_")
        #expect(mangled.second?.item.className == "NSKVONotifying_LQView")
        let escaped = try entry(#"<NSLayoutConstraint:0xa UILabel:0x7f03'The operation couldn\U2019t be...'.width == 10   (active)>"#)
        #expect(escaped.first.item.text == #"The operation couldn\U2019t be..."#)
    }

    @Test("names: resolves short and truncated names; text may hold quotes")
    func names() throws {
        let named = try entry(
            "<NSLayoutConstraint:0xb DetailViewFeatureItemCell....width == 54   (active, names: DetailViewFeatureItemCell...:0x7f95000e5e50 )>")
        #expect(named.first.item.address == "7f95000e5e50" && named.first.item.name == "DetailViewFeatureItemCell...")
        let quoted = try entry(
            "<NSLayoutConstraint:0xc 'UISV-alignment' UILabel:0x7f95b5653eb0'YOU'RE OK'.bottom == UILabel:0x7f95b5653310'Mate'.bottom   (active)>")
        #expect(quoted.first.item.text == "YOU'RE OK" && quoted.isStackViewConstraint)
        let unresolved = try entry("<NSLayoutConstraint:0xd progress background.height == 5   (active)>")
        #expect(unresolved.first.item.address == nil && unresolved.first.item.key == "progress background")
    }
}

@Suite("Parser: whole logs")
struct LogFormTests {
    @Test("Modern log: time-stamp prefix, advice, list, recovery line, footer")
    func modern() throws {
        let conflicts = try Fixture.parse("modern-cell.log")
        #expect(conflicts.count == 1)
        let conflict = conflicts[0]
        #expect(conflict.hasHeader && conflict.platform == .uikit && conflict.constraints.count == 4)
        #expect(conflict.broken?.address == "600003a01cc0" && conflict.line == 1)
        #expect(conflict.constraints[3].identifier == "UIView-Encapsulated-Layout-Width")
    }

    @Test("iOS 8: one-line advice, (Names: …), VFL sizes, old multiplier, autoresizing midX == + 160")
    func legacy() throws {
        let conflict = try #require(try Fixture.parse("legacy-ios8.log").first)
        #expect(conflict.constraints.count == 6 && conflict.broken?.address == "7a6d0d10")
        #expect(conflict.constraints[1].isVisualFormat && conflict.constraints[1].constant == 320)
        #expect(conflict.constraints[2].second?.item.address == "7a6c1230")
    }

    @Test("Paste damage: lost quotes and brackets, markdown escapes, lines wrapped inside a word and at a space")
    func pasteDamage() throws {
        let conflict = try #require(try Fixture.parse("pasted-markdown.md").first)
        #expect(conflict.constraints.count == 5)
        #expect(conflict.constraints[0].isSystemSpacing && conflict.constraints[0].first.item.text == "Hello world")
        #expect(conflict.constraints[1].first.item.className == "My_App.FooterView")
        #expect(conflict.constraints[3].second?.attribute == .height && conflict.constraints[3].multiplier == 0.5)
        #expect(conflict.constraints[4].constant == 40)
    }

    @Test("AppKit: header with a colon, its footer; an os_log block redacted to <private>")
    func appkit() throws {
        let conflicts = try Fixture.parse("appkit-and-private.log")
        #expect(conflicts.count == 2)
        #expect(conflicts[0].platform == .appkit && conflicts[0].constraints.count == 2 && conflicts[0].broken?.address == "600000c1a190")
        #expect(conflicts[1].isRedacted && conflicts[1].constraints.isEmpty)
    }

    @Test("SnapKit, Masonry keys and old SnapKit's <<…> <…>> descriptions")
    func thirdParty() throws {
        let conflict = try #require(try Fixture.parse("third-party.log").first)
        #expect(conflict.constraints.count == 3)
        #expect(conflict.constraints[0].sourceLocation == "ProfileView.swift#42")
        #expect(conflict.constraints[1].className == "MASLayoutConstraint" && conflict.constraints[1].address == "avatarTop")
        #expect(conflict.constraints[2].className == "Demo.LayoutConstraint" && conflict.constraints[2].second?.item.className == "Demo.ProfileView")
    }

    @Test("Swift's array printing: brackets, no quotes, several entries on one line; GitHub eating the angle brackets")
    func swiftPrinting() throws {
        let swift = try UIKitLogParser().parse(
            "[<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)>, <NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20   (active)>]"
        )
        #expect(swift.first?.constraints.map(\.constant) == [10, 20])
        let eaten = try UIKitLogParser().parse(
            "(\n    \"NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)\",\n    \"NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20   (active)\"\n)"
        )
        #expect(eaten.first?.constraints.map(\.address) == ["600001", "600002"])
    }

    @Test("Repeated entries are kept in the list and counted once")
    func duplicates() throws {
        let line = "\"<NSLayoutConstraint:0x1 UIView:0x7f01.width == 10   (active)>\""
        let conflict = try #require(try UIKitLogParser().parse("(\n\(line),\n\(line)\n)").first)
        #expect(conflict.constraints.count == 2 && conflict.distinctConstraints.count == 1)
    }
}

@Suite("Parser: located errors")
struct ParserErrorTests {
    func error(_ text: String) -> UIKitLogError? {
        do {
            _ = try UIKitLogParser().parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("A bad hex digit in an address: its line and column")
    func hex() throws {
        let failure = try #require(error("(\n\"<NSLayoutConstraint:0x61h00099cd0 UIView:0x7f01.width <= 0   (active)>\"\n)"))
        #expect(failure.code == .invalidHexDigit && failure.line == 2 && failure.column == 26)
        let inItem = try #require(error("(\n\"<NSLayoutConstraint:0x6100 _UIButtonBarStackView:0x7fb573cxbf90.width <= 0   (active)>\"\n)"))
        #expect(inItem.code == .invalidHexDigit && inItem.line == 2 && inItem.column == 60)
    }

    @Test("A bad hex digit in a names: address: its column")
    func namesHex() throws {
        let failure = try #require(error("(\n\"<NSLayoutConstraint:0x1 H:|-(8)-[UIView:0x7f01]   (active, names: '|':UIView:0x7fz2 )>\"\n)"))
        #expect(failure.code == .invalidHexDigit && failure.line == 2 && failure.column == 83)
    }

    @Test("A name given to two objects in names:")
    func duplicateName() throws {
        let failure = try #require(error("(\n\"<NSLayoutConstraint:0x1 V:[A...]-(7)-[B...]   (active, names: A...:0x7f01, A...:0x7f02 )>\"\n)"))
        #expect(failure.code == .duplicateName && failure.line == 2 && failure.message.contains("'A...'"))
    }

    @Test("An entry without its closing '>', a text without entries, an unknown attribute")
    func others() throws {
        let unterminated = try #require(error(try Fixture.text("unterminated.log")))
        #expect(unterminated.code == .unterminatedDescription && unterminated.line == 2 && unterminated.column == 2)
        let empty = try #require(error("nothing to see here\n"))
        #expect(empty.code == .noConstraints)
        let attribute = try #require(error("(\n\"<NSLayoutConstraint:0x1 UIView:0x7f01.wdth == 10   (active)>\"\n)"))
        #expect(attribute.code == .unknownAttribute && attribute.line == 2 && attribute.column == 40)
        #expect(attribute.description.hasPrefix("2:40: error: Unknown attribute 'wdth'"))
    }
}
