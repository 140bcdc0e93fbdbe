// Symbols and rows: ids, their blocks, entries and the column index.

extension SolverCore {
    /// `a + b` for constants, or exactly 0 when the sum is a cancellation (see
    /// `constantCancellationTolerance`).
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let result = a + b
        return abs(result) <= constantCancellationTolerance * larger(abs(a), abs(b)) ? 0 : result
    }

    /// Whether the symbol is restricted (nonnegative or zero): everything but externals.
    @inline(__always)
    func isRestricted(_ symbol: Int32) -> Bool {
        let kind = symbols[symbol].kind
        return kind != .external && kind != .unused
    }

    /// Whether the symbol may enter the basis in the simplex: slacks and errors.
    @inline(__always)
    func isPivotable(_ symbol: Int32) -> Bool {
        let kind = symbols[symbol].kind
        return kind == .slack || kind == .error
    }

    mutating func makeSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        if !freeSymbols.isEmpty {
            let id = freeSymbols.removeLast()
            symbols[id].kind = kind
            symbols[id].owner = owner
            symbols[id].row = -1
            symbols[id].edit = -1
            symbols[id].improving = false
            symbols[id].inChangedList = false
            symbols[id].value = 0
            assert(symbols[id].columnCount == 0)
            return id
        }
        let id = Int32(symbols.count)
        let (column, columnCapacity) = blocks.allocate(ColumnEntry.self, capacity: 1)
        symbols.append(
            SymbolInfo(
                column: column, value: 0,
                columnCount: 0, columnCapacity: columnCapacity, row: -1, owner: owner, edit: -1,
                touchStamp: 0, dirtyStamp: 0, kind: kind, improving: false, inChangedList: false))
        names.append("")
        symbolMark.append(-1)
        // The touched list holds each symbol at most once, and it grows during dual
        // pivots too (suggestions), which must not allocate: keep room for every symbol.
        touched.reserveCapacity(symbols.count)
        return id
    }

    /// Returns an internal symbol's id to the free list. The symbol must appear in no row.
    mutating func releaseSymbol(_ symbol: Int32) {
        assert(symbols[symbol].kind != .external, "external symbols are never recycled")
        assert(symbols[symbol].columnCount == 0, "released symbol still appears in a row")
        assert(symbols[symbol].row < 0, "released symbol is still basic")
        symbols[symbol].kind = .unused
        symbols[symbol].owner = -1
        symbols[symbol].improving = false
        freeSymbols.append(symbol)
    }

    mutating func makeRow(kind: RowKind, basic: Int32, priority: Float = 0) -> Int32 {
        let row: Int32
        if !freeRows.isEmpty {
            row = freeRows.removeLast()
            assert(rows[row].kind == .free && rows[row].count == 0)
            rows[row].kind = kind
            rows[row].basic = basic
            rows[row].priority = priority
            rows[row].constant = 0
            rows[row].listedInfeasible = false
            rows[row].undoStamp = 0
            rowMagnitude[row] = 0
        } else {
            row = Int32(rows.count)
            let (entries, capacity) = blocks.allocate(RowEntry.self, capacity: 1)
            rows.append(
                RowHeader(
                    entries: entries, constant: 0, count: 0,
                    capacity: capacity, basic: basic, priority: priority,
                    kind: kind, listedInfeasible: false, undoStamp: 0))
            rowMarks.append(RowMark(stamp: 0, entry: -1))
            rowMagnitude.append(0)
        }
        if kind == .constraint {
            counters.rowsCreated &+= 1
            counters.rowsLive &+= 1
        }
        if basic >= 0 {
            symbols[basic].row = row
        }
        return row
    }

    /// Removes every entry of the row from the column index and recycles the row.
    /// The basic symbol (if any) becomes parametric.
    mutating func releaseRow(_ row: Int32) {
        let header = rows[row]
        for index in 0..<Int(header.count) {
            let entry = header.entries[index]
            removeFromColumn(symbol: entry.symbol, slot: entry.columnSlot)
        }
        rows[row].count = 0
        if header.kind == .constraint {
            counters.rowsRemoved &+= 1
            counters.rowsLive &-= 1
        }
        if header.basic >= 0 {
            symbols[header.basic].row = -1
            markDirty(header.basic)
            touch(header.basic)
        }
        rows[row].basic = -1
        rows[row].kind = .free
        rows[row].listedInfeasible = false
        freeRows.append(row)
    }

    // MARK: Entries and the column index

    /// The index of `symbol`'s entry in `row`, or -1.
    ///
    /// - Complexity: O(min(row length, column length)): scans whichever of the row
    ///   and the symbol's column is shorter.
    @inline(__always)
    func findEntry(row: Int32, symbol: Int32) -> Int32 {
        let header = rows[row]
        let info = symbols[symbol]
        if header.count <= info.columnCount {
            let entries = header.entries
            for index in 0..<Int(header.count) where entries[index].symbol == symbol {
                return Int32(truncatingIfNeeded: index)
            }
            return -1
        }
        return entryInColumn(info, row: row)
    }

    /// The index of the entry of the symbol described by `info` in `row`, found through its column, or -1.
    @inline(__always)
    func entryInColumn(_ info: SymbolInfo, row: Int32) -> Int32 {
        let column = info.column
        for index in 0..<Int(info.columnCount) where column[index].row == row {
            return column[index].entry
        }
        return -1
    }

    @inline(__always)
    func coefficient(row: Int32, symbol: Int32) -> Double {
        let index = findEntry(row: row, symbol: symbol)
        return index < 0 ? 0 : rows[row].entries[Int(index)].coefficient
    }

    @inline(__always)
    mutating func appendToColumn(symbol: Int32, _ element: ColumnEntry) -> Int32 {
        let count = symbols[symbol].columnCount
        if _slowPath(count == symbols[symbol].columnCapacity) {
            growColumn(symbol)
        }
        symbols[symbol].column[Int(count)] = element
        symbols[symbol].columnCount = count &+ 1
        if count == 0 {
            counters.columnsLive &+= 1
        }
        return count
    }

    @inline(never)
    mutating func growColumn(_ symbol: Int32) {
        let oldCapacity = symbols[symbol].columnCapacity
        let (newColumn, newCapacity) = blocks.allocate(ColumnEntry.self, capacity: Int(oldCapacity) * 2)
        newColumn.moveInitialize(from: symbols[symbol].column, count: Int(symbols[symbol].columnCount))
        blocks.deallocate(symbols[symbol].column, capacity: oldCapacity)
        symbols[symbol].column = newColumn
        symbols[symbol].columnCapacity = newCapacity
    }

    @inline(never)
    mutating func growRow(_ row: Int32, toAtLeast minimum: Int = 0) {
        let oldCapacity = rows[row].capacity
        let (newEntries, newCapacity) = blocks.allocate(RowEntry.self, capacity: max(Int(oldCapacity) * 2, minimum))
        newEntries.moveInitialize(from: rows[row].entries, count: Int(rows[row].count))
        blocks.deallocate(rows[row].entries, capacity: oldCapacity)
        rows[row].entries = newEntries
        rows[row].capacity = newCapacity
    }

    /// Removes element `slot` of `symbol`'s column, fixing the entry that pointed at
    /// the element moved into its place.
    @inline(__always)
    mutating func removeFromColumn(symbol: Int32, slot: Int32) {
        let last = Self.removeColumnElement(
            symbols[symbol].column, at: slot, count: symbols[symbol].columnCount, rows: rows.base)
        symbols[symbol].columnCount = last
        if last == 0 {
            counters.columnsLive &-= 1
        }
    }

    /// Takes element `index` out of a buffer of `count` elements by moving the last element
    /// into its place; `repoint` gives the moved element's back pointer its new index. Rows
    /// and columns point at each other, so each removal is one of these on each side.
    ///
    /// - Returns: The buffer's new count.
    @inline(__always)
    static func removeSwappingLast<Element>(
        _ buffer: UnsafeMutablePointer<Element>, at index: Int32, count: Int32, repoint: (Element, Int32) -> Void
    ) -> Int32 {
        let last = count &- 1
        if index != last {
            let moved = buffer[Int(last)]
            buffer[Int(index)] = moved
            repoint(moved, index)
        }
        return last
    }

    /// Takes element `slot` out of a column of `count` elements, pointing the row entry of the
    /// element moved into its place at its new slot: the raw form that the row operations'
    /// inner loops use, with the column in locals.
    ///
    /// - Returns: The column's new count.
    @inline(__always)
    static func removeColumnElement(
        _ column: UnsafeMutablePointer<ColumnEntry>, at slot: Int32, count: Int32, rows: UnsafeMutablePointer<RowHeader>
    ) -> Int32 {
        removeSwappingLast(column, at: slot, count: count) { moved, slot in
            rows[Int(moved.row)].entries[Int(moved.entry)].columnSlot = slot
        }
    }

    /// Takes entry `position` out of a row of `count` entries, pointing the column element of
    /// the entry moved into its place at its new position. The column of the removed entry's
    /// symbol is not changed (``removeColumnElement(_:at:count:rows:)``).
    ///
    /// - Returns: The row's new count.
    @inline(__always)
    static func removeRowEntry(
        _ entries: UnsafeMutablePointer<RowEntry>, at position: Int32, count: Int32, symbols: UnsafeMutablePointer<SymbolInfo>
    ) -> Int32 {
        removeSwappingLast(entries, at: position, count: count) { moved, position in
            symbols[Int(moved.symbol)].column[Int(moved.columnSlot)].entry = position
        }
    }

    @inline(__always)
    mutating func appendEntry(row: Int32, symbol: Int32, coefficient: Double) {
        willModify(row)
        if _slowPath(recordingUndo) && rows[row].kind == .objective {
            logObjective(.append, row: row)
        }
        appendUnrecorded(row: row, symbol: symbol, coefficient: coefficient)
    }

    /// Appends an entry to a row the undo log has already seen (`willModify` was called).
    @inline(__always)
    mutating func appendUnrecorded(row: Int32, symbol: Int32, coefficient: Double) {
        assert(symbols[symbol].row < 0, "a basic symbol cannot appear in a row")
        assert(rows[row].basic != symbol)
        let index = rows[row].count
        if _slowPath(index == rows[row].capacity) {
            growRow(row)
        }
        let slot = appendToColumn(symbol: symbol, ColumnEntry(row: row, entry: index))
        rows[row].entries[Int(index)] = RowEntry(symbol: symbol, columnSlot: slot, coefficient: coefficient)
        rows[row].count = index &+ 1
    }

    @inline(__always)
    mutating func removeEntry(row: Int32, at index: Int32) {
        willModify(row)
        if _slowPath(recordingUndo) && rows[row].kind == .objective {
            let removed = rows[row].entries[Int(index)]
            logObjective(.remove, row: row, index: index, symbol: removed.symbol, value: removed.coefficient)
        }
        removeUnrecorded(row: row, at: index)
    }

    /// Removes entry `index` of a row by moving the row's last entry into its place.
    /// The undo log must already have seen the row.
    @inline(__always)
    mutating func removeUnrecorded(row: Int32, at index: Int32) {
        let entries = rows[row].entries
        let removed = entries[Int(index)]
        removeFromColumn(symbol: removed.symbol, slot: removed.columnSlot)
        rows[row].count = Self.removeRowEntry(entries, at: index, count: rows[row].count, symbols: symbols.base)
    }

    /// Adds `delta` to the coefficient of `symbol` in `row`, inserting or removing the
    /// entry as needed (coefficients below the epsilon are dropped).
    @inline(__always)
    mutating func addToEntry(row: Int32, symbol: Int32, delta: Double) {
        let index = findEntry(row: row, symbol: symbol)
        if index >= 0 {
            let old = rows[row].entries[Int(index)].coefficient
            let updated = old + delta
            if Self.cancels(updated, old, delta) {
                removeEntry(row: row, at: index)
            } else {
                willModify(row)
                if _slowPath(recordingUndo) && rows[row].kind == .objective {
                    logObjective(.coefficient, row: row, index: index, value: rows[row].entries[Int(index)].coefficient)
                }
                rows[row].entries[Int(index)].coefficient = updated
            }
        } else if delta != 0 {
            appendEntry(row: row, symbol: symbol, coefficient: delta)
        }
    }

    /// Adds `delta` to the entry at `index` (or appends a new entry when `index` is -1),
    /// dropping it when the result is below the epsilon. The undo log must already have
    /// seen the row.
    ///
    /// - Returns: When an entry was removed and the row's last entry moved into its
    ///   place, the moved entry's symbol; otherwise -1.
    @inline(__always)
    mutating func accumulate(row: Int32, at index: Int32, symbol: Int32, delta: Double) -> Int32 {
        if index >= 0 {
            let entries = rows[row].entries
            let old = entries[Int(index)].coefficient
            let updated = old + delta
            if _slowPath(Self.cancels(updated, old, delta)) {
                let last = rows[row].count &- 1
                let moved = entries[Int(last)].symbol
                removeUnrecorded(row: row, at: index)
                return index == last ? -1 : moved
            }
            entries[Int(index)].coefficient = updated
        } else if delta != 0 {
            appendUnrecorded(row: row, symbol: symbol, coefficient: delta)
        }
        return -1
    }
}
