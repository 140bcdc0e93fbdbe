import LayoutEngine

/// Family 2 (seed 002 section 3): N updates to row heights, either by churn
/// (deactivate the constraint, make a new one, activate it) or by editing
/// `.constant` in place. Each update is one display frame.
enum EditsScenarios {
    static let all = Scenario.comparison(
        family: "edits", seeds: ["seed-002"], sizes: [100, 400, 1600], quickSizes: [20, 40, 80],
        sizeUnit: "updates", operationUnit: "update", antiPattern: churn, fix: constant)

    static let rowCount = 30

    /// The height of row `update % rows` after `update`.
    /// Never 44 (the starting height), and never the row's previous value (30 % 7 != 0).
    static func height(forUpdate update: Int) -> Double { 50 + Double(update % 7) * 10 }

    static func verify(_ list: RowList, heights: [LayoutConstraint], updates: Int) -> [(String, String)] {
        var expected = [Double](repeating: 44, count: rowCount)
        for update in 0..<updates { expected[update % rowCount] = height(forUpdate: update) }
        return checkFrame(list.rows[rowCount - 1], list.expectedFrame(of: rowCount - 1, heights: expected), "the last row")
    }

    static let churn = ComparisonSide(
        "churn", tags: ["churn"], summary: "Change a row height N times by deactivating its constraint and activating a new one.",
        expectations: [
            .counter("constraintsRemoved", .equal, "N") { $0 },
            .counter("constraintsAdded", .equal, "N") { $0 },
            .counter("solves", .equal, "2N") { 2 * $0 },
        ]
    ) { size in
        let list = RowList(rowCount: rowCount)
        var heights = list.heights
        return ScenarioInstance(frames: size, of: list.window) { update in
            let index = update % rowCount
            LayoutConstraint.deactivate([heights[index]])
            let replacement = list.rows[index].heightAnchor.constraint(equalToConstant: height(forUpdate: update))
            LayoutConstraint.activate([replacement])
            heights[index] = replacement
        } verify: {
            verify(list, heights: heights, updates: size)
        }
    }

    static let constant = ComparisonSide(
        "constant", summary: "Change the same row heights N times by editing .constant in place.",
        expectations: [
            .counter("constraintsRemoved", .equal, 0),
            .counter("constraintsAdded", .equal, 0),
            .counter("constantUpdates", .equal, "N") { $0 },
            .counter("pivots", .equal, 0),
            .counter("solves", .equal, "N") { $0 },
        ]
    ) { size in
        let list = RowList(rowCount: rowCount)
        return ScenarioInstance(frames: size, of: list.window) { update in
            list.heights[update % rowCount].constant = height(forUpdate: update)
        } verify: {
            verify(list, heights: list.heights, updates: size)
        }
    }
}
