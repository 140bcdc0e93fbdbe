// The undo log: rows saved before their first change and objective changes, so a
// failed operation rolls back bit for bit.

extension SolverCore {
    /// Saves a row to the undo log before its first change while recording.
    @inline(__always)
    mutating func willModify(_ row: Int32) {
        if _slowPath(recordingUndo) && rows[row].undoStamp != undoGeneration {
            saveRow(row)
        }
    }

    /// Copies a row into the undo log, or, for an objective row (logged change by
    /// change instead), only notes that it changed.
    @inline(never)
    mutating func saveRow(_ row: Int32) {
        rows[row].undoStamp = undoGeneration
        if rows[row].kind == .objective {
            objectiveRowsLogged += 1
            return
        }
        let header = rows[row]
        undoRows.append(
            SavedRow(
                row: row, basic: header.basic, constant: header.constant, firstEntry: undoEntries.count,
                entryCount: Int(header.count)))
        let count = Int(header.count)
        undoEntries.appendUninitialized(count).initialize(from: header.entries, count: count)
    }

    /// Starts recording: every row is saved before its first change.
    mutating func beginUndo() {
        assert(!recordingUndo, "undo recording does not nest")
        undoRows.removeAll()
        undoEntries.removeAll()
        objectiveUndo.removeAll()
        objectiveRowsLogged = 0
        undoGeneration &+= 1
        if undoGeneration == 0 {
            for index in 0..<rows.count { rows[index].undoStamp = 0 }
            undoGeneration = 1
        }
        recordingUndo = true
    }

    /// Stops recording and keeps the changes.
    mutating func commitUndo() {
        recordingUndo = false
        undoRows.removeAll()
        undoEntries.removeAll()
        objectiveUndo.removeAll()
    }

    /// Stops recording and restores every saved row exactly, with its basic
    /// symbol, constant and coefficients: the tableau is bit for bit what it was
    /// when recording began.
    mutating func rollBackUndo() {
        recordingUndo = false
        // Objective rows: undo their changes, last first, which restores them entry for entry.
        var change = objectiveUndo.count - 1
        while change >= 0 {
            undoObjectiveChange(objectiveUndo[change])
            change -= 1
        }
        counters.rowsRestored &+= objectiveRowsLogged
        objectiveUndo.removeAll()
        // First take every changed row out of the column index and the basis...
        for index in 0..<undoRows.count {
            let row = undoRows[index].row
            let header = rows[row]
            for entry in 0..<Int(header.count) {
                removeFromColumn(symbol: header.entries[entry].symbol, slot: header.entries[entry].columnSlot)
            }
            rows[row].count = 0
            if header.basic >= 0 && symbols[header.basic].row == row {
                symbols[header.basic].row = -1
                markDirty(header.basic)
            }
        }
        // ...then put the saved rows back.
        for index in 0..<undoRows.count {
            let saved = undoRows[index]
            rows[saved.row].constant = saved.constant
            rows[saved.row].basic = saved.basic
            if saved.basic >= 0 {
                symbols[saved.basic].row = saved.row
                markDirty(saved.basic)
                touch(saved.basic)
            }
            for entry in saved.firstEntry..<(saved.firstEntry + saved.entryCount) {
                let restored = undoEntries[entry]
                appendEntry(row: saved.row, symbol: restored.symbol, coefficient: restored.coefficient)
                touch(restored.symbol)
            }
            counters.rowsRestored &+= 1
        }
        undoRows.removeAll()
        undoEntries.removeAll()
    }

    /// Reverts one logged objective-row change; the row must be as the change left it.
    mutating func undoObjectiveChange(_ change: ObjectiveChange) {
        let row = change.row
        switch change.kind {
        case .constant:
            rows[row].constant = change.value
        case .coefficient:
            rows[row].entries[Int(change.index)].coefficient = change.value
            touch(rows[row].entries[Int(change.index)].symbol)
        case .append:
            let last = rows[row].count &- 1
            let entry = rows[row].entries[Int(last)]
            removeFromColumn(symbol: entry.symbol, slot: entry.columnSlot)
            rows[row].count = last
            touch(entry.symbol)
        case .remove:
            // The removal moved the last entry into the hole: move it back to the end.
            let count = rows[row].count
            if change.index < count {
                let moved = rows[row].entries[Int(change.index)]
                rows[row].entries[Int(count)] = moved
                symbols[moved.symbol].column[Int(moved.columnSlot)].entry = count
            }
            let slot = appendToColumn(symbol: change.symbol, ColumnEntry(row: row, entry: change.index))
            rows[row].entries[Int(change.index)] = RowEntry(symbol: change.symbol, columnSlot: slot, coefficient: change.value)
            rows[row].count = count &+ 1
            touch(change.symbol)
        }
    }
}
