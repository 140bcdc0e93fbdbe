/// Supplies a ``TableView``'s rows (`UITableViewDataSource`, one section).
public protocol TableViewDataSource: AnyObject {
    /// The number of rows.
    func numberOfRows(in tableView: TableView) -> Int

    /// The cell for a row: dequeue one with
    /// ``TableView/dequeueReusableCell(withIdentifier:for:)`` and configure its
    /// content (text, images). Changes of intrinsic size become constant updates.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell
}

/// A vertically scrolling list of rows made from reusable cells (`UITableView`, one
/// section, rows numbered from 0).
///
/// Scrolling sets ``contentOffset``; the next layout pass runs ``layoutSubviews()``,
/// which keeps cells only for the rows that intersect
/// `contentOffset ..< contentOffset + bounds.height`:
///
/// 1. cells whose rows left that range go back to their reuse pool;
/// 2. each newly visible row gets a cell from the data source (which dequeues one:
///    an idle cell from the pool after ``TableViewCell/prepareForReuse()``, or a new
///    one from the registered factory) and configures it;
/// 3. with ``rowHeight`` at ``automaticDimension`` a row's height is measured once
///    with `systemLayoutSizeFitting(Size(width: tableWidth, height: 0),
///    withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`
///    and cached (rows not yet measured count at ``estimatedRowHeight``);
/// 4. each cell's frame is set in content coordinates, `(0, rowOffset, width,
///    height)`, through its autoresizing constraints (constant updates, one batch).
///
/// Scrolling moves no cell that stays visible: as UIKit scrolls by moving the
/// scroll view's bounds, not its cells' frames, a cell's ``View/frame`` here stays
/// in content coordinates and only ``contentOffset`` changes. Reuse work runs under
/// ``LayoutOperation/cellReuse(_:)``, so the profiler attributes it.
///
/// **Idle cells stay in the hierarchy, hidden.** UIKit takes cells that scroll out of
/// view off screen and keeps them in a reuse queue (collection views remove them
/// from their superview). Here a pooled cell stays a subview of the table with
/// `isHidden = true`: removing it from the hierarchy would move its constraints out
/// of the window's engine and back on reuse (the `hierarchyChange` migration, a
/// remove and an add of every constraint), which UIKit's single engine per window
/// does not pay. Hidden cells keep their constraints in the solver, untouched while
/// they wait, so the solver holds a bounded number of cells however many rows the
/// table has, and a scroll step costs the same at row 10 as at row 10 000.
open class TableView: View {
    /// The value of ``rowHeight`` that asks for self-sizing rows.
    public static let automaticDimension: Double = -1

    /// The data source. Not retained (as UIKit's): keep it alive yourself. Setting it
    /// reloads the data.
    public var dataSource: (any TableViewDataSource)? {
        get { _dataSource }
        set {
            _dataSource = newValue
            reloadData()
        }
    }

    /// The height of every row, or ``automaticDimension`` (the default) to size each
    /// row to its cell's content. Changing it reloads the data.
    public var rowHeight: Double {
        get { _rowHeight }
        set { if replace(&_rowHeight, with: newValue) { reloadData() } }
    }

    /// The height assumed for self-sizing rows until they are measured. Changing it
    /// reloads the data.
    public var estimatedRowHeight: Double {
        get { _estimatedRowHeight }
        set { if replace(&_estimatedRowHeight, with: newValue) { reloadData() } }
    }

    /// How far the content is scrolled: the content y shown at the table's top edge.
    /// Setting it lays out in the next pass; prefer ``scroll(toOffset:)``, which clamps.
    public var contentOffset: Double {
        get { storedContentOffset }
        set { if replace(&storedContentOffset, with: newValue) { setNeedsLayout() } }
    }

    /// The number of rows, as of the last layout pass.
    public var numberOfRows: Int { _numberOfRows }

    /// Cells made from factories, in total.
    public var cellsCreated: Int { _cellsCreated }
    /// Cells handed out again from a reuse pool, in total.
    public var cellsReused: Int { _cellsReused }
    /// Row heights measured with `systemLayoutSizeFitting`, in total.
    public var rowsMeasured: Int { _rowsMeasured }

    // Internal storage, changed only whole: the cells, the queues and the row geometry through
    // `swap` (TableView+Storage.swift), so that their accesses span no call and the
    // optimizer drops their runtime exclusivity checks (View+EngineStorage.swift).
    weak var _dataSource: (any TableViewDataSource)?
    var _rowHeight = TableView.automaticDimension
    var _estimatedRowHeight = 44.0
    var _numberOfRows = 0
    var _cellsCreated = 0
    var _cellsReused = 0
    var _rowsMeasured = 0
    /// The registered identifiers' factories and idle cells, in the order registered (few).
    var reuseQueues: [ReuseQueue] = []
    /// The visible cells with their rows, in row order.
    var shownCells: [(row: Int, cell: TableViewCell)] = []
    var geometry = _RowGeometry()
    var needsReload = true
    var laidOutWidth = -1.0
    /// Whether the data source is configuring a cell (so dequeue can name the cell
    /// as the cause of the work), and whether it has.
    var storedContentOffset = 0.0
    var isAskingDataSource = false
    var reuseOperationPushed = false

    /// Makes a table view.
    public override init(name: String? = nil, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
    }

    open override var typeName: String { "TableView" }

    // MARK: - Cells

    /// Registers how to make cells for a reuse identifier.
    ///
    /// - Parameters:
    ///   - factory: Makes a new cell (set up its subviews and constraints there).
    ///   - identifier: The identifier to dequeue with.
    public func register(_ factory: @escaping () -> TableViewCell, forCellReuseIdentifier identifier: String) {
        setFactory(factory, forIdentifier: identifier)
    }

    /// A cell for a row: an idle cell of that identifier after its
    /// ``TableViewCell/prepareForReuse()``, or a new one from the registered factory,
    /// added to the table (its constraints join the table's engine once).
    ///
    /// - Parameters:
    ///   - identifier: A registered reuse identifier.
    ///   - row: The row the cell is for.
    /// - Returns: A visible cell, a subview of the table.
    public func dequeueReusableCell(withIdentifier identifier: String, for row: Int) -> TableViewCell {
        let queue = reuseQueueIndex(identifier)
        if let queue, let cell = takeReusableCell(fromQueue: queue) {
            cell.isHidden = false
            noteReuse(of: cell)
            _cellsReused += 1
            if let engine = layoutEngine {
                engine.withOperation(.cellReuse(cell)) { cell.prepareForReuse() }
            } else {
                cell.prepareForReuse()
            }
            return cell
        }
        guard let queue else {
            preconditionFailure(
                "Unable to dequeue a cell with identifier '\(identifier)': register a factory for the identifier first (register(_:forCellReuseIdentifier:))"
            )
        }
        let cell = reuseQueues[queue].factory()
        cell._reuseIdentifier = identifier
        cell.isHidden = false
        _cellsCreated += 1
        noteReuse(of: cell)
        addSubview(cell)
        return cell
    }

    /// The visible cells, top to bottom.
    public var visibleCells: [TableViewCell] {
        shownCells.map(\.cell)
    }

    /// The rows that have visible cells, top to bottom (`indexPathsForVisibleRows`;
    /// one section, so plain row numbers).
    public var visibleRows: [Int] {
        shownCells.map(\.row)
    }

    /// The visible cell of a row, or `nil` when the row is not visible.
    public func cellForRow(at row: Int) -> TableViewCell? {
        shownCell(forRow: row)
    }

    /// The rectangle of a row in content coordinates, as of the last layout pass
    /// (rows not yet measured at their estimated height).
    public func rectForRow(at row: Int) -> Rect {
        precondition(row >= 0 && row < numberOfRows, "Row \(row) out of range 0..<\(numberOfRows)")
        return Rect(x: 0, y: geometry.offset(ofRow: row), width: frame.width, height: geometry.height(ofRow: row))
    }

    /// The height of the content: every row's height, measured or estimated.
    public var contentHeight: Double { geometry.totalHeight }

    /// The idle cells waiting in the pool of an identifier.
    public func reusableCellCount(withIdentifier identifier: String) -> Int {
        reuseQueueIndex(identifier).map { reuseQueues[$0].idle.count } ?? 0
    }

    /// Forgets the rows, their cells and measured heights; the next layout pass asks
    /// the data source again.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    // MARK: - Layout

    /// Recycles cells that left the visible range, gets and measures cells for rows
    /// that entered it, and sets every visible cell's frame (see ``TableView``).
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let dataSource else {
            for (row, cell) in shownCells { enqueue(cell, row: row) }
            return
        }
        let engine = ensureEngine()
        let size = frame.size
        if needsReload {
            reload(from: dataSource, width: size.width)
            // Content that shrank below the offset: the scroll view clamps, as UIKit's
            // (without asking for another layout: this is the layout).
            storedContentOffset = min(storedContentOffset, max(0, geometry.totalHeight - size.height))
        } else if size.width != laidOutWidth {
            // A new width changes the self-sized heights.
            if rowHeight == TableView.automaticDimension { changeGeometry { $0.forgetMeasurements() } }
            laidOutWidth = size.width
        }
        let top = contentOffset
        let bottom = contentOffset + size.height
        func isVisible(_ row: Int) -> Bool {
            let y = geometry.offset(ofRow: row)
            return y < bottom && y + geometry.height(ofRow: row) > top
        }

        // 1. Cells whose rows left the visible range go back to their pools first,
        //    so the rows entering it can reuse them.
        for (row, cell) in shownCells where row >= numberOfRows || !isVisible(row) {
            enqueue(cell, row: row)
        }

        // 2. Walk the rows from the top of the range; measuring a row moves the rows
        //    below it, so the end of the range is found as we go.
        var walked: [(row: Int, cell: TableViewCell, isNew: Bool)] = []
        if size.height > 0 {
            var row = geometry.row(atOffset: top)
            while row < numberOfRows && geometry.offset(ofRow: row) < bottom {
                let existing = shownCell(forRow: row)
                let cell = existing ?? obtainCell(forRow: row, from: dataSource, engine: engine)
                if !geometry.isMeasured(row) {
                    measureHeight(of: cell, row: row, width: size.width, engine: engine)
                }
                walked.append((row, cell, existing == nil))
                row += 1
            }
        }

        // 3. Frames in content coordinates, through the autoresizing constraints: one
        //    batch, one solve. Measured cells translate their frames again.
        engine.performBatch {
            for (row, cell, isNew) in walked {
                let rect = Rect(x: 0, y: geometry.offset(ofRow: row), width: size.width, height: geometry.height(ofRow: row))
                guard isNew || cell.storedFrame != rect else { continue }
                engine.withOperation(isNew ? .cellReuse(cell) : .layoutSubviews(self)) {
                    cell.setTableFrame(rect)
                }
            }
        }

        // 4. A row whose measured height pushed it out of the range goes back too.
        for (row, cell, _) in walked where !isVisible(row) {
            enqueue(cell, row: row)
        }
    }

    private func reload(from dataSource: any TableViewDataSource, width: Double) {
        for (row, cell) in shownCells { enqueue(cell, row: row) }
        _numberOfRows = max(0, dataSource.numberOfRows(in: self))
        let automatic = rowHeight == TableView.automaticDimension
        var fresh = _RowGeometry(
            count: _numberOfRows, height: automatic ? max(estimatedRowHeight, 0) : max(rowHeight, 0), measured: !automatic)
        swap(&fresh, &geometry)
        laidOutWidth = width
        needsReload = false
    }

    /// Asks the data source for a row's cell. While it runs, the cell it dequeues is
    /// named as the cause of the engine's work (configuration included).
    private func obtainCell(forRow row: Int, from dataSource: any TableViewDataSource, engine: LayoutEngine) -> TableViewCell {
        let depth = engine.operationStack.count
        isAskingDataSource = true
        reuseOperationPushed = false
        let cell = dataSource.tableView(self, cellForRow: row)
        isAskingDataSource = false
        engine.popOperations(toDepth: depth)
        if cell.superview !== self {
            // Made without dequeuing: adopt it; it is dropped, not pooled, when it leaves.
            cell.isHidden = false
            addSubview(cell)
        }
        setCell(cell, forRow: row)
        return cell
    }

    /// While the data source runs, makes `cell` the operation its work is attributed to.
    private func noteReuse(of cell: TableViewCell) {
        guard isAskingDataSource, !reuseOperationPushed, let engine = layoutEngine, engine.eventSink != nil else { return }
        engine.pushOperation(.cellReuse(cell))
        reuseOperationPushed = true
    }

    /// Measures a self-sizing row and caches its height. `systemLayoutSizeFitting`
    /// runs the cell's pending `updateConstraints()` and leaves out its own
    /// autoresizing constraints (which hold its previous frame) while it measures.
    private func measureHeight(of cell: TableViewCell, row: Int, width: Double, engine: LayoutEngine) {
        engine.withOperation(.cellReuse(cell)) {
            let fitted = cell.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            changeGeometry { $0.setMeasuredHeight(max(fitted.height, 0), ofRow: row) }
            _rowsMeasured += 1
        }
    }

    /// Puts a cell back in its pool, hidden (or drops a cell made without dequeuing).
    private func enqueue(_ cell: TableViewCell, row: Int) {
        removeShownCell(cell, forRow: row)
        guard let identifier = cell._reuseIdentifier, let queue = reuseQueueIndex(identifier) else {
            cell.removeFromSuperview()
            return
        }
        cell.isHidden = true
        pool(cell, inQueue: queue)
    }
}
