#if CASSOWARY_INTERNAL_CHECKS
    // The debug-only invariant checker. It compiles into debug builds alone (the
    // `CASSOWARY_INTERNAL_CHECKS` define in Package.swift) and runs after every
    // public mutation when `Solver.checksInvariants` is on, as the test suite does.
    // Every check is O(size of the tableau).

    extension SolverCore {
        mutating func checkInvariants() {  // mutating to build scratch rows; the state is left as it was
            let savedCounters = counters
            defer { counters = savedCounters }
            func fail(_ message: String) -> Never {
                preconditionFailure("Cassowary invariant violated: \(message)")
            }

            // Rows and the column index agree in both directions.
            var liveRows = 0
            var seen = [Int32](repeating: -1, count: symbols.count)
            for rowIndex in 0..<rows.count {
                let row = Int32(rowIndex)
                let header = rows[row]
                if header.kind == .free {
                    if header.count != 0 { fail("free row \(row) has entries") }
                    continue
                }
                if header.kind == .constraint {
                    liveRows += 1
                    let basic = header.basic
                    if basic < 0 || symbols[basic].row != row { fail("row \(row) and its basic symbol \(basic) disagree") }
                }
                let restrictedRow = header.kind != .constraint || symbols[header.basic].kind != .external
                let dummyRow = header.kind == .constraint && symbols[header.basic].kind == .dummy
                for index in 0..<Int(header.count) {
                    let entry = header.entries[index]
                    let symbol = entry.symbol
                    if symbols[symbol].kind == .unused { fail("row \(row) holds released symbol \(symbol)") }
                    if symbols[symbol].row >= 0 { fail("row \(row) holds basic symbol \(symbol)") }
                    if entry.coefficient == 0 || !entry.coefficient.isFinite {
                        fail("row \(row) holds coefficient \(entry.coefficient) for symbol \(symbol)")
                    }
                    if seen[Int(symbol)] == row { fail("row \(row) holds symbol \(symbol) twice") }
                    seen[Int(symbol)] = row
                    let info = symbols[symbol]
                    if entry.columnSlot < 0 || entry.columnSlot >= info.columnCount { fail("entry of \(symbol) in row \(row) has a bad column slot") }
                    let element = info.column[Int(entry.columnSlot)]
                    if element.row != row || element.entry != Int32(index) { fail("column of \(symbol) does not point back at row \(row)") }
                    if dummyRow && symbols[symbol].kind != .dummy {
                        fail("dummy-basic row \(row) holds non-dummy symbol \(symbol): a redundant required equality no longer pins it")
                    }
                    if restrictedRow && symbols[symbol].kind == .external {
                        fail("restricted or objective row \(row) holds external symbol \(symbol)")
                    }
                }
                if !header.constant.isFinite { fail("row \(row) has constant \(header.constant)") }
            }
            var liveColumns = 0
            for symbolIndex in 0..<symbols.count {
                let info = symbols[symbolIndex]
                if info.columnCount > 0 { liveColumns += 1 }
                for slot in 0..<Int(info.columnCount) {
                    let element = info.column[slot]
                    let header = rows[element.row]
                    if element.entry >= header.count || header.entries[Int(element.entry)].symbol != Int32(symbolIndex) {
                        fail("column of \(symbolIndex) points at a row entry that is not it")
                    }
                }
                if info.row >= 0 && rows[info.row].basic != Int32(symbolIndex) { fail("symbol \(symbolIndex) thinks it is basic in row \(info.row)") }
            }
            if liveRows != counters.rowsLive { fail("rowsLive \(counters.rowsLive) but \(liveRows) rows are live") }
            if liveColumns != counters.columnsLive { fail("columnsLive \(counters.columnsLive) but \(liveColumns) columns are live") }

            // Objective levels.
            for index in 0..<levels.count {
                let level = levels[index]
                if index > 0 && levels[index - 1].priority <= level.priority { fail("objective levels are not in descending order") }
                if level.users <= 0 { fail("objective level \(level.priority) has no users") }
                if rows[level.row].kind != .objective || rows[level.row].priority != level.priority { fail("level \(level.priority) has a bad row") }
            }

            // Every installed constraint, rewritten through the rows, reduces to its
            // markers. Not on a wide or ill-conditioned system: its tableau is inexact
            // by the condition number times the rounding, and the verification after
            // every operation judges it on its values, rebuilding it when they fail.
            if !numerics.wide && !numerics.illConditioned, let failure = rowsDescribeConstraints(tolerance: 1e-6) {
                fail(failure)
            }

            let settled = batchDepth == 0
            if settled {
                // Feasibility: restricted basic symbols are nonnegative, dummies zero.
                for rowIndex in 0..<rows.count where rows[rowIndex].kind == .constraint {
                    let header = rows[rowIndex]
                    let kind = symbols[header.basic].kind
                    if kind == .external { continue }
                    let tolerance = 1e-7 * max(1, ownerMagnitude(header.basic))
                    if header.constant < -tolerance {
                        fail("row \(rowIndex) with restricted basic \(header.basic) is infeasible: \(header.constant)")
                    }
                    if kind == .dummy && abs(header.constant) > tolerance { fail("dummy-basic row \(rowIndex) has constant \(header.constant)") }
                }
                // Optimality, re-derived without the solver's own rule: every objective
                // row is rebuilt from scratch from the error symbols and compared with
                // the kept one, then each parametric slack or error symbol's whole
                // reduced-cost vector is read off the fresh rows, and its first
                // component that is more than rounding of the fresh row's magnitude
                // must not be negative.
                var freshRows: [(priority: Float, row: Int32)] = []
                for index in 0..<levels.count {
                    let fresh = freshObjectiveRow(levels[index].priority)
                    let tolerance = 1e-8 * max(1, rowMagnitude[fresh])
                    if !rowsAgree(levels[index].row, fresh, tolerance: tolerance) {
                        fail("objective row of priority \(levels[index].priority) differs from its rebuild by more than \(tolerance)")
                    }
                    freshRows.append((levels[index].priority, fresh))
                }
                for symbolIndex in 0..<symbols.count {
                    let symbol = Int32(symbolIndex)
                    guard isPivotable(symbol), symbols[symbol].row < 0 else { continue }
                    for (priority, fresh) in freshRows {
                        let cost = coefficient(row: fresh, symbol: symbol)
                        if abs(cost) <= 1e-8 * max(1, rowMagnitude[fresh]) { continue }
                        if cost < 0 {
                            fail(
                                "symbol \(symbol) has reduced cost \(cost) at priority \(priority), the first that is not rounding: the objective is not optimal"
                            )
                        }
                        break
                    }
                }
                for (_, fresh) in freshRows { releaseRow(fresh) }
                // Every installed required constraint holds at the current values.
                for record in records {
                    guard let constraint = record.constraint, record.priority >= 1000 else { continue }
                    var value = constraint.constant
                    var scale = abs(constraint.constant)
                    for term in constraint.terms {
                        let termValue = term.coefficient * currentValue(term.variable.id)
                        value += termValue
                        scale = max(scale, abs(termValue))
                    }
                    let tolerance = 1e-7 * max(1, scale)
                    let holds: Bool
                    switch constraint.relation {
                    case .equal: holds = abs(value) <= tolerance
                    case .lessThanOrEqual: holds = value <= tolerance
                    case .greaterThanOrEqual: holds = value >= -tolerance
                    }
                    if !holds { fail("required constraint \(constraint) is violated by \(value)") }
                }
            }
            if recordingUndo { fail("the undo log is still recording") }
        }

        /// Whether the rows still describe the installed constraints: each constraint,
        /// rewritten through the rows of its basic symbols, must reduce to its own markers
        /// (expression + μ·marker − μ·other is identically zero in the parametric
        /// symbols), up to `tolerance` of the largest term that went into it. This reads
        /// the constraints' original coefficients, not the solver's rules: it catches a
        /// column that no longer matches its constraint (a latent error that shows only
        /// when an edit or constant change moves along it), however feasible the values.
        ///
        /// - Returns: `nil`, or what is wrong.
        /// - Complexity: O(Σ over constraints of the lengths of their variables' rows).
        mutating func rowsDescribeConstraints(tolerance: Double) -> String? {
            var combined = [Double](repeating: 0, count: symbols.count)
            var size = [Double](repeating: 0, count: symbols.count)
            var touched: [Int32] = []
            for record in records {
                guard let constraint = record.constraint else { continue }
                func accumulate(_ symbol: Int32, _ factor: Double) {
                    let row = symbols[symbol].row
                    guard row >= 0 else {
                        combined[Int(symbol)] += factor
                        size[Int(symbol)] += abs(factor)
                        touched.append(symbol)
                        return
                    }
                    let header = rows[row]
                    for index in 0..<Int(header.count) {
                        let entry = header.entries[index]
                        combined[Int(entry.symbol)] += factor * entry.coefficient
                        size[Int(entry.symbol)] += abs(factor * entry.coefficient)
                        touched.append(entry.symbol)
                    }
                }
                for term in constraint.terms { accumulate(term.variable.id, term.coefficient) }
                accumulate(record.marker, record.markerCoefficient)
                if record.other >= 0 { accumulate(record.other, -record.markerCoefficient) }
                var scale = 0.0
                for symbol in touched { scale = max(scale, size[Int(symbol)]) }
                var failure: String?
                for symbol in touched {
                    if failure == nil && abs(combined[Int(symbol)]) > tolerance * scale {
                        failure =
                            "constraint \(constraint) does not reduce to its markers through the rows: symbol \(symbol) is left with \(combined[Int(symbol)]) (largest term \(scale))"
                    }
                    combined[Int(symbol)] = 0
                    size[Int(symbol)] = 0
                }
                if let failure { return failure }
                touched.removeAll(keepingCapacity: true)
            }
            return nil
        }
    }
#endif
