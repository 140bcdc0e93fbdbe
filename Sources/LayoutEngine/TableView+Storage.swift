// A table's visible cells, reuse queues and row geometry: arrays searched by row and by
// identifier rather than dictionaries (no hashing per row or per frame, and work that does
// not depend on Swift's per-process hashing seed), each changed in ways that let the
// optimizer drop the runtime exclusivity checks on it (View+EngineStorage.swift): a property
// is only read or written whole, and a change works on a local copy taken out with `swap`,
// so that nothing it calls (a reallocation, the release of a cell) runs inside the access.

extension TableView {
    /// A reuse identifier's factory and its idle cells, last in first out (UIKit's queue).
    struct ReuseQueue {
        let identifier: String
        var factory: () -> TableViewCell
        var idle: [TableViewCell] = []
    }

    /// The index in ``shownCells`` of `row`'s entry, or of the first entry after it.
    func shownIndex(ofRow row: Int) -> Int {
        var low = 0
        var high = shownCells.count
        while low < high {
            let middle = (low + high) / 2
            if shownCells[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The visible cell of a row, or `nil`.
    func shownCell(forRow row: Int) -> TableViewCell? {
        let index = shownIndex(ofRow: row)
        return index < shownCells.count && shownCells[index].row == row ? shownCells[index].cell : nil
    }

    /// Sets the visible cell of a row, keeping ``shownCells`` in row order.
    func setCell(_ cell: TableViewCell, forRow row: Int) {
        let index = shownIndex(ofRow: row)
        var cells: [(row: Int, cell: TableViewCell)] = []
        swap(&cells, &shownCells)
        if index < cells.count && cells[index].row == row {
            cells[index].cell = cell
        } else {
            cells.insert((row, cell), at: index)
        }
        swap(&cells, &shownCells)
    }

    /// Clears the visible cell of a row when it is `cell` (one search for both).
    func removeShownCell(_ cell: TableViewCell, forRow row: Int) {
        let index = shownIndex(ofRow: row)
        guard index < shownCells.count && shownCells[index].row == row && shownCells[index].cell === cell else { return }
        var cells: [(row: Int, cell: TableViewCell)] = []
        swap(&cells, &shownCells)
        cells.remove(at: index)
        swap(&cells, &shownCells)
    }

    /// The queue of an identifier: its index in ``reuseQueues``, or `nil` if none is registered.
    func reuseQueueIndex(_ identifier: String) -> Int? {
        reuseQueues.firstIndex { $0.identifier == identifier }
    }

    /// Changes ``reuseQueues`` through a local copy; returns what `change` returns.
    @discardableResult
    func changeReuseQueues<Result>(_ change: (inout [ReuseQueue]) -> Result) -> Result {
        var queues: [ReuseQueue] = []
        swap(&queues, &reuseQueues)
        defer { swap(&queues, &reuseQueues) }
        return change(&queues)
    }

    /// Registers a factory, replacing an earlier one for the same identifier (its idle cells stay).
    func setFactory(_ factory: @escaping () -> TableViewCell, forIdentifier identifier: String) {
        changeReuseQueues { queues in
            if let index = queues.firstIndex(where: { $0.identifier == identifier }) {
                queues[index].factory = factory
            } else {
                queues.append(ReuseQueue(identifier: identifier, factory: factory))
            }
        }
    }

    /// Takes the last idle cell out of queue `index`.
    func takeReusableCell(fromQueue index: Int) -> TableViewCell? {
        changeReuseQueues { $0[index].idle.popLast() }
    }

    /// Puts an idle cell at the end of queue `index`.
    func pool(_ cell: TableViewCell, inQueue index: Int) {
        changeReuseQueues { $0[index].idle.append(cell) }
    }

    /// Changes the row geometry through a local copy.
    func changeGeometry(_ change: (inout _RowGeometry) -> Void) {
        var rows = _RowGeometry()
        swap(&rows, &geometry)
        change(&rows)
        swap(&rows, &geometry)
    }
}
