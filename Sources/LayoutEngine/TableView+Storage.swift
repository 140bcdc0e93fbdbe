// A table's cells and row geometry, changed in ways that let the optimizer drop the runtime
// exclusivity checks on them (View+EngineStorage.swift): each property is only read or
// written whole, and a change works on a local copy taken out of it with `swap`, so that
// nothing it calls (hashing, a reallocation, the release of a cell) runs inside the access.

extension TableView {
    /// Sets or clears the visible cell of a row.
    func setCell(_ cell: TableViewCell?, forRow row: Int) {
        var cells: [Int: TableViewCell] = [:]
        swap(&cells, &cellsByRow)
        cells[row] = cell
        swap(&cells, &cellsByRow)
    }

    /// Takes the last idle cell of an identifier out of its pool.
    func takeReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        var all: [String: [TableViewCell]] = [:]
        swap(&all, &pools)
        let cell = all[identifier]?.popLast()
        swap(&all, &pools)
        return cell
    }

    /// Puts an idle cell in the pool of its identifier.
    func pool(_ cell: TableViewCell, withIdentifier identifier: String) {
        var all: [String: [TableViewCell]] = [:]
        swap(&all, &pools)
        all[identifier, default: []].append(cell)
        swap(&all, &pools)
    }

    /// Changes the row geometry through a local copy.
    func changeGeometry(_ change: (inout _RowGeometry) -> Void) {
        var rows = _RowGeometry()
        swap(&rows, &geometry)
        change(&rows)
        swap(&rows, &geometry)
    }
}
