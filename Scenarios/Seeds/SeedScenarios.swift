import LayoutEngine

/// Family 11: the seed articles' worked layouts as small scenarios that check
/// their frames and report their cost.
///
/// - `seeds/splash-screen` (seed 003, attempt 5): margins fixed at 32, logos at
///   least 32 apart, square logos that shrink together on narrow screens. The run
///   rotates the screen between 400 and 250 points wide N times.
/// - `seeds/layered-priorities` (seed 001): a layout at 750 overridden by a
///   complete layout at 1000 and restored by removing it, N times.
enum SeedScenarios {
    static let all = [
        seed(
            "splash-screen", "seed-003", units: ("rotations", "rotation"),
            summary: "Seed 003's splash screen (attempt 5), rotated between 400 and 250 points N times; frames as the article says.",
            expectations: [.counter("constraintsAdded", .equal, 0)], build: splashScreen),
        seed(
            "layered-priorities", "seed-001", units: ("cycles", "cycle"),
            summary: "Seed 001: a complete 1000 layout overrides a 750 one and is removed again, N times; frames restore exactly.",
            expectations: [.counter("constraintsAdded", .equal, "4N") { 4 * $0 }, .counter("constraintsRemoved", .equal, "4N") { 4 * $0 }],
            build: layeredPriorities),
    ]

    /// A seed article's layout as scenario `seeds/variant`, tagged `priority` and `seed`, at the
    /// family's sizes; besides `expectations`, nothing may break.
    static func seed(
        _ variant: String, _ seed: String, units: (size: String, operation: String), summary: String,
        expectations: [Expectation], build: @escaping @Sendable (Int) -> ScenarioInstance
    ) -> Scenario {
        Scenario(
            name: "seeds/\(variant)", summary: summary, tags: ["seeds", "priority", seed], sizes: [4, 16, 64], quickSizes: [2, 4, 8],
            sizeUnit: units.size, operationUnit: units.operation,
            expectations: expectations + [.counter("unsatisfiableDetections", .equal, 0)], build: build)
    }

    static func splashScreen(_ size: Int) -> ScenarioInstance {
        let window = Window(width: 400, height: 600)
        let centre = View(name: "centreLogo"), left = View(name: "leftLogo"), right = View(name: "rightLogo")
        for logo in [centre, left, right] {
            logo.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(logo)
        }
        let preferred = left.widthAnchor.constraint(equalToConstant: 100)
        preferred.priority = .defaultHigh
        LayoutConstraint.activate([
            centre.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            centre.centerYAnchor.constraint(equalTo: window.centerYAnchor),
            centre.widthAnchor.constraint(equalToConstant: 100), centre.heightAnchor.constraint(equalToConstant: 100),
            left.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 32),
            right.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -32),
            left.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -32),
            right.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -32),
            right.leadingAnchor.constraint(greaterThanOrEqualTo: left.trailingAnchor, constant: 32),
            left.heightAnchor.constraint(equalTo: left.widthAnchor), right.heightAnchor.constraint(equalTo: right.widthAnchor),
            left.widthAnchor.constraint(lessThanOrEqualToConstant: 100), preferred,
            right.widthAnchor.constraint(equalTo: left.widthAnchor),
        ])
        window.layoutIfNeeded()
        var failures: [(String, String)] = []
        return ScenarioInstance(
            engines: [window.engine], operations: size,
            run: {
                for rotation in 0..<(2 * size) {
                    window.performFrame { window.resize(width: rotation % 2 == 0 ? 250 : 400, height: 600) }
                    if rotation < 2 {
                        let narrow = rotation % 2 == 0
                        let logo = narrow ? 77.0 : 100.0
                        let width = narrow ? 250.0 : 400.0
                        failures += checkFrame(left, Rect(x: 32, y: 568 - logo, width: logo, height: logo), "the left logo at \(width)")
                        failures += checkFrame(
                            right, Rect(x: width - 32 - logo, y: 568 - logo, width: logo, height: logo), "the right logo at \(width)")
                    }
                }
            },
            verify: {
                failures + checkFrame(centre, Rect(x: 150, y: 250, width: 100, height: 100), "the centre logo")
            })
    }

    static func layeredPriorities(_ size: Int) -> ScenarioInstance {
        let window = Window(width: 320, height: 480)
        let square = View(name: "redSquare")
        square.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(square)
        let weak = [
            square.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            square.topAnchor.constraint(equalTo: window.topAnchor),
            square.widthAnchor.constraint(equalToConstant: 100), square.heightAnchor.constraint(equalToConstant: 200),
        ]
        for constraint in weak { constraint.priority = .defaultHigh }
        LayoutConstraint.activate(weak)
        window.layoutIfNeeded()
        var failures: [(String, String)] = []
        return ScenarioInstance(
            engines: [window.engine], operations: size,
            run: {
                for cycle in 0..<size {
                    let strong = [
                        square.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
                        square.heightAnchor.constraint(equalToConstant: 200),
                        square.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 50),
                        square.widthAnchor.constraint(equalToConstant: 200),
                    ]
                    window.performFrame { LayoutConstraint.activate(strong) }
                    if cycle == 0 { failures += checkFrame(square, Rect(x: 50, y: 100, width: 200, height: 200), "the overridden square") }
                    window.performFrame { LayoutConstraint.deactivate(strong) }
                }
            },
            verify: {
                square.frame == Rect(x: 20, y: 0, width: 100, height: 200)
                    ? failures : failures + [("the square restored exactly to (20, 0, 100, 200)", "it is at \(square.frame)")]
            })
    }
}
