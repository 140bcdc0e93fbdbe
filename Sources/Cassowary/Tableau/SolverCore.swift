// The tableau of the incremental Cassowary solver (Badros, Borning & Stuckey,
// "The Cassowary linear arithmetic constraint solving algorithm", ACM TOCHI 8(4),
// 2001), kept in augmented simplex form:
//
//   - every row reads  basic = constant + sum(coefficient * parametric symbol);
//   - rows whose basic symbol is an unrestricted (external) variable form Cu,
//     rows whose basic symbol is restricted (slack, error, dummy, artificial)
//     form Cs; Cs rows and objective rows only ever hold restricted symbols;
//   - the objective is a priority vector: one objective row per priority level in
//     use, compared lexicographically (highest priority first), as Apple's
//     NSISEngine keeps a priority vector per objective entry.
//
// Storage is built to scale: symbols and rows are dense Int32 ids; each row is a
// sparse vector of (symbol, coefficient) entries in its own contiguous block; a
// column index (symbol -> the rows that hold it, and where) lets substitution,
// constant updates, ratio tests and marker lookups touch only the rows that contain
// the symbol. Finding a symbol in a row never hashes: it scans the shorter of the
// row and the symbol's column, and whole-row operations mark the symbols of one side
// in a dense scratch array (see `addRow` and `substituteOut`). Row and column blocks
// are recycled, so a warm solver does not allocate per pivot. Nothing here is
// public: `Solver` is the API.

/// One coefficient of a row. `columnSlot` is where this entry is listed in the
/// symbol's column, so both can be removed in O(1).
struct RowEntry {
    var symbol: Int32
    var columnSlot: Int32
    var coefficient: Double
}

/// One element of a column: the row holding the symbol and the index of the
/// entry in that row.
struct ColumnEntry {
    var row: Int32
    var entry: Int32
}

enum RowKind: UInt8 {
    /// A recycled row slot.
    case free
    /// A tableau row with a basic symbol.
    case constraint
    /// The objective row of one priority level.
    case objective
    /// The temporary objective of an artificial phase.
    case artificialObjective
}

struct RowHeader {
    var entries: UnsafeMutablePointer<RowEntry>
    var constant: Double
    var count: Int32
    var capacity: Int32
    /// The basic symbol of a constraint row; -1 for objective rows.
    var basic: Int32
    /// The priority of an objective row.
    var priority: Float
    var kind: RowKind
    /// Whether the row is in the infeasible list (it may be listed when stale).
    var listedInfeasible: Bool
    /// The undo generation in which the row was last saved.
    var undoStamp: UInt32
}

enum SymbolKind: UInt8 {
    /// A recycled symbol id.
    case unused
    /// An unrestricted user variable.
    case external
    /// The slack of an inequality: restricted to be nonnegative.
    case slack
    /// An error variable of a non-required constraint: restricted to be nonnegative.
    case error
    /// The marker of a required equality: restricted to be zero.
    case dummy
    /// A temporary variable of an artificial phase: restricted to be nonnegative.
    case artificial
}

struct SymbolInfo {
    var column: UnsafeMutablePointer<ColumnEntry>
    /// External symbols: the value at the last refresh.
    var value: Double
    var columnCount: Int32
    var columnCapacity: Int32
    /// The row in which the symbol is basic, or -1 when parametric.
    var row: Int32
    /// The slot of the constraint that made this symbol, or -1.
    var owner: Int32
    /// External symbols: the slot of their edit constraint, or -1.
    var edit: Int32
    var touchStamp: UInt32
    var dirtyStamp: UInt32
    var kind: SymbolKind
    /// Whether the symbol is in the improving list with a lexicographically negative reduced cost.
    var improving: Bool
    /// Whether the symbol is in the changed-values list.
    var inChangedList: Bool
}

struct ObjectiveLevel {
    var priority: Float
    var row: Int32
    /// Installed constraints whose error symbols live at this level.
    var users: Int32
    /// The row's accumulated magnitude when it was last built from scratch (0 before the first check).
    var magnitudeAtRefresh: Double = 0
}

/// A row as it was before a fallible operation first modified it.
struct SavedRow {
    var row: Int32
    var basic: Int32
    var constant: Double
    var firstEntry: Int
    var entryCount: Int
}

/// An entry of a saved row.
struct SavedEntry {
    var symbol: Int32
    var coefficient: Double
}

/// One change to an objective row while recording. Objective rows span the whole
/// system, so the undo log keeps their changes one by one instead of copying them.
struct ObjectiveChange {
    enum Kind: UInt8 {
        /// The constant was `value`.
        case constant
        /// Entry `index` had coefficient `value`.
        case coefficient
        /// An entry was appended.
        case append
        /// Entry `index` (`symbol`, `value`) was removed and the last entry moved into its place.
        case remove
    }

    var kind: Kind
    var row: Int32
    var index: Int32
    var symbol: Int32
    var value: Double
}

/// The per-constraint bookkeeping of the solver.
struct ConstraintRecord {
    var constraint: Constraint?
    /// The symbol through which the constraint is removed and its constant changed:
    /// the slack of an inequality, the dummy of a required equality, the positive
    /// error of a non-required equality.
    var marker: Int32
    /// The second symbol of a non-required constraint (its error), or -1.
    var other: Int32
    /// The coefficient of `marker` in the constraint's original row.
    var markerCoefficient: Double
    var priority: Float
    var weight: Double
    /// Constant change deferred in a batch.
    var pendingDelta: Double
    var pendingListed: Bool
    /// Add order, for deterministic reports.
    var sequence: Int
    /// The variable this constraint edits, or -1.
    var editedVariable: Int32
}

/// Read-only helpers that mutating methods call are declared `mutating` too: a call
/// to a non-mutating method that is not inlined makes Swift 6.3 copy the whole
/// struct (928 bytes) to the stack first, on every call.
struct SolverCore: ~Copyable {

    var rows = PodArray<RowHeader>(minimumCapacity: 64)
    var freeRows = PodArray<Int32>()
    var symbols = PodArray<SymbolInfo>(minimumCapacity: 64)
    var freeSymbols = PodArray<Int32>()
    /// Objective levels in use, sorted by descending priority.
    var levels = PodArray<ObjectiveLevel>()
    var counters = SolverCounters()

    // Objective bookkeeping for the primal simplex.
    var touched = PodArray<Int32>()
    var touchEpoch: UInt32 = 1
    var improving = PodArray<Int32>()

    // Rows whose restricted basic symbol may be negative.
    var infeasible = PodArray<Int32>()

    // External symbols whose value may have changed, and those found changed.
    var dirty = PodArray<Int32>()
    var dirtyEpoch: UInt32 = 1
    var changed = PodArray<Int32>()

    // Undo log: while `recordingUndo`, every constraint row is copied before its first
    // change and every change to an objective row is logged, so a failed operation can
    // restore the rows bit for bit at a cost proportional to what it changed.
    var recordingUndo = false
    var undoGeneration: UInt32 = 1
    var undoRows = PodArray<SavedRow>()
    var undoEntries = PodArray<SavedEntry>()
    /// Changes to objective rows while recording, in order; `objectiveRowsLogged` of
    /// them had changes (each counts as one restored row).
    var objectiveUndo = PodArray<ObjectiveChange>()
    var objectiveRowsLogged = 0

    // Scratch buffers (kept warm, never shrunk).
    var scratchColumn = PodArray<ColumnEntry>()
    var scratchCoefficients = PodArray<Double>()
    /// Per symbol: the index of its entry in the row being merged into, or -1 (always -1 between operations).
    var symbolMark = PodArray<Int32>(minimumCapacity: 64)
    /// Per row: the stamp of the last `rowMarkEpoch` that marked it, and the marked entry.
    var rowMarkStamp = PodArray<UInt32>(minimumCapacity: 64)
    var rowMarkEntry = PodArray<Int32>(minimumCapacity: 64)
    var rowMarkEpoch: UInt32 = 0
    /// Per row: for an objective row, the sum of the magnitudes of every term added
    /// into it since it was built (see `reducedCostTolerance`).
    var rowMagnitude = PodArray<Double>(minimumCapacity: 64)
    /// Tolerance bookkeeping and repair counts (SolverCore+Numerics.swift).
    var numerics = NumericalState()
    var scratchSymbols = PodArray<Int32>()
    var scratchLevelsA = PodArray<ObjectiveLevelValue>()
    var scratchLevelsB = PodArray<ObjectiveLevelValue>()

    // Constraints.
    var records = ContiguousArray<ConstraintRecord>()
    var freeSlots: [Int32] = []
    var nextSequence = 0
    var installedCount = 0
    var editCount = 0

    // Names of external symbols (empty for internal symbols).
    var names = ContiguousArray<String>()

    // Batching.
    var batchDepth = 0
    var structuralChangePending = false
    var pendingShiftSlots: [Int32] = []

    /// Whether the invariant checker runs after every public mutation (debug builds only).
    var checksEnabled = false

    /// The memory of rows' entries and symbols' columns (see `BlockPool`).
    var blocks = BlockPool()

    init() {}

    deinit {
        // Blocks from the pool's slabs go with the pool; larger ones are returned here.
        for index in 0..<rows.count
        where Int(rows[index].capacity) * MemoryLayout<RowEntry>.stride > BlockPool.largestBlockBytes {
            rows[index].entries.deallocate()
        }
        for index in 0..<symbols.count
        where Int(symbols[index].columnCapacity) * MemoryLayout<ColumnEntry>.stride > BlockPool.largestBlockBytes {
            symbols[index].column.deallocate()
        }
    }
}

/// A (priority, value) pair of a reduced-cost vector.
struct ObjectiveLevelValue {
    var priority: Float
    var value: Double
}

// MARK: - Symbols and rows

extension SolverCore {
    /// `a + b` for constants, or exactly 0 when the sum is a cancellation (see
    /// `constantCancellationTolerance`).
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let result = a + b
        return abs(result) <= constantCancellationTolerance * max(abs(a), abs(b)) ? 0 : result
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
        symbols.append(SymbolInfo(
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
            rows.append(RowHeader(
                entries: entries, constant: 0, count: 0,
                capacity: capacity, basic: basic, priority: priority,
                kind: kind, listedInfeasible: false, undoStamp: 0))
            rowMarkStamp.append(0)
            rowMarkEntry.append(-1)
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
        let column = symbols[symbol].column
        let last = symbols[symbol].columnCount &- 1
        if slot != last {
            let moved = column[Int(last)]
            column[Int(slot)] = moved
            rows[moved.row].entries[Int(moved.entry)].columnSlot = slot
        }
        symbols[symbol].columnCount = last
        if last == 0 {
            counters.columnsLive &-= 1
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
        let last = rows[row].count &- 1
        if index != last {
            let moved = entries[Int(last)]
            entries[Int(index)] = moved
            symbols[moved.symbol].column[Int(moved.columnSlot)].entry = index
        }
        rows[row].count = last
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

    // MARK: Row operations

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
                largest = max(largest, abs(sourceEntries[index].coefficient))
            }
            rowMagnitude[target] += abs(multiplier) * largest
        }
    }

    /// `addRow` into an objective row while recording: the same changes, in the same
    /// order, each logged in `objectiveUndo`.
    @inline(never)
    mutating func addRowLogged(into target: Int32, from source: Int32, times multiplier: Double, constant: Double) {
        logObjective(.constant, row: target, value: rows[target].constant)
        rows[target].constant = constant
        let count = Int(rows[source].count)
        counters.cellUpdates &+= count
        var largest = 0.0
        for index in 0..<count { largest = max(largest, abs(rows[source].entries[index].coefficient)) }
        rowMagnitude[target] += abs(multiplier) * largest
        for index in 0..<count {
            let entry = rows[source].entries[index]
            let delta = multiplier * entry.coefficient
            let position = findEntry(row: target, symbol: entry.symbol)
            if position >= 0 {
                let old = rows[target].entries[Int(position)]
                if Self.cancels(old.coefficient + delta, old.coefficient, delta) {
                    logObjective(.remove, row: target, index: position, symbol: old.symbol, value: old.coefficient)
                    removeUnrecorded(row: target, at: position)
                } else {
                    logObjective(.coefficient, row: target, index: position, value: old.coefficient)
                    rows[target].entries[Int(position)].coefficient = old.coefficient + delta
                }
            } else if delta != 0 {
                logObjective(.append, row: target)
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
        var count = Int(rows[target].count)
        var entries = rows[target].entries
        var capacity = Int(rows[target].capacity)
        for index in 0..<count {
            marks[Int(entries[index].symbol)] = Int32(truncatingIfNeeded: index)
        }
        var newColumns = 0
        for index in 0..<sourceCount {
            let entry = sourceEntries[index]
            let symbol = Int(entry.symbol)
            let delta = multiplier * entry.coefficient
            let position = marks[symbol]
            if position >= 0 {
                marks[symbol] = -1
                let old = entries[Int(position)].coefficient
                let updated = old + delta
                if _slowPath(Self.cancels(updated, old, delta)) {
                    rows[target].count = Int32(truncatingIfNeeded: count)
                    let moved = accumulate(row: target, at: position, symbol: entry.symbol, delta: delta)
                    // A marked entry that moved keeps its mark in step; unmarked (appended) ones have none.
                    if moved >= 0 && marks[Int(moved)] >= 0 { marks[Int(moved)] = position }
                    count = Int(rows[target].count)
                } else {
                    entries[Int(position)].coefficient = updated
                }
            } else if delta != 0 {
                if _slowPath(count == capacity) {
                    rows[target].count = Int32(truncatingIfNeeded: count)
                    // Room for the rest of the source, and for the marker and error a new row gets next.
                    growRow(target, toAtLeast: count &+ (sourceCount &- index) &+ 4)
                    entries = rows[target].entries
                    capacity = Int(rows[target].capacity)
                }
                let info = infos + symbol
                let slot = info.pointee.columnCount
                if _slowPath(slot == info.pointee.columnCapacity) {
                    growColumn(entry.symbol)
                }
                info.pointee.column[Int(slot)] = ColumnEntry(row: target, entry: Int32(truncatingIfNeeded: count))
                info.pointee.columnCount = slot &+ 1
                if slot == 0 { newColumns &+= 1 }
                entries[count] = RowEntry(symbol: entry.symbol, columnSlot: slot, coefficient: delta)
                count &+= 1
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
            largest = max(largest, abs(header.entries[index].coefficient))
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
    /// defining row, the rows already holding it are marked once (`rowMarkStamp`), then
    /// every target is updated. Each row sees exactly the operations, in the same order,
    /// that a row-by-row `addRow` would apply, so both give the same tableau; the cheaper
    /// one is chosen.
    ///
    /// - Complexity: O(min(Σ over targets of min(target + defining, Σ columns),
    ///   Σ columns + targets × defining)) where "Σ columns" is the total column length of
    ///   the defining row's symbols: rows that do not hold the symbol are not visited.
    mutating func substituteOut(symbol: Int32, definingRow: Int32) {
        let targetCount = Int(symbols[symbol].columnCount)
        if targetCount == 0 { return }
        scratchColumn.removeAll()
        let column = symbols[symbol].column
        for index in 0..<targetCount {
            scratchColumn.append(column[index])
        }
        let sourceCount = Int(rows[definingRow].count)
        let sourceEntries = rows[definingRow].entries
        var columns = 0
        for index in 0..<sourceCount { columns &+= Int(symbols[sourceEntries[index].symbol].columnCount) }
        let byColumns = columns &+ targetCount &* sourceCount
        var byRows = 0
        for index in 0..<targetCount where byRows <= byColumns {
            byRows &+= min(Int(rows[scratchColumn[index].row].count) &+ sourceCount, columns)
        }
        // While recording the undo log, objective rows must change through addRow's logged path.
        if targetCount == 1 || byRows <= byColumns || recordingUndo {
            for index in 0..<targetCount {
                let element = scratchColumn[index]
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
    /// The targets are those in `scratchColumn`.
    @inline(__always)
    mutating func purgeExternalsAfterSubstitution(definingRow: Int32) {
        let header = rows[definingRow]
        var hasExternal = false
        for index in 0..<Int(header.count) where symbols[header.entries[index].symbol].kind == .external {
            hasExternal = true
            break
        }
        guard _slowPath(hasExternal) else { return }
        for index in 0..<scratchColumn.count {
            let target = scratchColumn[index].row
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
    /// entries of the substituted symbol are in `scratchColumn`.
    mutating func substituteByColumns(definingRow: Int32, targetCount: Int) {
        let source = rows[definingRow]
        let sourceCount = Int(source.count)
        // Take the symbol out of every target, keeping its coefficient (the multiplier).
        scratchCoefficients.removeAll()
        for index in 0..<targetCount {
            let element = scratchColumn[index]
            let target = element.row
            willModify(target)
            let coefficient = rows[target].entries[Int(element.entry)].coefficient
            scratchCoefficients.append(coefficient)
            removeUnrecorded(row: target, at: element.entry)
            rows[target].constant = Self.sum(rows[target].constant, coefficient * source.constant)
        }
        counters.rowAdditions &+= targetCount
        counters.substitutions &+= targetCount
        counters.cellUpdates &+= targetCount &* sourceCount
        var touchesObjective = false
        for index in 0..<targetCount where rows[scratchColumn[index].row].kind != .constraint {
            touchesObjective = true
        }
        if touchesObjective {
            var largest = 0.0
            for index in 0..<sourceCount { largest = max(largest, abs(source.entries[index].coefficient)) }
            for index in 0..<targetCount where rows[scratchColumn[index].row].kind != .constraint {
                rowMagnitude[scratchColumn[index].row] += abs(scratchCoefficients[index]) * largest
            }
        }
        for sourceIndex in 0..<sourceCount {
            let entry = rows[definingRow].entries[sourceIndex]
            // Mark the rows that already hold this symbol with its entry there.
            rowMarkEpoch &+= 1
            if _slowPath(rowMarkEpoch == 0) {
                for row in 0..<rowMarkStamp.count { rowMarkStamp[row] = 0 }
                rowMarkEpoch = 1
            }
            let info = symbols[entry.symbol]
            for slot in 0..<Int(info.columnCount) {
                let element = info.column[slot]
                rowMarkStamp[element.row] = rowMarkEpoch
                rowMarkEntry[element.row] = element.entry
            }
            for index in 0..<targetCount {
                let target = scratchColumn[index].row
                let position = rowMarkStamp[target] == rowMarkEpoch ? rowMarkEntry[target] : -1
                _ = accumulate(
                    row: target, at: position, symbol: entry.symbol, delta: scratchCoefficients[index] * entry.coefficient)
            }
            if touchesObjective { touch(entry.symbol) }
        }
        for index in 0..<targetCount {
            noteRowChanged(scratchColumn[index].row)
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
        undoRows.append(SavedRow(
            row: row, basic: header.basic, constant: header.constant, firstEntry: undoEntries.count,
            entryCount: Int(header.count)))
        for index in 0..<Int(header.count) {
            undoEntries.append(SavedEntry(symbol: header.entries[index].symbol, coefficient: header.entries[index].coefficient))
        }
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
