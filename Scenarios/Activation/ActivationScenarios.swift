import LayoutEngine

/// Family 1 (seed 002 section 1): activating N constraints one `isActive` at a time
/// (a solve each) against `LayoutConstraint.activate([...])` (one solve).
enum ActivationScenarios {
    static let all = Scenario.comparison(
        family: "activation", seeds: ["seed-002"], sizes: [400, 1600, 6400], quickSizes: [40, 80, 160],
        sizeUnit: "constraints", operationUnit: "constraint", sizeRule: .multiple(of: 4), modelGap: individualGap,
        antiPattern: .init(
            "individual", summary: "Activate N constraints one isActive = true at a time: the engine solves after each.",
            expectations: [
                .counter("solves", .equal, "N") { $0 },
                .counter("constraintsAdded", .equal, "N") { $0 },
            ]
        ) { size in
            Grid(constraintCount: size).instance(operations: size) { constraints in
                for constraint in constraints {
                    constraint.isActive = true
                }
            }
        },
        fix: .init(
            "batch", summary: "Activate the same N constraints with LayoutConstraint.activate([...]): one solve.",
            expectations: [
                .counter("solves", .equal, 1),
                .counter("constraintsAdded", .equal, "N") { $0 },
            ]
        ) { size in
            Grid(constraintCount: size).instance(operations: size) { constraints in
                LayoutConstraint.activate(constraints)
            }
        })

    /// A grid of N/4 tiles, each placed by four constraints (not yet active).
    struct Grid {
        let window: Window
        let tiles: [View]
        let constraints: [LayoutConstraint]

        init(constraintCount: Int) {
            window = Window(width: 1000, height: 1000)
            var tiles: [View] = []
            var constraints: [LayoutConstraint] = []
            for index in 0..<(constraintCount / 4) {
                let tile = View(name: "tile\(index)")
                tile.translatesAutoresizingMaskIntoConstraints = false
                window.addSubview(tile)
                constraints += [
                    tile.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: Double(index % 20) * 50),
                    tile.topAnchor.constraint(equalTo: window.topAnchor, constant: Double(index / 20) * 50),
                    tile.widthAnchor.constraint(equalToConstant: 44),
                    tile.heightAnchor.constraint(equalToConstant: 44),
                ]
                tiles.append(tile)
            }
            self.tiles = tiles
            self.constraints = constraints
            window.layoutIfNeeded()  // the first pass, outside the measurement
        }

        /// The measured run: `activate` the grid's constraints, then one layout pass.
        func instance(operations: Int, activating activate: @escaping ([LayoutConstraint]) -> Void) -> ScenarioInstance {
            ScenarioInstance(
                engines: [window.engine], operations: operations,
                run: {
                    activate(constraints)
                    window.layoutIfNeeded()
                }, verify: verify)
        }

        func verify() -> [(String, String)] {
            guard let last = tiles.last else { return [] }
            let index = tiles.count - 1
            let expected = Rect(x: Double(index % 20) * 50, y: Double(index / 20) * 50, width: 44, height: 44)
            return last.frame == expected ? [] : [("the last tile at \(expected)", "it is at \(last.frame)")]
        }
    }

    /// Why this engine can run N individual activations faster than one batch, where
    /// UIKit cannot (seed 002, section 1).
    static let individualGap =
        "This engine does the per-call work UIKit does around the solver and counts it (activationCalls: N individual "
        + "calls against 1 for activate(_:); ancestorSearches, one per two-view constraint, and constraintsInstalled, N: "
        + "equal on both sides, as UIKit searches for and installs on each constraint's nearest common ancestor either "
        + "way), but the solve after adding "
        + "a required equality between fresh variables has nothing to optimise (one objective check, no pivot), so N solves "
        + "cost about what one does. What makes UIKit's batch faster is NSISEngine's own cost per optimisation and per "
        + "engine call (seed 002), which this solver does not have; the model charges no cost it does not do, so its wall "
        + "time cannot show the batch's advantage."
}
