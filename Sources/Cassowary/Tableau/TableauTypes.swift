// The storage types of the tableau (SolverCore.swift describes the layout): row
// entries and column entries, row headers, symbol records, objective levels, the undo
// log's saved rows and objective changes, and the record kept per constraint.

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

/// A row a substitution changes: its entry of the substituted symbol and, once taken out,
/// that entry's coefficient (the multiplier of the defining row). One record, so the inner
/// loop of `substituteByColumns` reads one array.
struct SubstitutionTarget {
    var row: Int32
    var entry: Int32
    var multiplier: Double
}

/// A row's mark in `substituteByColumns`: the epoch that marked it and its entry of the
/// symbol being merged (read together, in one load).
struct RowMark {
    var stamp: UInt32
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
