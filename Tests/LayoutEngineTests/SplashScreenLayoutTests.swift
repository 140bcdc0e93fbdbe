import Testing

@testable import LayoutEngine

/// Seed 003, "Auto Layout Constraint Priorities": a splash screen with a centre
/// logo and a logo in each bottom corner, 32-point margins, five attempts, on a
/// wide (400) and a narrow (250, or 200 for attempt 1) screen. Logos are 100 x 100
/// unless an attempt lets them shrink.
@Suite("Seed 003: the splash screen, attempts 1 to 5")
struct SplashScreenLayoutTests {
    struct Screen {
        let window: Window
        let centre: View
        let left: View
        let right: View

        init(width: Double) {
            window = Window(width: width, height: 600)
            centre = makeView("centreLogo", in: window)
            left = makeView("leftLogo", in: window)
            right = makeView("rightLogo", in: window)
            LayoutConstraint.activate([
                centre.centerXAnchor.constraint(equalTo: window.centerXAnchor),
                centre.centerYAnchor.constraint(equalTo: window.centerYAnchor),
                centre.widthAnchor.constraint(equalToConstant: 100),
                centre.heightAnchor.constraint(equalToConstant: 100),
                left.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -32),
                right.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -32),
            ])
        }

        func spacer(_ name: String) -> View { makeView(name, in: window) }

        /// The corner logos at a fixed 100 x 100.
        var fixedLogoSizes: [LayoutConstraint] {
            [
                left.widthAnchor.constraint(equalToConstant: 100), left.heightAnchor.constraint(equalToConstant: 100),
                right.widthAnchor.constraint(equalToConstant: 100), right.heightAnchor.constraint(equalToConstant: 100),
            ]
        }

        /// Spacers edge to edge across the screen: `first` from the leading edge to the left logo,
        /// `middle` (if any) between the logos, `last` from the right logo to the trailing edge.
        func spacerChain(_ first: View, _ middle: View?, _ last: View) -> [LayoutConstraint] {
            var chain = [
                first.leadingAnchor.constraint(equalTo: window.leadingAnchor), first.trailingAnchor.constraint(equalTo: left.leadingAnchor),
            ]
            if let middle {
                chain += [
                    middle.leadingAnchor.constraint(equalTo: left.trailingAnchor), middle.trailingAnchor.constraint(equalTo: right.leadingAnchor),
                ]
            }
            return chain + [
                last.leadingAnchor.constraint(equalTo: right.trailingAnchor), last.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            ]
        }
    }

    /// Fixed leading/trailing margins and fixed sizes: fine when wide, the corner
    /// logos overlap when narrow.
    @Test("Attempt 1: fixed margins overlap on a narrow screen", arguments: [(400.0, false), (200.0, true)])
    func attempt1(width: Double, overlaps: Bool) {
        let screen = Screen(width: width)
        LayoutConstraint.activate(
            [
                screen.left.leadingAnchor.constraint(equalTo: screen.window.leadingAnchor, constant: 32),
                screen.right.trailingAnchor.constraint(equalTo: screen.window.trailingAnchor, constant: -32),
            ] + screen.fixedLogoSizes)
        screen.window.layoutIfNeeded()
        #expect(close(screen.left.frame, Rect(x: 32, y: 468, width: 100, height: 100)))
        #expect(close(screen.right.frame, Rect(x: width - 132, y: 468, width: 100, height: 100)))
        #expect(close(screen.centre.frame, Rect(x: width / 2 - 50, y: 250, width: 100, height: 100)))
        #expect(screen.left.frame.intersects(screen.right.frame) == overlaps)
        #expect(screen.window.engine.brokenConstraintCount == 0)
    }

    /// Three spacer views of equal width around the corner logos: no overlap, but
    /// the margins are no longer 32.
    @Test("Attempt 2: three equal spacers", arguments: [400.0, 250.0])
    func attempt2(width: Double) {
        let screen = Screen(width: width)
        let (s1, s2, s3) = (screen.spacer("spacer1"), screen.spacer("spacer2"), screen.spacer("spacer3"))
        var constraints =
            screen.spacerChain(s1, s2, s3)
            + [s2.widthAnchor.constraint(equalTo: s1.widthAnchor), s3.widthAnchor.constraint(equalTo: s1.widthAnchor)]
            + screen.fixedLogoSizes
        for spacer in [s1, s2, s3] {
            constraints += [spacer.heightAnchor.constraint(equalToConstant: 10), spacer.bottomAnchor.constraint(equalTo: screen.window.bottomAnchor)]
        }
        LayoutConstraint.activate(constraints)
        screen.window.layoutIfNeeded()
        let gap = (width - 200) / 3
        #expect(close(screen.left.frame.minX, gap))
        #expect(close(screen.right.frame.minX, 2 * gap + 100))
        #expect(!screen.left.frame.intersects(screen.right.frame))
    }

    /// The left spacer is 32 at 750, the spacers equal, the logos at least 32 apart:
    /// margins stay 32 while there is room, then shrink.
    @Test("Attempt 3: a 750 spacer width gives way to the logo gap", arguments: [(400.0, 32.0), (250.0, 9.0)])
    func attempt3(width: Double, margin: Double) {
        let screen = Screen(width: width)
        let (s1, s3) = (screen.spacer("leftSpacer"), screen.spacer("rightSpacer"))
        let preferred = s1.widthAnchor.constraint(equalToConstant: 32)
        preferred.priority = .defaultHigh
        LayoutConstraint.activate(
            screen.spacerChain(s1, nil, s3)
                + [
                    preferred, s3.widthAnchor.constraint(equalTo: s1.widthAnchor),
                    screen.right.leadingAnchor.constraint(greaterThanOrEqualTo: screen.left.trailingAnchor, constant: 32),
                ] + screen.fixedLogoSizes
                + [
                    s1.heightAnchor.constraint(equalToConstant: 10), s1.topAnchor.constraint(equalTo: screen.window.topAnchor),
                    s3.heightAnchor.constraint(equalToConstant: 10), s3.topAnchor.constraint(equalTo: screen.window.topAnchor),
                ])
        screen.window.layoutIfNeeded()
        #expect(close(screen.left.frame.minX, margin))
        #expect(close(width - screen.right.frame.maxX, margin))
        #expect(screen.right.frame.minX - screen.left.frame.maxX >= 32 - 1e-6)
        #expect(!screen.left.hasAmbiguousLayout && !screen.right.hasAmbiguousLayout)
    }

    /// Left spacer <= 32, left == right, left == centre at 750: wide screens keep
    /// 32-point margins; narrow ones shrink all three spacers together.
    @Test("Attempt 4: three spacers shrink together", arguments: [(400.0, 32.0, 136.0), (250.0, 50.0 / 3, 50.0 / 3)])
    func attempt4(width: Double, side: Double, centre: Double) {
        let screen = Screen(width: width)
        let (s1, s2, s3) = (screen.spacer("leftSpacer"), screen.spacer("centreSpacer"), screen.spacer("rightSpacer"))
        let equalCentre = s2.widthAnchor.constraint(equalTo: s1.widthAnchor)
        equalCentre.priority = .defaultHigh
        var constraints =
            screen.spacerChain(s1, s2, s3)
            + [s1.widthAnchor.constraint(lessThanOrEqualToConstant: 32), s3.widthAnchor.constraint(equalTo: s1.widthAnchor), equalCentre]
            + screen.fixedLogoSizes
        for spacer in [s1, s2, s3] {
            constraints += [spacer.heightAnchor.constraint(equalToConstant: 10), spacer.topAnchor.constraint(equalTo: screen.window.topAnchor)]
        }
        LayoutConstraint.activate(constraints)
        screen.window.layoutIfNeeded()
        #expect(close(s1.frame.width, side) && close(s3.frame.width, side))
        #expect(close(s2.frame.width, centre))
    }

    /// Fixed 32 margins, logos at least 32 apart, square logos whose width is 100 at
    /// 750. With equal priorities the narrow layout is ambiguous; 751 on one width,
    /// or `<=` plus equal widths, settles it.
    @Test("Attempt 5: equal 750 widths are ambiguous when narrow; 751 or equal widths fix it")
    func attempt5() {
        func build(width: Double, fix: String) -> Screen {
            let screen = Screen(width: width)
            let leftPreferred = screen.left.widthAnchor.constraint(equalToConstant: 100)
            leftPreferred.priority = fix == "751" ? 751 : .defaultHigh
            var constraints = [
                screen.left.leadingAnchor.constraint(equalTo: screen.window.leadingAnchor, constant: 32),
                screen.right.trailingAnchor.constraint(equalTo: screen.window.trailingAnchor, constant: -32),
                screen.right.leadingAnchor.constraint(greaterThanOrEqualTo: screen.left.trailingAnchor, constant: 32),
                screen.left.heightAnchor.constraint(equalTo: screen.left.widthAnchor),
                screen.right.heightAnchor.constraint(equalTo: screen.right.widthAnchor),
                leftPreferred,
            ]
            if fix == "equal widths" {
                constraints += [
                    screen.left.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
                    screen.right.widthAnchor.constraint(equalTo: screen.left.widthAnchor),
                ]
            } else {
                let rightPreferred = screen.right.widthAnchor.constraint(equalToConstant: 100)
                rightPreferred.priority = .defaultHigh
                constraints += [
                    rightPreferred, screen.left.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
                    screen.right.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
                ]
            }
            LayoutConstraint.activate(constraints)
            screen.window.layoutIfNeeded()
            return screen
        }
        // Wide: every variant gives two 100-point logos, unambiguously.
        for fix in ["none", "751", "equal widths"] {
            let wide = build(width: 400, fix: fix)
            #expect(close(wide.left.frame, Rect(x: 32, y: 468, width: 100, height: 100)), "\(fix)")
            #expect(close(wide.right.frame, Rect(x: 268, y: 468, width: 100, height: 100)), "\(fix)")
            #expect(!wide.left.hasAmbiguousLayout && !wide.right.hasAmbiguousLayout, "\(fix)")
        }
        // Narrow, equal priorities: the 46 points of shrinkage can be split any way.
        let ambiguous = build(width: 250, fix: "none")
        #expect(ambiguous.left.hasAmbiguousLayout && ambiguous.right.hasAmbiguousLayout)
        #expect(close(ambiguous.left.frame.width + ambiguous.right.frame.width, 154))
        #expect(ambiguous.window.autolayoutTrace().contains("*View:leftLogo - AMBIGUOUS LAYOUT for View:leftLogo."))
        let alternative = ambiguous.left.exerciseAmbiguityInLayout()
        #expect(alternative != nil && alternative!.width >= 54 - 1e-6 && alternative!.width <= 100 + 1e-6)
        // 751 on the left width: the right logo shrinks.
        let tieBroken = build(width: 250, fix: "751")
        #expect(!tieBroken.left.hasAmbiguousLayout && !tieBroken.right.hasAmbiguousLayout)
        #expect(close(tieBroken.left.frame.width, 100) && close(tieBroken.right.frame.width, 54))
        // <= 100 and equal widths: both shrink to 77.
        let shrunk = build(width: 250, fix: "equal widths")
        #expect(!shrunk.left.hasAmbiguousLayout && !shrunk.right.hasAmbiguousLayout)
        #expect(close(shrunk.left.frame, Rect(x: 32, y: 491, width: 77, height: 77)))
        #expect(close(shrunk.right.frame, Rect(x: 141, y: 491, width: 77, height: 77)))
        #expect(shrunk.window.engine.brokenConstraintCount == 0)
    }
}
