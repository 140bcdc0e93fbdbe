@_spi(Testing) import Cassowary
import Testing

@testable import LayoutEngine

/// A window with a table filling it, and the table's data source: `rows` rows of one
/// kind of cell, configured by `configure`.
final class TableFixture: TableViewDataSource {
    let window: Window
    let table: TableView
    var rows: Int
    let configure: (TableViewCell, Int) -> Void
    /// The rows the data source was asked for, in order.
    var requested: [Int] = []

    init(
        rows: Int, width: Double = 375, height: Double = 620, rowHeight: Double = TableView.automaticDimension,
        estimatedRowHeight: Double = 44, make: @escaping () -> TableViewCell, configure: @escaping (TableViewCell, Int) -> Void
    ) {
        window = Window(width: width, height: height)
        table = TableView(name: "table", frame: Rect(x: 0, y: 0, width: width, height: height))
        self.rows = rows
        self.configure = configure
        window.addSubview(table)
        table.register(make, forCellReuseIdentifier: "cell")
        table.rowHeight = rowHeight
        table.estimatedRowHeight = estimatedRowHeight
        table.dataSource = self
        window.layoutIfNeeded()
    }

    func numberOfRows(in tableView: TableView) -> Int { rows }

    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell {
        requested.append(row)
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: row)
        configure(cell, row)
        return cell
    }

    /// Checks that exactly the rows intersecting the viewport have cells, each at its
    /// row's frame in content coordinates, visible, and configured for its row.
    func expectVisibleRowsLaidOut(
        height: (Int) -> Double, isConfigured: (TableViewCell, Int) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let top = table.contentOffset
        let bottom = top + table.frame.height
        var expected: [Int] = []
        var frames: [Int: Rect] = [:]
        var y = 0.0
        for row in 0..<rows {
            let h = height(row)
            if y < bottom && y + h > top {
                expected.append(row)
                frames[row] = Rect(x: 0, y: y, width: table.frame.width, height: h)
            }
            y += h
        }
        #expect(table.visibleRows == expected, "offset \(top)", sourceLocation: sourceLocation)
        for row in expected {
            guard let cell = table.cellForRow(at: row) else {
                Issue.record("no cell for visible row \(row)", sourceLocation: sourceLocation)
                continue
            }
            #expect(cell.frame.isClose(to: frames[row]!), "row \(row): \(cell.frame) != \(frames[row]!)", sourceLocation: sourceLocation)
            #expect(cell.contentView.frame.isClose(to: Rect(origin: .zero, size: frames[row]!.size)), sourceLocation: sourceLocation)
            #expect(!cell.isHidden, sourceLocation: sourceLocation)
            #expect(isConfigured(cell, row), "row \(row) shows another row's content", sourceLocation: sourceLocation)
        }
        let pooled = table.subviews.compactMap { $0 as? TableViewCell }.filter { cell in
            !table.visibleCells.contains { $0 === cell }
        }
        #expect(pooled.allSatisfy { $0.isHidden }, sourceLocation: sourceLocation)
    }
}

/// A cell with one multi-line label pinned 16 from the sides and 12 from top and
/// bottom: 24 + 17 points per line, 49 characters per line at 343 points. With
/// `explicitWrapWidth` false the label has no `preferredMaxLayoutWidth` and wraps at
/// the width its constraints give it (343 in a 375-point table), as in UIKit.
final class TextCell: TableViewCell {
    let label = Label(name: "text")
    var prepareCount = 0

    init(explicitWrapWidth: Bool = true) {
        super.init(reuseIdentifier: nil)
        label.numberOfLines = 0
        if explicitWrapWidth { label.preferredMaxLayoutWidth = 343 }
        pinInside(label, contentView, horizontal: 16, vertical: 12)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareCount += 1
    }

    static func text(forRow row: Int) -> String {
        String(repeating: "x", count: 1 + (row * 37) % 140)
    }

    /// 24 + 17 × lines, lines = ⌈7 × characters / 343⌉.
    static func height(forRow row: Int) -> Double {
        let characters = Double(text(forRow: row).count)
        return 24 + 17 * (7 * characters / 343).rounded(.up)
    }
}

/// The solver's cost of each scroll step of a table scrolled end to end.
private func perStepCosts(_ fixture: TableFixture, step: Double) -> [SolverCounters] {
    var costs: [SolverCounters] = []
    var before = fixture.window.engine.solver.counters
    fixture.table.scrollToEnd(in: fixture.window, step: step) { _ in
        let now = fixture.window.engine.solver.counters
        costs.append(now - before)
        before = now
    }
    return costs
}

private func goodFixture(rows: Int, estimatedRowHeight: Double = 44) -> TableFixture {
    TableFixture(rows: rows, estimatedRowHeight: estimatedRowHeight, make: { GoodCell() }, configure: { ($0 as! GoodCell).configure(row: $1) })
}

@Suite("TableView reuse and self-sizing")
struct TableViewTests {
    @Test("100 rows, 10 visible, scrolled end to end: at most 12 cells, every visible frame right")
    func scrollEndToEnd() {
        let fixture = goodFixture(rows: 100)
        let table = fixture.table
        // Rows are measured as they appear; the rest count at the estimate (44).
        #expect(table.visibleRows == Array(0..<10))
        #expect(abs(table.contentHeight - (10 * 62 + 90 * 44)) < 1e-6)
        let isConfigured = { (cell: TableViewCell, row: Int) in (cell as! GoodCell).titleLabel.text == "Row \(row)" }
        fixture.expectVisibleRowsLaidOut(height: { _ in GoodCell.height }, isConfigured: isConfigured)

        let steps = table.scrollToEnd(in: fixture.window, step: 31) { _ in
            fixture.expectVisibleRowsLaidOut(height: { _ in GoodCell.height }, isConfigured: isConfigured)
        }
        #expect(steps == 180)
        #expect(table.contentOffset == 6200 - 620)
        #expect(table.contentHeight == 6200)
        #expect(table.visibleRows == Array(90..<100))
        #expect(table.rowsMeasured == 100)
        // Eleven rows show when the offset falls mid-row; recycling before dequeuing
        // keeps the pool to one more than that at most.
        #expect(table.cellsCreated <= 12)
        #expect(table.cellsCreated + table.cellsReused == fixture.requested.count)
        #expect(table.visibleCells.count + table.reusableCellCount(withIdentifier: "cell") == table.cellsCreated)
        #expect(fixture.window.engine.brokenConstraintCount == 0)

        // The content inside a cell is laid out too.
        let cell = table.cellForRow(at: 95) as! GoodCell
        #expect(cell.icon.frame.isClose(to: Rect(x: 16, y: 12, width: 40, height: 40)))
        #expect(cell.subtitleLabel.frame.isClose(to: Rect(x: 68, y: 33, width: 291, height: 17)))

        // Back to the top: the cached heights are reused, nothing is measured again.
        table.scroll(toOffset: 0)
        fixture.window.layoutIfNeeded()
        #expect(table.rowsMeasured == 100)
        fixture.expectVisibleRowsLaidOut(height: { _ in GoodCell.height }, isConfigured: isConfigured)
    }

    @Test("Self-sizing rows wrap their labels at the cell's width without preferredMaxLayoutWidth")
    func selfSizingWrapsAtResolvedWidth() {
        let fixture = TableFixture(
            rows: 40, make: { TextCell(explicitWrapWidth: false) },
            configure: { ($0 as! TextCell).label.text = TextCell.text(forRow: $1) })
        let table = fixture.table
        let isConfigured = { (cell: TableViewCell, row: Int) in (cell as! TextCell).label.text == TextCell.text(forRow: row) }
        fixture.expectVisibleRowsLaidOut(height: TextCell.height(forRow:), isConfigured: isConfigured)
        table.scrollToEnd(in: fixture.window, step: 90) { _ in
            fixture.expectVisibleRowsLaidOut(height: TextCell.height(forRow:), isConfigured: isConfigured)
        }
        let total = (0..<40).map(TextCell.height(forRow:)).reduce(0, +)
        #expect(abs(table.contentHeight - total) < 1e-6)
        for cell in table.visibleCells {
            let label = (cell as! TextCell).label
            #expect(label.resolvedWrapWidth == 343)
            #expect(label.frame.width == 343)
        }
    }

    @Test("Self-sizing rows: heights follow their content, cells reused across heights")
    func selfSizing() {
        let fixture = TableFixture(rows: 60, make: { TextCell() }, configure: { ($0 as! TextCell).label.text = TextCell.text(forRow: $1) })
        let table = fixture.table
        let isConfigured = { (cell: TableViewCell, row: Int) in (cell as! TextCell).label.text == TextCell.text(forRow: row) }
        #expect(Set((0..<60).map(TextCell.height(forRow:))) == [41, 58, 75])  // one to three lines

        let initialCells = table.cellsCreated
        let events = EventRecorder.events(of: fixture.window.engine) {
            fixture.expectVisibleRowsLaidOut(height: TextCell.height(forRow:), isConfigured: isConfigured)
            table.scrollToEnd(in: fixture.window, step: 50) { _ in
                fixture.expectVisibleRowsLaidOut(height: TextCell.height(forRow:), isConfigured: isConfigured)
            }
        }
        let total = (0..<60).map(TextCell.height(forRow:)).reduce(0, +)
        #expect(abs(table.contentHeight - total) < 1e-6)
        #expect(table.contentOffset == total - 620)
        #expect(table.cellsCreated <= 14)

        // No churn of the cells' own constraints: text changes are constant updates. The
        // only additions are a new cell's four constraints joining the window's engine.
        let cellConstraintEvents = events.filter {
            ($0.kind == .constraintRemoved || $0.kind == .constraintAdded) && ($0.constraint?.origin == .app || $0.constraint?.origin == .container)
        }
        let joining = cellConstraintEvents.filter { event in
            event.kind == .constraintAdded && event.operations.contains { if case .hierarchyChange = $0 { true } else { false } }
        }
        #expect(joining.count == cellConstraintEvents.count)
        #expect(joining.count == 4 * (table.cellsCreated - initialCells))
        let intrinsicUpdates = events.filter {
            if $0.kind == .constantChanged, case .intrinsicSize = $0.operation { return true }
            return false
        }
        #expect(!intrinsicUpdates.isEmpty)
        // Reuse work is attributed to the reused cell: configuration included.
        #expect(
            intrinsicUpdates.allSatisfy { event in
                event.operations.contains { if case .cellReuse = $0 { true } else { false } }
            })
        // Reused cells were prepared.
        let prepared = table.subviews.compactMap { $0 as? TextCell }.map(\.prepareCount).reduce(0, +)
        #expect(prepared == table.cellsReused)
        #expect(fixture.window.engine.brokenConstraintCount == 0)
    }

    @Test("A scroll step costs the same with 50 rows as with 200")
    func costIndependentOfRowCount() {
        // An exact estimate, so every step brings exactly one new row (with 44, the last
        // row's estimate ends the scroll short once, and one more step follows).
        let small = perStepCosts(goodFixture(rows: 50, estimatedRowHeight: 62), step: GoodCell.height)
        let large = perStepCosts(goodFixture(rows: 200, estimatedRowHeight: 62), step: GoodCell.height)
        #expect(small.count == 40)
        #expect(large.count == 190)
        // One row enters and one leaves per step. The solver holds the same cells for
        // either table, so the same steps cost exactly the same.
        #expect(Array(large.prefix(small.count)) == small)
        // And the later steps of the long table cost no more than the short table's.
        let warm = small.dropFirst(5)
        for name in ["solves", "constraintsAdded", "constraintsRemoved", "constantUpdates", "pivots", "cellUpdates"] {
            let smallMax = warm.map { $0.value(named: name)! }.max()!
            let largeMax = large.dropFirst(5).map { $0.value(named: name)! }.max()!
            #expect(largeMax <= smallMax, "\(name): \(largeMax) > \(smallMax)")
        }
        // Per step: the entering row is configured, measured (fitting: 2 constraints
        // in and out; the cell's 4 autoresizing constraints lifted and restored) and
        // placed.
        #expect(warm.allSatisfy { $0.constraintsAdded == 6 && $0.constraintsRemoved == 6 })
    }

    @Test("BadCell rows: nested stacks built once per cell, never rebuilt on reuse")
    func badCellTable() {
        let fixture = TableFixture(rows: 60, make: { BadCell() }, configure: { ($0 as! BadCell).configure(row: $1) })
        let table = fixture.table
        let isConfigured = { (cell: TableViewCell, row: Int) in (cell as! BadCell).titleLabel.text == "Row \(row)" }
        let steps = table.scrollToEnd(in: fixture.window, step: 53) { _ in
            fixture.expectVisibleRowsLaidOut(height: { _ in BadCell.height }, isConfigured: isConfigured)
        }
        #expect(steps > 0)
        let cells = table.subviews.compactMap { $0 as? BadCell }
        #expect(cells.count == table.cellsCreated)
        #expect(table.cellsCreated <= 9)  // 620 / 106: six or seven rows show
        let stacks = cells.flatMap { allStacks(in: $0) }
        #expect(stacks.allSatisfy { $0.rebuildCount == 1 })
        #expect(stacks.map(\.generatedConstraints.count).reduce(0, +) == 34 * cells.count)
        #expect(fixture.window.engine.brokenConstraintCount == 0)
    }

    @Test("BadCell costs more per scroll step than GoodCell")
    func badCellCostsMore() {
        let good = perStepCosts(goodFixture(rows: 40), step: 106)
        let bad = perStepCosts(
            TableFixture(rows: 40, make: { BadCell() }, configure: { ($0 as! BadCell).configure(row: $1) }), step: 106)
        let goodWork = good.dropFirst(3).prefix(10).map(\.cellUpdates).reduce(0, +)
        let badWork = bad.dropFirst(3).prefix(10).map(\.cellUpdates).reduce(0, +)
        #expect(badWork > goodWork)
    }

    /// Seed 002 section 7 says each toggle rebuilds the stack; UIKit's logs and its
    /// `_UIOrderedLayoutArrangement` say a hide adds `'UISV-hiding'` (`H:[UIView(0)]`) and
    /// re-links the spacing around the view, in place (docs/engine.md, "Hiding arranged views";
    /// docs/fidelity.md, "Evidence over seed").
    @Test("Toggling isHidden on configure updates the stack in place on reuse, never rebuilding it (evidence over seed 002 section 7)")
    func hidingOnReuseUpdatesInPlace() {
        let fixture = TableFixture(
            rows: 40, make: { BadCell() },
            configure: { cell, row in
                let cell = cell as! BadCell
                cell.configure(row: row)
                cell.tags[2].isHidden = row % 2 == 1
            })
        // The tableau's invariants hold after every mutation of reuse, measurement and updates.
        fixture.window.engine.solver.checksInvariants = true
        let events = EventRecorder.events(of: fixture.window.engine) {
            fixture.table.scrollToEnd(in: fixture.window, step: 53)
        }
        fixture.window.engine.solver.checkInvariants()
        let removed = events.filter { $0.kind == .constraintRemoved && $0.constraint?.origin == .container }
        #expect(!removed.isEmpty)
        #expect(
            removed.allSatisfy { event in
                event.operations.contains { if case .containerUpdate = $0 { true } else { false } }
            })
        let stacks = fixture.table.subviews.compactMap { $0 as? BadCell }.map { $0.tags[0].superview as! StackView }
        #expect(stacks.allSatisfy { $0.rebuildCount == 1 })
        #expect(stacks.contains { $0.visibilityUpdateCount > 2 })
        // Heights are unchanged: a hidden tag collapses along the row.
        fixture.expectVisibleRowsLaidOut(
            height: { _ in BadCell.height }, isConfigured: { ($0 as! BadCell).titleLabel.text == "Row \($1)" })
    }

    @Test("Fixed row height: nothing measured, frames at multiples of the height")
    func fixedRowHeight() {
        let fixture = TableFixture(
            rows: 30, rowHeight: 80, make: { TextCell() }, configure: { ($0 as! TextCell).label.text = TextCell.text(forRow: $1) })
        let table = fixture.table
        let isConfigured = { (cell: TableViewCell, row: Int) in (cell as! TextCell).label.text == TextCell.text(forRow: row) }
        table.scrollToEnd(in: fixture.window, step: 100) { _ in
            fixture.expectVisibleRowsLaidOut(height: { _ in 80 }, isConfigured: isConfigured)
        }
        #expect(table.rowsMeasured == 0)
        #expect(table.contentHeight == 2400)
        #expect(table.rectForRow(at: 29) == Rect(x: 0, y: 2320, width: 375, height: 80))
    }

    @Test("Scrolling clamps, reloadData re-asks the data source, a scroll moves no staying cell")
    func scrollingAndReload() {
        let fixture = goodFixture(rows: 20)
        let table = fixture.table
        table.scroll(toOffset: -50)
        #expect(table.contentOffset == 0)
        let first = table.cellForRow(at: 3)
        let before = fixture.window.engine.solver.counters
        fixture.window.performFrame { table.scroll(toOffset: 10) }  // rows 0...10 stay or appear
        // Row 3's cell stays where it was: the scroll is the offset alone.
        #expect(table.cellForRow(at: 3) === first)
        #expect(first?.frame == Rect(x: 0, y: 186, width: 375, height: 62))
        let cost = fixture.window.engine.solver.counters - before
        #expect(cost.constraintsRemoved == 6)  // only row 10 arrived: one measurement
        table.scroll(toOffset: 1_000_000)
        #expect(table.contentOffset == table.maximumContentOffset)

        fixture.rows = 5
        table.reloadData()
        fixture.window.layoutIfNeeded()
        #expect(table.numberOfRows == 5)
        #expect(table.visibleRows == Array(0..<5))
        #expect(abs(table.contentHeight - 5 * 62) < 1e-6)
        fixture.expectVisibleRowsLaidOut(
            height: { _ in GoodCell.height }, isConfigured: { ($0 as! GoodCell).titleLabel.text == "Row \($1)" })
        #expect(table.cellsCreated <= 12)
    }

    @Test("A width change re-measures self-sizing rows")
    func widthChange() {
        let fixture = TableFixture(rows: 10, make: { TextCell() }, configure: { ($0 as! TextCell).label.text = TextCell.text(forRow: $1) })
        let measured = fixture.table.rowsMeasured
        fixture.window.resize(width: 375, height: 620)
        fixture.table.frame = Rect(x: 0, y: 0, width: 320, height: 620)
        fixture.window.layoutIfNeeded()
        #expect(fixture.table.rowsMeasured > measured)
        #expect(fixture.table.visibleCells.allSatisfy { abs($0.frame.width - 320) < 1e-6 })
    }
}
