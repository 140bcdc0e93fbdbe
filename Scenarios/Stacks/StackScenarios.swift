import LayoutEngine

/// Family 6 (seed 002 section 7, at scale): a tree of stack views three wide and
/// `depth` deep (rows of three label chips in horizontal fill-equally stacks, those
/// rows in vertical stacks, and so on, alternating), against the same layout
/// written by hand: the leaves form a uniform grid, which manual constraints place
/// directly, without container views.
///
/// The size is the number of leaves (3^depth: depth 1 to 4). The run builds the
/// layout, lays it out, then changes every label's text in four frames (intrinsic
/// size changes).
enum StackScenarios {
    static let all = Scenario.comparison(
        family: "stacks", seeds: ["seed-002"], sizes: [3, 9, 27, 81], quickSizes: [3, 9, 27],
        sizeUnit: "leaves", operationUnit: "leaf", sizeRule: .power(of: 3),
        antiPattern: .init(
            "nested",
            summary: "Nested stack views three wide and up to four deep, rows of label chips (seed 002's BadCell at scale).",
            expectations: [.counter("unsatisfiableDetections", .equal, 0)], build: nested),
        fix: .init(
            "constraints",
            summary: "The same chips placed by hand in a grid aligned to the first row and column: no container views.",
            expectations: [
                .counter("unsatisfiableDetections", .equal, 0),
                // Per leaf: leading, top, width (but the first), four content-size
                // constraints; plus the root's three pins, one trailing and one bottom.
                .counter("constraintsAdded", .equal, "7N + 4") { 7 * $0 + 4 },
            ], build: manual))

    static let spacing = 4.0
    static let width = 1000.0
    static let textFrames = 4

    static func depth(ofLeaves leaves: Int) -> Int {
        var depth = 0
        var count = 1
        while count < leaves {
            count *= 3
            depth += 1
        }
        precondition(count == leaves, "stack scenarios take a power of three leaves")
        return depth
    }

    /// Columns and rows of the leaf grid: horizontal levels multiply columns,
    /// vertical levels rows (the deepest level is horizontal).
    static func grid(depth: Int) -> (columns: Int, rows: Int) {
        var columns = 1, rows = 1
        for level in 0..<depth {
            if level % 2 == 0 { columns *= 3 } else { rows *= 3 }
        }
        return (columns, rows)
    }

    /// The frame of leaf (row, column), relative to the root container.
    static func expectedFrame(depth: Int, row: Int, column: Int) -> Rect {
        let (columns, _) = grid(depth: depth)
        let leafWidth = (width - spacing * Double(columns - 1)) / Double(columns)
        return Rect(x: Double(column) * (leafWidth + spacing), y: Double(row) * (17 + spacing), width: leafWidth, height: 17)
    }

    static func text(leaf: Int, frame: Int) -> String {
        "chip \(leaf)" + String(repeating: "+", count: (leaf + frame) % 5)
    }

    /// The window and the root container both variants lay out.
    static func makeWindow() -> Window {
        Window(width: width + 32, height: 4000)
    }

    static func pinRoot(_ root: View, in window: Window) -> [LayoutConstraint] {
        [
            root.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            root.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
            root.topAnchor.constraint(equalTo: window.topAnchor, constant: 16),
        ]
    }

    static func changeTexts(_ leaves: [Label], window: Window) {
        for frame in 1...textFrames {
            window.performFrame {
                for (index, leaf) in leaves.enumerated() { leaf.text = text(leaf: index, frame: frame) }
            }
        }
    }

    static func verify(leaves: [[Label]], depth: Int) -> [(String, String)] {
        let (columns, rows) = grid(depth: depth)
        return checkFrameInRoot(
            leaves[rows - 1][columns - 1],
            {
                var frame = expectedFrame(depth: depth, row: rows - 1, column: columns - 1)
                frame.origin.x += 16
                frame.origin.y += 16
                return frame
            }(), "the last leaf (in the window)")
    }

    /// One repetition of either variant: `place` builds the layout for the tree's depth in the
    /// window and returns its leaves by grid position; the run lays it out, then changes every
    /// label's text in four frames.
    static func instance(leaves size: Int, place: @escaping (_ depth: Int, _ window: Window) -> [[Label]]) -> ScenarioInstance {
        let depth = depth(ofLeaves: size)
        let window = makeWindow()
        window.layoutIfNeeded()
        var leaves: [[Label]] = []
        return ScenarioInstance(
            engines: [window.engine], operations: size,
            run: {
                leaves = place(depth, window)
                window.layoutIfNeeded()
                changeTexts(leaves.flatMap { $0 }, window: window)
            }, verify: { verify(leaves: leaves, depth: depth) })
    }

    // MARK: Nested stacks

    /// Builds the stack tree; returns the root stack and the leaves by grid position.
    static func buildStacks(depth: Int) -> (StackView, [[Label]]) {
        let (columns, rows) = grid(depth: depth)
        var leaves = [[Label]](repeating: [], count: rows)
        var counter = 0
        /// A subtree at `level` (0 = leaf parents) covering grid block (row0, column0).
        func subtree(level: Int, row0: Int, column0: Int, rowSpan: Int, columnSpan: Int) -> View {
            if level < 0 {
                let leaf = Label(text: text(leaf: counter, frame: 0), name: "chip\(counter)")
                counter += 1
                leaves[row0].append(leaf)
                return leaf
            }
            let horizontal = level % 2 == 0
            var children: [View] = []
            for index in 0..<3 {
                if horizontal {
                    children.append(
                        subtree(
                            level: level - 1, row0: row0, column0: column0 + index * columnSpan / 3,
                            rowSpan: rowSpan, columnSpan: columnSpan / 3))
                } else {
                    children.append(
                        subtree(
                            level: level - 1, row0: row0 + index * rowSpan / 3, column0: column0,
                            rowSpan: rowSpan / 3, columnSpan: columnSpan))
                }
            }
            let stack = StackView(arrangedSubviews: children, name: "stack\(level)")
            stack.axis = horizontal ? .horizontal : .vertical
            stack.distribution = horizontal ? .fillEqually : .fill
            stack.alignment = .fill
            stack.spacing = spacing
            return stack
        }
        let root = subtree(level: depth - 1, row0: 0, column0: 0, rowSpan: rows, columnSpan: columns) as! StackView
        // Columns were appended in traversal order; sort each row by x position.
        return (root, leaves)
    }

    static func nested(_ size: Int) -> ScenarioInstance {
        instance(leaves: size) { depth, window in
            let (root, leaves) = buildStacks(depth: depth)
            root.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(root)
            LayoutConstraint.activate(pinRoot(root, in: window))
            return leaves
        }
    }

    // MARK: Manual grid

    static func manual(_ size: Int) -> ScenarioInstance {
        instance(leaves: size) { depth, window in
            let (columns, rows) = grid(depth: depth)
            let root = View(name: "grid")
            root.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(root)
            var constraints = pinRoot(root, in: window)
            let leaves = (0..<rows).map { row in
                (0..<columns).map { column in
                    let leaf = Label(text: text(leaf: row * columns + column, frame: 0), name: "chip\(row * columns + column)")
                    leaf.translatesAutoresizingMaskIntoConstraints = false
                    root.addSubview(leaf)
                    return leaf
                }
            }
            // As a grid is written by hand: the first row chains across, the first column
            // chains down, and every other cell aligns to its column's top cell and its
            // row's first cell (no long chains of dependent cells).
            for row in 0..<rows {
                for column in 0..<columns {
                    let leaf = leaves[row][column]
                    if row == 0 {
                        constraints.append(
                            column == 0
                                ? leaf.leadingAnchor.constraint(equalTo: root.leadingAnchor)
                                : leaf.leadingAnchor.constraint(equalTo: leaves[0][column - 1].trailingAnchor, constant: spacing))
                    } else {
                        constraints.append(leaf.leadingAnchor.constraint(equalTo: leaves[0][column].leadingAnchor))
                    }
                    if column == 0 {
                        constraints.append(
                            row == 0
                                ? leaf.topAnchor.constraint(equalTo: root.topAnchor)
                                : leaf.topAnchor.constraint(equalTo: leaves[row - 1][0].bottomAnchor, constant: spacing))
                    } else {
                        constraints.append(leaf.topAnchor.constraint(equalTo: leaves[row][0].topAnchor))
                    }
                    if row + column > 0 {
                        constraints.append(leaf.widthAnchor.constraint(equalTo: leaves[0][0].widthAnchor))
                    }
                }
            }
            constraints.append(leaves[0][columns - 1].trailingAnchor.constraint(equalTo: root.trailingAnchor))
            constraints.append(root.bottomAnchor.constraint(equalTo: leaves[rows - 1][0].bottomAnchor))
            LayoutConstraint.activate(constraints)
            return leaves
        }
    }
}
