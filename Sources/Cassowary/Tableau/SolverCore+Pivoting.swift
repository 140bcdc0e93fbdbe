// Pivoting: a symbol made basic in a row and substituted out of every other row,
// and the consequences noted for values, feasibility and objective coefficients.

extension SolverCore {
    /// Makes `entering` basic in `row` in place of the row's basic symbol, then
    /// substitutes it out of every other row that holds it.
    mutating func pivot(row: Int32, entering: Int32) {
        counters.pivots &+= 1
        let leaving = rows[row].basic
        let index = findEntry(row: row, symbol: entering)
        precondition(index >= 0, "pivot: entering symbol is not in the row")
        let coefficient = rows[row].entries[Int(index)].coefficient
        removeEntry(row: row, at: index)
        // leaving = c + a*entering + rest  =>  entering = (leaving - c - rest) / a
        notePivotRatio(max(scaleRow(row, by: -1 / coefficient), abs(1 / coefficient)))
        rows[row].basic = entering
        symbols[entering].row = row
        symbols[leaving].row = -1
        appendEntry(row: row, symbol: leaving, coefficient: 1 / coefficient)
        markDirty(entering)
        markDirty(leaving)
        substituteOut(symbol: entering, definingRow: row)
    }

    /// Replaces `symbol` in every row that holds it by the expression of `definingRow`,
    /// whose basic symbol it now is.
    ///
    /// With several target rows the work goes column by column: for each symbol of the
    /// defining row, the rows already holding it are marked once (`rowMarks`), then
    /// every target is updated. Each row sees exactly the operations, in the same order,
    /// that a row by row `addRow` would apply, so both give the same tableau; the cheaper
    /// one is chosen.
    ///
    /// - Complexity: O(min(Σ over targets of min(target + defining, Σ columns),
    ///   Σ columns + targets × defining)) where "Σ columns" is the total column length of
    ///   the defining row's symbols: rows that do not hold the symbol are not visited.
    mutating func substituteOut(symbol: Int32, definingRow: Int32) {
        let targetCount = Int(symbols[symbol].columnCount)
        if targetCount == 0 { return }
        scratchTargets.removeAll()
        let column = symbols[symbol].column
        for index in 0..<targetCount {
            scratchTargets.append(SubstitutionTarget(row: column[index].row, entry: column[index].entry, multiplier: 0))
        }
        let sourceCount = Int(rows[definingRow].count)
        let sourceEntries = rows[definingRow].entries
        var columns = 0
        for index in 0..<sourceCount { columns &+= Int(symbols[sourceEntries[index].symbol].columnCount) }
        let byColumns = columns &+ targetCount &* sourceCount
        var byRows = 0
        for index in 0..<targetCount where byRows <= byColumns {
            byRows &+= min(Int(rows[scratchTargets[index].row].count) &+ sourceCount, columns)
        }
        // While recording the undo log, objective rows must change through addRow's logged path.
        if targetCount == 1 || byRows <= byColumns || recordingUndo {
            for index in 0..<targetCount {
                let element = scratchTargets[index]
                let target = element.row
                let coefficient = rows[target].entries[Int(element.entry)].coefficient
                removeEntry(row: target, at: element.entry)
                addRow(into: target, from: definingRow, times: coefficient)
                counters.substitutions &+= 1
                noteRowChanged(target)
            }
        } else {
            substituteByColumns(definingRow: definingRow, targetCount: targetCount)
        }
        purgeExternalsAfterSubstitution(definingRow: definingRow)
    }

    /// Restricted and objective rows never hold external symbols in exact arithmetic:
    /// when the defining row of a substitution holds some, what is left of them in a
    /// restricted target is a cancellation that did not quite cancel, and is removed.
    /// The targets are those in `scratchTargets`.
    @inline(__always)
    mutating func purgeExternalsAfterSubstitution(definingRow: Int32) {
        let header = rows[definingRow]
        var hasExternal = false
        for index in 0..<Int(header.count) where symbols[header.entries[index].symbol].kind == .external {
            hasExternal = true
            break
        }
        guard _slowPath(hasExternal) else { return }
        for index in 0..<scratchTargets.count {
            let target = scratchTargets[index].row
            guard rows[target].kind != .free,
                rows[target].kind != .constraint || (rows[target].basic >= 0 && symbols[rows[target].basic].kind != .external)
            else { continue }
            removeExternalEntries(target)
        }
    }

    /// Removes every external symbol's entry from a row.
    @inline(never)
    mutating func removeExternalEntries(_ row: Int32) {
        var index = Int32(0)
        while index < rows[row].count {
            if symbols[rows[row].entries[Int(index)].symbol].kind == .external {
                removeEntry(row: row, at: index)
            } else {
                index += 1
            }
        }
    }

    /// The column-by-column strategy of `substituteOut`; the targets and their
    /// entries of the substituted symbol are in `scratchTargets`.
    mutating func substituteByColumns(definingRow: Int32, targetCount: Int) {
        let source = rows[definingRow]
        let sourceCount = Int(source.count)
        // Take the symbol out of every target, keeping its coefficient (the multiplier).
        for index in 0..<targetCount {
            let element = scratchTargets[index]
            let target = element.row
            willModify(target)
            let coefficient = rows[target].entries[Int(element.entry)].coefficient
            scratchTargets[index].multiplier = coefficient
            removeUnrecorded(row: target, at: element.entry)
            rows[target].constant = Self.sum(rows[target].constant, coefficient * source.constant)
        }
        counters.rowAdditions &+= targetCount
        counters.substitutions &+= targetCount
        counters.cellUpdates &+= targetCount &* sourceCount
        var touchesObjective = false
        for index in 0..<targetCount where rows[scratchTargets[index].row].kind != .constraint {
            touchesObjective = true
        }
        if touchesObjective {
            var largest = 0.0
            for index in 0..<sourceCount { largest = Self.larger(largest, abs(source.entries[index].coefficient)) }
            for index in 0..<targetCount where rows[scratchTargets[index].row].kind != .constraint {
                rowMagnitude[scratchTargets[index].row] += abs(scratchTargets[index].multiplier) * largest
            }
        }
        // The loop below works on the tableau's raw storage: none of these buffers moves
        // during a substitution (rows and symbols are neither made nor released here; a
        // row or column that grows moves its own block, reread through its header).
        let headers = rows.base
        let infos = symbols.base
        let marks = rowMarks.base
        let targets = scratchTargets.base
        let sourceEntries = source.entries
        var newColumns = 0
        for sourceIndex in 0..<sourceCount {
            let entry = sourceEntries[sourceIndex]
            let symbol = entry.symbol
            let info = infos + Int(symbol)
            // Mark the rows that already hold this symbol with its entry there.
            rowMarkEpoch &+= 1
            if _slowPath(rowMarkEpoch == 0) {
                for row in 0..<rowMarks.count { rowMarks[row].stamp = 0 }
                rowMarkEpoch = 1
            }
            let epoch = rowMarkEpoch
            let markColumn = info.pointee.column
            for slot in 0..<Int(info.pointee.columnCount) {
                let element = markColumn[slot]
                marks[Int(element.row)] = RowMark(stamp: epoch, entry: element.entry)
            }
            // The symbol's column changes only here (appends, and removals of cancelled
            // entries) while its targets are visited: keep it in locals. Whether it is live
            // (non-empty) is noted once, after the targets.
            var column = info.pointee.column
            var columnCount = info.pointee.columnCount
            var columnCapacity = info.pointee.columnCapacity
            let wasLive = columnCount != 0
            for index in 0..<targetCount {
                let target = targets[index].row
                let header = headers + Int(target)
                let delta = targets[index].multiplier * entry.coefficient
                let mark = marks[Int(target)]
                if mark.stamp == epoch {
                    let position = mark.entry
                    let entries = header.pointee.entries
                    let old = entries[Int(position)].coefficient
                    let updated = old + delta
                    if Self.cancels(updated, old, delta) {
                        // `removeUnrecorded`: out of the symbol's column, then out of the row.
                        columnCount = Self.removeColumnElement(
                            column, at: entries[Int(position)].columnSlot, count: columnCount, rows: headers)
                        header.pointee.count = Self.removeRowEntry(
                            entries, at: position, count: header.pointee.count, symbols: infos)
                    } else {
                        entries[Int(position)].coefficient = updated
                    }
                } else if delta != 0 {
                    // `appendUnrecorded`.
                    let count = header.pointee.count
                    if _slowPath(count == header.pointee.capacity) {
                        growRow(target)
                    }
                    if _slowPath(columnCount == columnCapacity) {
                        info.pointee.columnCount = columnCount
                        growColumn(symbol)
                        column = info.pointee.column
                        columnCapacity = info.pointee.columnCapacity
                    }
                    column[Int(columnCount)] = ColumnEntry(row: target, entry: count)
                    header.pointee.entries[Int(count)] = RowEntry(
                        symbol: symbol, columnSlot: columnCount, coefficient: delta)
                    columnCount &+= 1
                    header.pointee.count = count &+ 1
                }
            }
            info.pointee.columnCount = columnCount
            if (columnCount != 0) != wasLive { newColumns &+= wasLive ? -1 : 1 }
            if touchesObjective { touch(symbol) }
        }
        counters.columnsLive &+= newColumns
        for index in 0..<targetCount {
            noteRowChanged(scratchTargets[index].row)
        }
    }

    /// Records the consequences of a change to a row's constant or entries: its
    /// external basic symbol's value may have changed; a restricted basic symbol may
    /// have become negative.
    @inline(__always)
    mutating func noteRowChanged(_ row: Int32) {
        let header = rows[row]
        guard header.kind == .constraint else { return }
        let basic = header.basic
        let kind = symbols[basic].kind
        if kind == .external {
            markDirty(basic)
        } else if header.constant < 0 && !header.listedInfeasible {
            rows[row].listedInfeasible = true
            infeasible.append(row)
        }
    }

    /// Notes that a symbol's objective coefficients may have changed.
    @inline(__always)
    mutating func touch(_ symbol: Int32) {
        if symbols[symbol].touchStamp != touchEpoch {
            symbols[symbol].touchStamp = touchEpoch
            touched.append(symbol)
        }
    }

    /// Notes that an external symbol's value may have changed.
    @inline(__always)
    mutating func markDirty(_ symbol: Int32) {
        if symbols[symbol].kind == .external && symbols[symbol].dirtyStamp != dirtyEpoch {
            symbols[symbol].dirtyStamp = dirtyEpoch
            dirty.append(symbol)
        }
    }
}
