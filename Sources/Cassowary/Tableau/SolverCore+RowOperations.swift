// Whole-row operations: target += multiplier × source (merge or column scan),
// scaling, and the bookkeeping of objective rows they change.

extension SolverCore {
    /// `target += multiplier * source`. The rows must differ and `source` must not
    /// contain `target`'s basic symbol.
    ///
    /// Each source entry is located in the target in O(1): either the target's
    /// symbols are first marked in `symbolMark` (a merge, O(target + source)), or,
    /// when the target is much longer than the source's columns, each source symbol's
    /// column is scanned for the target. Both give the same result entry for entry.
    mutating func addRow(into target: Int32, from source: Int32, times multiplier: Double) {
        assert(target != source)
        willModify(target)
        counters.rowAdditions &+= 1
        let sourceHeader = rows[source]
        let constant = Self.sum(rows[target].constant, multiplier * sourceHeader.constant)
        if _slowPath(recordingUndo) && rows[target].kind == .objective {
            addRowLogged(into: target, from: source, times: multiplier, constant: constant)
            return
        }
        rows[target].constant = constant
        let count = Int(sourceHeader.count)
        counters.cellUpdates &+= count
        if count == 0 { return }
        let sourceEntries = sourceHeader.entries
        let targetCount = Int(rows[target].count)
        // Scanning the columns costs the sum of their lengths; merging costs both rows' lengths.
        var columnCost = 0
        if targetCount > 2 &* count &+ 16 {
            for index in 0..<count {
                columnCost &+= Int(symbols[sourceEntries[index].symbol].columnCount)
                if columnCost > targetCount { break }
            }
        }
        if targetCount > 2 &* count &+ 16 && columnCost <= targetCount {
            for index in 0..<count {
                let entry = sourceEntries[index]
                let position = entryInColumn(symbols[entry.symbol], row: target)
                _ = accumulate(row: target, at: position, symbol: entry.symbol, delta: multiplier * entry.coefficient)
            }
        } else {
            mergeRow(into: target, from: sourceEntries, count: count, times: multiplier)
        }
        if rows[target].kind != .constraint {
            var largest = 0.0
            for index in 0..<count {
                touch(sourceEntries[index].symbol)
                largest = Self.larger(largest, abs(sourceEntries[index].coefficient))
            }
            rowMagnitude[target] += abs(multiplier) * largest
        }
    }

    /// `addRow` into an objective row while recording: the same changes, in the same
    /// order, each logged in `objectiveUndo` (appended here, not through the out-of-line
    /// `logObjective`: one call per entry was 1.4% of cells/stack-hide's measured region).
    @inline(never)
    mutating func addRowLogged(into target: Int32, from source: Int32, times multiplier: Double, constant: Double) {
        logObjective(.constant, row: target, value: rows[target].constant)
        rows[target].constant = constant
        let count = Int(rows[source].count)
        counters.cellUpdates &+= count
        var largest = 0.0
        for index in 0..<count { largest = Self.larger(largest, abs(rows[source].entries[index].coefficient)) }
        rowMagnitude[target] += abs(multiplier) * largest
        for index in 0..<count {
            let entry = rows[source].entries[index]
            let delta = multiplier * entry.coefficient
            let position = findEntry(row: target, symbol: entry.symbol)
            if position >= 0 {
                let old = rows[target].entries[Int(position)]
                if Self.cancels(old.coefficient + delta, old.coefficient, delta) {
                    objectiveUndo.append(
                        ObjectiveChange(kind: .remove, row: target, index: position, symbol: old.symbol, value: old.coefficient))
                    removeUnrecorded(row: target, at: position)
                } else {
                    objectiveUndo.append(
                        ObjectiveChange(kind: .coefficient, row: target, index: position, symbol: -1, value: old.coefficient))
                    rows[target].entries[Int(position)].coefficient = old.coefficient + delta
                }
            } else if delta != 0 {
                objectiveUndo.append(ObjectiveChange(kind: .append, row: target, index: 0, symbol: -1, value: 0))
                appendUnrecorded(row: target, symbol: entry.symbol, coefficient: delta)
            }
            touch(entry.symbol)
        }
    }

    /// Logs a change to an objective row while recording.
    @inline(never)
    mutating func logObjective(
        _ kind: ObjectiveChange.Kind, row: Int32, index: Int32 = 0, symbol: Int32 = -1, value: Double = 0
    ) {
        assert(recordingUndo && rows[row].kind == .objective)
        objectiveUndo.append(ObjectiveChange(kind: kind, row: row, index: index, symbol: symbol, value: value))
    }

    /// The merge strategy of `addRow`: marks the target's symbols with their entry
    /// indices, accumulates the source, then clears the marks.
    ///
    /// Appending is the common case (building a new row from a long one), so it is
    /// written out here with the row's state in locals: no per-entry reloads of the
    /// tableau arrays.
    @inline(__always)
    mutating func mergeRow(
        into target: Int32, from sourceEntries: UnsafeMutablePointer<RowEntry>, count sourceCount: Int,
        times multiplier: Double
    ) {
        let marks = symbolMark.base
        let infos = symbols.base
        let headers = rows.base
        var count = Int(rows[target].count)
        var entries = rows[target].entries
        var capacity = Int(rows[target].capacity)
        for index in 0..<count {
            marks[Int(entries[index].symbol)] = Int32(truncatingIfNeeded: index)
        }
        var newColumns = 0
        var index = 0
        // The loop runs until an entry needs its row or its column grown; the growing (a call)
        // is done outside it and the entry taken again, so that the loop's state stays in
        // registers (a call inside kept four of its values on the stack).
        while index < sourceCount {
            var grow = Growth.none
            while index < sourceCount {
                let entry = sourceEntries[index]
                let symbol = Int(entry.symbol)
                let delta = multiplier * entry.coefficient
                let position = marks[symbol]
                if position >= 0 {
                    let old = entries[Int(position)].coefficient
                    let updated = old + delta
                    // Cancelling is as common as not where substitutions swap symbols (most hits in
                    // cells/stack-hide): no `_slowPath`.
                    if Self.cancels(updated, old, delta) {
                        // The entry goes, so its mark must go now (the others are cleared below).
                        marks[symbol] = -1
                        // `removeUnrecorded`: out of the symbol's column, then out of the row.
                        let info = infos + symbol
                        let columnCount = Self.removeColumnElement(
                            info.pointee.column, at: entries[Int(position)].columnSlot, count: info.pointee.columnCount,
                            rows: headers)
                        info.pointee.columnCount = columnCount
                        if columnCount == 0 { newColumns &-= 1 }
                        // Out of the row as `removeRowEntry` does, keeping the moved entry's mark in step
                        // (unmarked, appended, entries have none).
                        count &-= 1
                        if Int(position) != count {
                            let moved = entries[count]
                            entries[Int(position)] = moved
                            infos[Int(moved.symbol)].column[Int(moved.columnSlot)].entry = position
                            if marks[Int(moved.symbol)] >= 0 { marks[Int(moved.symbol)] = position }
                        }
                    } else {
                        entries[Int(position)].coefficient = updated
                    }
                } else if delta != 0 {
                    if _slowPath(count == capacity) {
                        grow = .row
                        break
                    }
                    let info = infos + symbol
                    let slot = info.pointee.columnCount
                    if _slowPath(slot == info.pointee.columnCapacity) {
                        grow = .column
                        break
                    }
                    info.pointee.column[Int(slot)] = ColumnEntry(row: target, entry: Int32(truncatingIfNeeded: count))
                    info.pointee.columnCount = slot &+ 1
                    if slot == 0 { newColumns &+= 1 }
                    entries[count] = RowEntry(symbol: entry.symbol, columnSlot: slot, coefficient: delta)
                    count &+= 1
                }
                index &+= 1
            }
            switch grow {
            case .none:
                break
            case .row:
                rows[target].count = Int32(truncatingIfNeeded: count)
                // Room for the rest of the source, and for the marker and error a new row gets next.
                growRow(target, toAtLeast: count &+ (sourceCount &- index) &+ 4)
                entries = rows[target].entries
                capacity = Int(rows[target].capacity)
            case .column:
                growColumn(sourceEntries[index].symbol)
            }
        }
        rows[target].count = Int32(truncatingIfNeeded: count)
        counters.columnsLive &+= newColumns
        for index in 0..<count {
            marks[Int(entries[index].symbol)] = -1
        }
    }

    /// Multiplies every coefficient and the constant of `row` by `factor`.
    ///
    /// A factor of 1 (a new row whose subject already has coefficient -1 after its sign
    /// was normalized, as in a chain of equalities) is counted but skips the pass.
    ///
    /// - Returns: The largest |coefficient| of the scaled row, or 0 for a factor of 1
    ///   (a unit pivot is never ill-conditioned).
    @discardableResult
    mutating func scaleRow(_ row: Int32, by factor: Double) -> Double {
        willModify(row)
        counters.rowScalings &+= 1
        let header = rows[row]
        counters.cellUpdates &+= Int(header.count)
        if factor == 1 { return 0 }
        var largest = 0.0
        for index in 0..<Int(header.count) {
            header.entries[index].coefficient *= factor
            largest = Self.larger(largest, abs(header.entries[index].coefficient))
        }
        rows[row].constant = header.constant * factor
        return largest
    }

    /// Notes a pivot element that is small next to its row (`scaledLargest` is the
    /// row's largest entry after dividing by it): such a pivot solves a nearly
    /// dependent pair of rows, and the rows it writes carry rounding amplified by
    /// that ratio. From then on the solver verifies and refines after every
    /// operation, as it does for a wide coefficient range.
    @inline(__always)
    mutating func notePivotRatio(_ scaledLargest: Double) {
        if scaledLargest > Self.wideCoefficientRange { numerics.illConditioned = true }
    }
}

/// What the inner loop of a row operation stopped for: an entry whose row or column is full.
enum Growth {
    case none, row, column
}
