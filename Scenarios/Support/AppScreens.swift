import LayoutEngine

/// A vertical list of rows pinned to a window's edges, each row below the previous
/// one: a simple app screen. Row heights are the constraints scenarios edit.
struct RowList {
    let window: Window
    let rows: [View]
    let heights: [LayoutConstraint]

    init(rowCount: Int, width: Double = 375, rowHeight: Double = 44, makeRow: (Int) -> View = { View(name: "row\($0)") }) {
        window = Window(width: width, height: Double(rowCount) * (rowHeight + 8) + 100)
        var rows: [View] = []
        var heights: [LayoutConstraint] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<rowCount {
            let row = makeRow(index)
            row.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(row)
            let height = row.heightAnchor.constraint(equalToConstant: rowHeight)
            height.identifier = "row\(index).height"
            constraints += [
                row.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                row.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                row.topAnchor.constraint(equalTo: index == 0 ? window.topAnchor : rows[index - 1].bottomAnchor, constant: 8),
                height,
            ]
            rows.append(row)
            heights.append(height)
        }
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        self.rows = rows
        self.heights = heights
    }

    /// The expected frame of row `index` when every row has the given heights.
    func expectedFrame(of index: Int, heights: [Double]) -> Rect {
        var y = 0.0
        for row in 0..<index { y += 8 + heights[row] }
        return Rect(x: 16, y: y + 8, width: window.frame.width - 32, height: heights[index])
    }
}

/// Checks that a view's frame is `expected` (to 1e-6), as a scenario verification.
func checkFrame(_ view: View, _ expected: Rect, _ what: String) -> [(String, String)] {
    view.frame.isClose(to: expected, tolerance: 1e-6) ? [] : [("\(what) at \(expected)", "it is at \(view.frame)")]
}

/// Checks a view's frame in its window's coordinates.
func checkFrameInRoot(_ view: View, _ expected: Rect, _ what: String) -> [(String, String)] {
    view.frameInRoot.isClose(to: expected, tolerance: 1e-6) ? [] : [("\(what) at \(expected)", "it is at \(view.frameInRoot)")]
}
