import LayoutBenchMetrics
import Testing

@testable import LayoutEngine

// MARK: - Fixtures

/// A 400 x 300 window with three constraint-driven subviews `a`, `b`, `c`.
private final class VFLFixture {
    let window = Window(width: 400, height: 300)
    let a = View(name: "a")
    let b = View(name: "b")
    let c = View(name: "c")

    init() {
        for view in [a, b, c] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
        }
    }

    var views: [String: LayoutItem] { ["a": a, "b": b, "c": c] }

    func vfl(
        _ format: String, options: LayoutConstraint.FormatOptions = [], metrics: [String: Double] = [:]
    ) throws -> [LayoutConstraint] {
        try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views)
    }
}

extension LayoutConstraint {
    /// The constraint with another priority (it must be inactive).
    fileprivate func vflPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }
}

/// Expects the same constraints, in the same order.
private func expectVFLConstraints(
    _ actual: [LayoutConstraint], _ expected: [LayoutConstraint], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    for (index, (made, wanted)) in zip(actual, expected).enumerated() {
        #expect(made.isEquivalent(to: wanted), "#\(index): made \(made), wanted \(wanted)", sourceLocation: sourceLocation)
    }
}

private func expectVFLFrame(_ frame: Rect, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(frame.isClose(to: expected, tolerance: 1e-6), "\(frame) vs \(expected)", sourceLocation: sourceLocation)
}

// MARK: - Constraints

@Suite("Visual format: constraints")
struct VisualFormatConstraintTests {
    @Test("Standard spacing: 20 to the superview, 8 between views, leading to trailing")
    func standardSpacing() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|-[a]-[b]-|"),
            [
                f.a.leadingAnchor.constraint(equalTo: w.leadingAnchor, constant: 20),
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor, constant: 8),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 20),
            ])
        expectVFLConstraints(
            try f.vfl("V:|-[a]-[b]-|"),
            [
                f.a.topAnchor.constraint(equalTo: w.topAnchor, constant: 20),
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor, constant: 8),
                w.bottomAnchor.constraint(equalTo: f.b.bottomAnchor, constant: 20),
            ])
        #expect(VisualFormat.standardSpacing == 8)
        #expect(VisualFormat.standardSuperviewSpacing == 20)
    }

    @Test("No orientation means H:")
    func implicitOrientation() throws {
        let f = VFLFixture()
        expectVFLConstraints(try f.vfl("[a]-[b]"), [f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor, constant: 8)])
    }

    @Test("Adjacent views and flush edges are spacing 0")
    func flush() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|[a][b]|"),
            [
                f.a.leadingAnchor.constraint(equalTo: w.leadingAnchor),
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor),
            ])
    }

    @Test("-N-, -(N)- and metrics, fractional and negative numbers")
    func connections() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|-10-[a]-15.5-[b]-0-|"),
            [
                f.a.leadingAnchor.constraint(equalTo: w.leadingAnchor, constant: 10),
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor, constant: 15.5),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 0),
            ])
        expectVFLConstraints(
            try f.vfl("V:[a]-(12)-[b]-(-10.5)-[c]-(.5)-|"),
            [
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor, constant: 12),
                f.c.topAnchor.constraint(equalTo: f.b.bottomAnchor, constant: -10.5),
                w.bottomAnchor.constraint(equalTo: f.c.bottomAnchor, constant: 0.5),
            ])
        expectVFLConstraints(
            try f.vfl("H:|-pad-[a]-(gap)-[b]-(1e1)-|", metrics: ["pad": 16, "gap": 4]),
            [
                f.a.leadingAnchor.constraint(equalTo: w.leadingAnchor, constant: 16),
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor, constant: 4),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 10),
            ])
    }

    @Test("Relations, priorities and predicate lists in connections")
    func connectionPredicates() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|-(>=8)-[a]-(<=20@750)-[b]-(==10,>=5@high)-|", metrics: ["high": 999]),
            [
                f.a.leadingAnchor.constraint(greaterThanOrEqualTo: w.leadingAnchor, constant: 8),
                f.b.leadingAnchor.constraint(lessThanOrEqualTo: f.a.trailingAnchor, constant: 20).vflPriority(750),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 10),
                w.trailingAnchor.constraint(greaterThanOrEqualTo: f.b.trailingAnchor, constant: 5).vflPriority(999),
            ])
        expectVFLConstraints(
            try f.vfl("V:[a]-(+3,<=-2.25@1.5)-[b]"),
            [
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor, constant: 3),
                f.b.topAnchor.constraint(lessThanOrEqualTo: f.a.bottomAnchor, constant: -2.25).vflPriority(1.5),
            ])
    }

    @Test("Size predicates: constants, ranges, other views, priorities")
    func sizes() throws {
        let f = VFLFixture()
        expectVFLConstraints(try f.vfl("H:[a(100)]"), [f.a.widthAnchor.constraint(equalToConstant: 100)])
        expectVFLConstraints(try f.vfl("V:[a(100)]"), [f.a.heightAnchor.constraint(equalToConstant: 100)])
        expectVFLConstraints(
            try f.vfl("H:[a(>=70,<=100)]"),
            [
                f.a.widthAnchor.constraint(greaterThanOrEqualToConstant: 70),
                f.a.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
            ])
        expectVFLConstraints(
            try f.vfl("V:[a][b(==a)]"),
            [
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor),
                f.b.heightAnchor.constraint(equalTo: f.a.heightAnchor),
            ])
        expectVFLConstraints(
            try f.vfl("H:[a(>=b@500,wide@low,-0.25)]", metrics: ["wide": 300, "low": 250]),
            [
                f.a.widthAnchor.constraint(greaterThanOrEqualTo: f.b.widthAnchor).vflPriority(500),
                f.a.widthAnchor.constraint(equalToConstant: 300).vflPriority(250),
                f.a.widthAnchor.constraint(equalToConstant: -0.25),
            ])
    }

    @Test("A name that is both a metric and a view is the metric")
    func metricsBeforeViews() throws {
        let f = VFLFixture()
        expectVFLConstraints(try f.vfl("H:[a(b)]", metrics: ["b": 42]), [f.a.widthAnchor.constraint(equalToConstant: 42)])
    }

    @Test("Constraints come in the format's order: edge, size, spacing, size, edge")
    func order() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|-(20)-[a(100)]-[b(50)]-|"),
            [
                f.a.leadingAnchor.constraint(equalTo: w.leadingAnchor, constant: 20),
                f.a.widthAnchor.constraint(equalToConstant: 100),
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor, constant: 8),
                f.b.widthAnchor.constraint(equalToConstant: 50),
                w.trailingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 20),
            ])
    }

    @Test("Constraints are made inactive, by the app, with multiplier 1 and no identifier")
    func inactive() throws {
        let f = VFLFixture()
        let made = try f.vfl("H:|-[a(==b)]-(>=0)-[b(80@750)]-|")
        #expect(made.count == 5)
        for constraint in made {
            #expect(!constraint.isActive)
            #expect(constraint.origin == .app)
            #expect(constraint.multiplier == 1)
            #expect(constraint.identifier == nil)
        }
        #expect(try f.vfl("[a]").isEmpty)
    }

    @Test("Alignment options align consecutive views across the orientation")
    func alignment() throws {
        let f = VFLFixture()
        expectVFLConstraints(
            try f.vfl("H:[a][b]-[c]", options: [.alignAllTop, .alignAllBottom]),
            [
                f.b.leadingAnchor.constraint(equalTo: f.a.trailingAnchor),
                f.c.leadingAnchor.constraint(equalTo: f.b.trailingAnchor, constant: 8),
                f.a.topAnchor.constraint(equalTo: f.b.topAnchor),
                f.b.topAnchor.constraint(equalTo: f.c.topAnchor),
                f.a.bottomAnchor.constraint(equalTo: f.b.bottomAnchor),
                f.b.bottomAnchor.constraint(equalTo: f.c.bottomAnchor),
            ])
        expectVFLConstraints(
            try f.vfl("V:[a][b]", options: .alignAllCenterX),
            [
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor),
                f.a.centerXAnchor.constraint(equalTo: f.b.centerXAnchor),
            ])
        expectVFLConstraints(
            try f.vfl("V:[a][b]", options: [.alignAllLeading, .alignAllTrailing, .alignAllLeft, .alignAllRight]),
            [
                f.b.topAnchor.constraint(equalTo: f.a.bottomAnchor),
                f.a.leftAnchor.constraint(equalTo: f.b.leftAnchor),
                f.a.rightAnchor.constraint(equalTo: f.b.rightAnchor),
                f.a.leadingAnchor.constraint(equalTo: f.b.leadingAnchor),
                f.a.trailingAnchor.constraint(equalTo: f.b.trailingAnchor),
            ])
        expectVFLConstraints(try f.vfl("H:[a]", options: .alignAllCenterY), [])
    }

    @Test("Direction options: left to right, and right to left mirrored")
    func directions() throws {
        let f = VFLFixture()
        let w = f.window
        expectVFLConstraints(
            try f.vfl("H:|-[a]-[b]-|", options: .directionLeftToRight),
            [
                f.a.leftAnchor.constraint(equalTo: w.leftAnchor, constant: 20),
                f.b.leftAnchor.constraint(equalTo: f.a.rightAnchor, constant: 8),
                w.rightAnchor.constraint(equalTo: f.b.rightAnchor, constant: 20),
            ])
        expectVFLConstraints(
            try f.vfl("H:|-[a]-(>=5)-[b]-|", options: .directionRightToLeft),
            [
                w.rightAnchor.constraint(equalTo: f.a.rightAnchor, constant: 20),
                f.a.leftAnchor.constraint(greaterThanOrEqualTo: f.b.rightAnchor, constant: 5),
                f.b.leftAnchor.constraint(equalTo: w.leftAnchor, constant: 20),
            ])
        // V: ignores the direction.
        expectVFLConstraints(
            try f.vfl("V:|[a]", options: .directionRightToLeft),
            [
                f.a.topAnchor.constraint(equalTo: w.topAnchor)
            ])
        #expect(LayoutConstraint.FormatOptions.directionLeadingToTrailing.rawValue == 0)
    }

    @Test("A layout guide's '|' is its owning view")
    func layoutGuide() throws {
        let window = Window(width: 400, height: 300)
        let guide = LayoutGuide(identifier: "gap")
        window.addLayoutGuide(guide)
        let made = try LayoutConstraint.constraints(withVisualFormat: "H:|-(30)-[gap(40)]", views: ["gap": guide])
        expectVFLConstraints(
            made,
            [
                guide.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 30),
                guide.widthAnchor.constraint(equalToConstant: 40),
            ])
    }

    @Test("UIKit-style descriptions of VFL-shaped constraints")
    func descriptions() throws {
        let f = VFLFixture()
        let made = try f.vfl("H:|-(20@750)-[a(100@750)]-(>=8)-[b(==a)]-|")
        #expect(
            made.map(\.visualFormatDescription) == [
                "H:|-(20@750)-[View:a]",
                "H:[View:a(100@750)]",
                "H:[View:a]-(>=8)-[View:b]",
                "H:[View:b(==View:a)]",
                "H:[View:b]-(20)-|",
            ])
        let vertical = try f.vfl("V:|-(100)-[a(<=200)]", options: [])
        #expect(vertical.map(\.visualFormatDescription) == ["V:|-(100)-[View:a]", "V:[View:a(<=200)]"])
        // Not VFL-shaped: centers, multipliers, edges to a view that is not the superview.
        #expect(f.a.centerXAnchor.constraint(equalTo: f.b.centerXAnchor).visualFormatDescription == nil)
        #expect(f.a.widthAnchor.constraint(equalTo: f.b.widthAnchor, multiplier: 2).visualFormatDescription == nil)
        #expect(f.a.leadingAnchor.constraint(equalTo: f.b.leadingAnchor).visualFormatDescription == nil)
    }
}

// MARK: - Layout

@Suite("Visual format: layout")
struct VisualFormatLayoutTests {
    @Test("Seed 001: a 750 layout overridden at 1000 returns exactly when the stronger set goes")
    func seed001() throws {
        let window = Window(width: 320, height: 480)
        let redSquare = makeView("_redSquare", in: window)
        let views: [String: LayoutItem] = ["_redSquare": redSquare]

        let weaker =
            try LayoutConstraint.constraints(withVisualFormat: "H:|-(20@750)-[_redSquare(100@750)]", views: views)
            + LayoutConstraint.constraints(withVisualFormat: "V:|-(0@750)-[_redSquare(200@750)]", views: views)
        #expect(weaker.allSatisfy { $0.priority == .defaultHigh })
        #expect(
            weaker.compactMap(\.visualFormatDescription) == [
                "H:|-(20@750)-[View:_redSquare]", "H:[View:_redSquare(100@750)]",
                "V:|-(0@750)-[View:_redSquare]", "V:[View:_redSquare(200@750)]",
            ])
        LayoutConstraint.activate(weaker)
        window.layoutIfNeeded()
        let original = redSquare.frame
        expectVFLFrame(original, Rect(x: 20, y: 0, width: 100, height: 200))
        #expect(!redSquare.hasAmbiguousLayout)

        for _ in 0..<3 {
            // resizeView: the stronger layout, as the post's IBAction builds it.
            let stronger =
                try LayoutConstraint.constraints(withVisualFormat: "V:|-(100)-[_redSquare(200)]", views: views)
                + LayoutConstraint.constraints(withVisualFormat: "H:|-(50)-[_redSquare(200)]", views: views)
            #expect(stronger.allSatisfy { $0.priority == .required })
            #expect(
                stronger.compactMap(\.visualFormatDescription) == [
                    "V:|-(100)-[View:_redSquare]", "V:[View:_redSquare(200)]",
                    "H:|-(50)-[View:_redSquare]", "H:[View:_redSquare(200)]",
                ])
            LayoutConstraint.activate(stronger)
            window.layoutIfNeeded()
            expectVFLFrame(redSquare.frame, Rect(x: 50, y: 100, width: 200, height: 200))
            #expect(!redSquare.hasAmbiguousLayout)

            // moveBackToOriginalPosition: remove only the stronger constraints.
            LayoutConstraint.deactivate(stronger)
            window.layoutIfNeeded()
            #expect(redSquare.frame == original)
        }
        #expect(weaker.allSatisfy { $0.isActive })
        #expect(window.engine.brokenConstraintCount == 0)
    }

    @Test("Two views share the width between standard spacings")
    func equalWidths() throws {
        let f = VFLFixture()
        LayoutConstraint.activate(
            try f.vfl("H:|-[a]-[b(==a)]-|", options: .alignAllTop)
                + f.vfl("V:|-(10)-[a(50)]") + f.vfl("V:[b(a)]", metrics: ["a": 30]))
        f.window.layoutIfNeeded()
        let width = (400.0 - 20 - 8 - 20) / 2
        expectVFLFrame(f.a.frame, Rect(x: 20, y: 10, width: width, height: 50))
        expectVFLFrame(f.b.frame, Rect(x: 20 + width + 8, y: 10, width: width, height: 30))
    }

    @Test("alignAllCenterY and fractional, negative numbers")
    func centerAlignment() throws {
        let f = VFLFixture()
        LayoutConstraint.activate(
            try f.vfl("H:|-(-10.5)-[a(100.25)]-(5)-[b(50)]", options: .alignAllCenterY)
                + f.vfl("V:|-(30)-[a(40)]") + f.vfl("V:[b(20)]"))
        f.window.layoutIfNeeded()
        expectVFLFrame(f.a.frame, Rect(x: -10.5, y: 30, width: 100.25, height: 40))
        expectVFLFrame(f.b.frame, Rect(x: -10.5 + 100.25 + 5, y: 40, width: 50, height: 20))
    }

    @Test("Right to left puts the first view at the right edge")
    func rightToLeft() throws {
        let f = VFLFixture()
        LayoutConstraint.activate(
            try f.vfl("H:|-(10)-[a(100)]-(5)-[b(50)]-(>=0)-|", options: .directionRightToLeft)
                + f.vfl("V:|[a(10)][b(10)]"))
        f.window.layoutIfNeeded()
        expectVFLFrame(f.a.frame, Rect(x: 290, y: 0, width: 100, height: 10))
        expectVFLFrame(f.b.frame, Rect(x: 235, y: 10, width: 50, height: 10))
    }

    @Test("Inequalities and priorities decide sizes")
    func inequalities() throws {
        let f = VFLFixture()
        LayoutConstraint.activate(
            try f.vfl("H:|-(10)-[a(>=50,<=500)]-(10)-|") + f.vfl("H:|-(10)-[b(==300@750,<=100)]")
                + f.vfl("V:|-(>=5,==0@250)-[a(20)]-(<=100,==300@700)-[b(10)]"))
        f.window.layoutIfNeeded()
        expectVFLFrame(f.a.frame, Rect(x: 10, y: 5, width: 380, height: 20))
        expectVFLFrame(f.b.frame, Rect(x: 10, y: 125, width: 100, height: 10))
    }

    @Test("'|' is the superview of the views, at any depth")
    func nested() throws {
        let f = VFLFixture()
        let inner = View(name: "inner")
        inner.translatesAutoresizingMaskIntoConstraints = false
        f.c.addSubview(inner)
        let views: [String: LayoutItem] = ["c": f.c, "inner": inner]
        var constraints: [LayoutConstraint] = []
        for format in ["H:|-(50)-[c(200)]", "V:|-(40)-[c(100)]", "H:|-[inner]-|", "V:|[inner]|"] {
            constraints += try LayoutConstraint.constraints(withVisualFormat: format, views: views)
        }
        LayoutConstraint.activate(constraints)
        f.window.layoutIfNeeded()
        expectVFLFrame(f.c.frame, Rect(x: 50, y: 40, width: 200, height: 100))
        expectVFLFrame(inner.frame, Rect(x: 20, y: 0, width: 160, height: 100))
        // Installed on the nearest common ancestor, as in UIKit: c's own width and
        // height, and the four between c and inner.
        #expect(f.c.constraints.count == 6)
    }

    @Test("A layout guide laid out with VFL")
    func guide() throws {
        let window = Window(width: 400, height: 300)
        let guide = LayoutGuide(identifier: "spacer")
        window.addLayoutGuide(guide)
        let views: [String: LayoutItem] = ["spacer": guide]
        LayoutConstraint.activate(
            try LayoutConstraint.constraints(withVisualFormat: "H:|-(30)-[spacer(40)]", views: views)
                + LayoutConstraint.constraints(withVisualFormat: "V:|-(5)-[spacer(6)]", views: views))
        window.layoutIfNeeded()
        expectVFLFrame(guide.layoutFrame, Rect(x: 30, y: 5, width: 40, height: 6))
    }
}

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
