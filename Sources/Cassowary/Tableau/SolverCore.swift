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
    /// The saved rows' entries, copied whole (their column slots go unused: a restored row
    /// appends its entries again).
    var undoEntries = PodArray<RowEntry>()
    /// Changes to objective rows while recording, in order; `objectiveRowsLogged` of
    /// them had changes (each counts as one restored row).
    var objectiveUndo = PodArray<ObjectiveChange>()
    var objectiveRowsLogged = 0

    // Scratch buffers (kept warm, never shrunk).
    /// The rows a substitution changes, each with its entry of the substituted symbol.
    var scratchTargets = PodArray<SubstitutionTarget>()
    /// Per symbol: the index of its entry in the row being merged into, or -1 (always -1 between operations).
    var symbolMark = PodArray<Int32>(minimumCapacity: 64)
    /// Per row: the stamp of the last `rowMarkEpoch` that marked it, and the marked entry.
    var rowMarks = PodArray<RowMark>(minimumCapacity: 64)
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
    /// The sequence number of the first constraint added in the open (or last) batch.
    var batchStartSequence = 0
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
