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
