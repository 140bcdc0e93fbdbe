import LayoutEngine

/// Family 4 (seed 002 section 4): toggling between a compact and an expanded
/// height N times, by swapping the priorities of two installed constraints
/// (999 and 750: both non-required, so the change is in place) or by adding and
/// removing the competing required constraint.
enum PriorityScenarios {
    static let all = Scenario.comparison(
        family: "priority", seeds: ["seed-002"], sizes: [100, 400, 1600], quickSizes: [20, 40, 80],
        sizeUnit: "toggles", operationUnit: "toggle", sizeRule: .even, antiPattern: addRemove, fix: swap)

    static let rowCount = 20

    static func verify(_ list: RowList, expandedRows: Set<Int>) -> [(String, String)] {
        let heights = (0..<rowCount).map { expandedRows.contains($0) ? 200.0 : 44.0 }
        return checkFrame(list.rows[rowCount - 1], list.expectedFrame(of: rowCount - 1, heights: heights), "the last row")
    }

    /// The fixed row: two installed heights whose priorities swap in an idempotent
    /// `updateConstraints()` (one batched pass per frame).
    final class PrioritySwappingRow: View {
        lazy var compact: LayoutConstraint = {
            let constraint = heightAnchor.constraint(equalToConstant: 44)
            constraint.priority = 999
            return constraint
        }()
        lazy var expanded: LayoutConstraint = {
            let constraint = heightAnchor.constraint(equalToConstant: 200)
            constraint.priority = .defaultHigh
            return constraint
        }()
        var isExpanded = false {
            didSet { if oldValue != isExpanded { setNeedsUpdateConstraints() } }
        }

        override func updateConstraints() {
            compact.priority = isExpanded ? .defaultHigh : 999
            expanded.priority = isExpanded ? 999 : .defaultHigh
            super.updateConstraints()
        }
    }

    /// Rows whose height constraint is replaced by the two competing ones.
    static func makeList(makeRow: (Int) -> View = { View(name: "row\($0)") }) -> RowList {
        let list = RowList(rowCount: rowCount, makeRow: makeRow)
        LayoutConstraint.deactivate(list.heights)
        return list
    }

    static let addRemove = ComparisonSide(
        "add-remove", tags: ["churn"],
        summary: "Toggle a row between compact and expanded N times by adding and removing the required expanded height.",
        expectations: [
            .counter("constraintsAdded", .equal, "N/2") { $0 / 2 },
            .counter("constraintsRemoved", .equal, "N/2") { $0 / 2 },
            .counter("priorityUpdates", .equal, 0),
        ]
    ) { size in
        let list = makeList()
        var compact: [LayoutConstraint] = []
        for row in list.rows {
            let height = row.heightAnchor.constraint(equalToConstant: 44)
            height.priority = .defaultHigh
            compact.append(height)
        }
        LayoutConstraint.activate(compact)
        list.window.layoutIfNeeded()
        var expanded: [LayoutConstraint?] = Array(repeating: nil, count: rowCount)
        return ScenarioInstance(frames: size, of: list.window) { toggle in
            let index = (toggle / 2) % rowCount
            if let current = expanded[index] {
                current.isActive = false
                expanded[index] = nil
            } else {
                let height = list.rows[index].heightAnchor.constraint(equalToConstant: 200)
                height.isActive = true
                expanded[index] = height
            }
        } verify: {
            verify(list, expandedRows: Set(expanded.indices.filter { expanded[$0] != nil }))
        }
    }

    static let swap = ComparisonSide(
        "swap", summary: "Toggle the same rows N times by swapping the 999/750 priorities of two installed heights in updateConstraints().",
        expectations: [
            .counter("constraintsAdded", .equal, 0),
            .counter("constraintsRemoved", .equal, 0),
            .counter("priorityUpdates", .equal, "2N") { 2 * $0 },
        ]
    ) { size in
        let list = makeList { PrioritySwappingRow(name: "row\($0)") }
        let swappers = list.rows.map { $0 as! PrioritySwappingRow }
        LayoutConstraint.activate(swappers.flatMap { [$0.compact, $0.expanded] })
        list.window.layoutIfNeeded()
        return ScenarioInstance(frames: size, of: list.window) { toggle in
            swappers[(toggle / 2) % rowCount].isExpanded.toggle()
        } verify: {
            verify(list, expandedRows: Set(swappers.indices.filter { swappers[$0].isExpanded }))
        }
    }
}
