import LayoutBenchMetrics
import Testing

@testable import LayoutEngine

// MARK: - Errors

/// One malformed format and the error it must raise.
struct VisualFormatErrorCase: Sendable, CustomTestStringConvertible {
    var format: String
    var options: LayoutConstraint.FormatOptions = []
    var code: VisualFormatError.Code
    var position: Int
    var reason: String? = nil

    var testDescription: String { "\(code.rawValue) @\(position): \(format)" }

    static let all: [VisualFormatErrorCase] = [
        .init(format: "", code: .emptyFormat, position: 0),
        .init(format: "X:[a]", code: .invalidOrientation, position: 0, reason: "'X' is not an orientation; use 'H:' (horizontal) or 'V:' (vertical)"),
        .init(format: "h:[a]", code: .invalidOrientation, position: 0),
        .init(format: "Horizontal:[a]", code: .invalidOrientation, position: 0),
        .init(format: ":[a]", code: .invalidOrientation, position: 0),
        .init(format: "H:|-[button", code: .unterminatedView, position: 11, reason: "Expected a ']' to close the view"),
        .init(format: "H:[a b]", code: .unterminatedView, position: 4),
        .init(
            format: "H:[a(100]", code: .unterminatedPredicateList, position: 8, reason: "Expected ',' or a ')' to close the predicate list, found ']'"
        ),
        .init(format: "H:[a(100", code: .unterminatedPredicateList, position: 8, reason: "Expected a ')' to close the predicate list"),
        .init(format: "H:[a]-(10-[b]", code: .unterminatedPredicateList, position: 9),
        .init(format: "H:[a]-(10)[b]", code: .unterminatedConnection, position: 10, reason: "Expected a '-' to close the connection, found '['"),
        .init(format: "H:[a]-10[b]", code: .unterminatedConnection, position: 8),
        .init(
            format: "H:[nope]", code: .unknownView, position: 3,
            reason: "'nope' is not a key in the views dictionary (known views: 'a', 'b', 'button', 'elsewhere', 'loose', 'orphan')"),
        .init(
            format: "H:[a]-(gap)-[b]", code: .unknownMetric, position: 7,
            reason: "'gap' is not a key in the metrics dictionary (known metrics: 'low', 'wide')"),
        .init(format: "H:[a]-gap-[b]", code: .unknownMetric, position: 6),
        .init(format: "H:[a(100@high)]", code: .unknownMetric, position: 9),
        .init(format: "H:[a(nope)]", code: .unknownViewOrMetric, position: 5),
        .init(format: "H:[a]-(b)-[b]", code: .viewNotAllowed, position: 7),
        .init(format: "H:[a(100@b)]", code: .viewNotAllowed, position: 9),
        .init(format: "H:[a(1.2.3)]", code: .invalidNumber, position: 5, reason: "'1.2.3' is not a number"),
        .init(format: "H:[a]-10px-[b]", code: .invalidNumber, position: 6, reason: "'10px' is not a number"),
        .init(format: "H:[a]-(1e999)-[b]", code: .invalidNumber, position: 7, reason: "'1e999' is not a finite number"),
        .init(format: "H:[a]--5-[b]", code: .invalidNumber, position: 6, reason: "A negative spacing needs parentheses, as in '-(-5)-'"),
        .init(format: "H:[a(-)]", code: .expectedPredicate, position: 5),
        .init(format: "H:[a()]", code: .expectedPredicate, position: 5, reason: "Expected a number, a metric name or a view name, found ')'"),
        .init(format: "H:[a]-(>=)-[b]", code: .expectedPredicate, position: 9, reason: "Expected a number or a metric name, found ')'"),
        .init(
            format: "H:[a(=100)]", code: .invalidRelation, position: 5, reason: "'=' is not a relation; use '==' (relations are '==', '<=' and '>=')"),
        .init(format: "H:[a(<100)]", code: .invalidRelation, position: 5),
        .init(format: "H:[a(100@)]", code: .invalidPriority, position: 9),
        .init(
            format: "H:[a]-10@750-[b]", code: .invalidPriority, position: 8, reason: "A spacing with a priority needs parentheses, as in '-(10@750)-'"
        ),
        .init(format: "H:[a(100@1001)]", code: .priorityOutOfRange, position: 9, reason: "The priority 1001 is outside 1...1000"),
        .init(format: "H:[a(100@0)]", code: .priorityOutOfRange, position: 9),
        .init(format: "H:[a]-(8@low)-[b]", code: .priorityOutOfRange, position: 9, reason: "The priority 'low' (0.5) is outside 1...1000"),
        .init(format: "H:|-(10)-", code: .expectedView, position: 9, reason: "Expected a view after the connection"),
        .init(format: "H:[a]-", code: .expectedView, position: 6, reason: "Expected a view or '|' after the connection"),
        .init(format: "H:[a]-(10)-", code: .expectedView, position: 11),
        .init(format: "H:|", code: .expectedView, position: 3, reason: "Expected a view after '|'"),
        .init(format: "H:||[a]", code: .expectedView, position: 3),
        .init(format: "H:|-|", code: .expectedView, position: 4),
        .init(format: "H:", code: .expectedView, position: 2),
        .init(format: "H:-[a]", code: .expectedView, position: 2),
        .init(format: "H:[]", code: .expectedViewName, position: 3),
        .init(format: "H:[1a]", code: .expectedViewName, position: 3),
        .init(
            format: "H:|-[orphan]", code: .missingSuperview, position: 2,
            reason: "Unable to interpret '|' character, because the related view 'orphan' (View:orphan) doesn't have a superview"),
        .init(format: "H:[a]-[loose]-|", code: .missingSuperview, position: 14),
        .init(
            format: "H:|-[a]-[elsewhere]", code: .differentSuperviews, position: 9,
            reason:
                "'elsewhere' is in View:other, but '|' stands for Window:window, the superview of 'a'; every view in a format that uses '|' must share that superview"
        ),
        .init(format: "V:[orphan]-[a]|", code: .differentSuperviews, position: 3),
        .init(format: "H:[a]-|-[b]", code: .misplacedSuperview, position: 6),
        .init(
            format: "H:[a] -[b]", code: .unexpectedCharacter, position: 5,
            reason: "Expected '-', '[', '|' or the end of the format after a view, found a space"),
        .init(format: "H:[a]x", code: .unexpectedCharacter, position: 5),
        .init(format: "H:[a]-]", code: .unexpectedCharacter, position: 6),
        .init(format: "H:[a][b]", options: .alignAllLeft, code: .invalidOptions, position: 0),
        .init(format: "V:[a][b]", options: .alignAllCenterY, code: .invalidOptions, position: 0),
        .init(format: "[a][b]", options: [.alignAllTop, .alignAllLeading], code: .invalidOptions, position: 0),
        .init(format: "H:[a]", options: [.directionLeftToRight, .directionRightToLeft], code: .invalidOptions, position: 0),
        .init(format: "H:[a]", options: LayoutConstraint.FormatOptions(rawValue: 1 << 11), code: .invalidOptions, position: 0),
    ]
}

@Suite("Visual format: errors")
struct VisualFormatErrorTests {
    @Test("Each error has its code, its position and a caret under it", arguments: VisualFormatErrorCase.all)
    func error(_ testCase: VisualFormatErrorCase) {
        let window = Window(width: 400, height: 300)
        let a = View(name: "a"), b = View(name: "b"), button = View(name: "button")
        for view in [a, b, button] { window.addSubview(view) }
        let other = View(name: "other")
        window.addSubview(other)
        let elsewhere = View(name: "elsewhere")
        other.addSubview(elsewhere)
        let orphan = View(name: "orphan")
        let loose = LayoutGuide(identifier: "loose")
        let views: [String: LayoutItem] = [
            "a": a, "b": b, "button": button, "elsewhere": elsewhere, "orphan": orphan, "loose": loose,
        ]
        do {
            let made = try LayoutConstraint.constraints(
                withVisualFormat: testCase.format, options: testCase.options, metrics: ["wide": 100, "low": 0.5],
                views: views)
            Issue.record("Expected \(testCase.code), made \(made)")
        } catch {
            #expect(error.code == testCase.code)
            #expect(error.position == testCase.position)
            #expect(error.format == testCase.format)
            if let reason = testCase.reason { #expect(error.reason == reason) }
            let caret = String(repeating: " ", count: testCase.position) + "^"
            #expect(error.caretLine == caret)
            #expect(error.message == "Unable to parse constraint format: \n\(error.reason)\n\(testCase.format)\n\(caret)")
            #expect(error.description == error.message)
        }
    }

    @Test("UIKit's example message, character for character")
    func uikitMessage() {
        let button = View(name: "button")
        let window = Window(width: 100, height: 100)
        window.addSubview(button)
        let error = #expect(throws: VisualFormatError.self) {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:|-[button", views: ["button": button])
        }
        #expect(error?.message == "Unable to parse constraint format: \nExpected a ']' to close the view\nH:|-[button\n           ^")
    }

    @Test("A metric that is not finite is a bad number")
    func infiniteMetric() {
        let a = View(name: "a")
        #expect(
            throws: VisualFormatError(
                code: .invalidNumber, format: "H:[a(big)]", position: 5, reason: "The metric 'big' is inf, not a finite number")
        ) {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:[a(big)]", metrics: ["big": .infinity], views: ["a": a])
        }
    }

    @Test("Empty dictionaries are named as empty")
    func emptyDictionaries() {
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:[a]-(x)-[a]", views: [:])
            Issue.record("Expected an unknown view")
        } catch {
            #expect(error.reason == "'a' is not a key in the views dictionary (the views dictionary is empty)")
        }
    }

    @Test("Every code has a distinct, stable raw value")
    func stableCodes() {
        let raw = VisualFormatError.Code.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(VisualFormatError.Code.unknownView.rawValue == "unknown-view")
        // Every code has a case in the table above.
        let covered = Set(VisualFormatErrorCase.all.map(\.code))
        #expect(covered == Set(VisualFormatError.Code.allCases))
    }

    @Test("Random formats never trap, and errors point inside the format (seed 0x5EED_0001)")
    func randomFormats() {
        let seed: UInt64 = 0x5EED_0001
        print("VisualFormat random formats: seed \(String(seed, radix: 16))")
        var random = SplitMix64(seed: seed)
        let window = Window(width: 400, height: 300)
        let a = View(name: "a"), b = View(name: "b")
        window.addSubview(a)
        window.addSubview(b)
        let orphan = View(name: "o")
        let views: [String: LayoutItem] = ["a": a, "b": b, "o": orphan]
        let pieces = [
            "H:", "V:", "|", "-", "[", "]", "(", ")", ",", "@", "==", ">=", "<=", "=", "a", "b", "o", "m", "x",
            "10", "-5", "1.5", "1e3", ".", "750", "0", " ", "[a]", "[b]", "-(8)-",
        ]
        var parsed = 0
        for _ in 0..<3000 {
            var format = ""
            for _ in 0..<Int(random.next() % 10) { format += pieces[Int(random.next() % UInt64(pieces.count))] }
            do {
                _ = try LayoutConstraint.constraints(withVisualFormat: format, metrics: ["m": 12], views: views)
                parsed += 1
            } catch {
                #expect(error.position >= 0 && error.position <= format.count, "\(format): \(error)")
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(parsed > 0)
    }
}
