import Cassowary
import LayoutEngine

/// What one view, identifier or operation cost, summed over its events. Not API.
struct _CostTally {
    var events = 0
    var solves = 0
    var rowOperations = 0
    var cellUpdates = 0
    var pivots = 0
    var constraintsAdded = 0
    var constraintsRemoved = 0
    var constantChanges = 0
    var churn = 0

    mutating func add(_ cost: SolverCounters, kind: _LeafKind) {
        events += 1
        solves += cost.solves
        rowOperations += cost.rowOperations
        cellUpdates += cost.cellUpdates
        pivots += cost.pivots
        switch kind {
        case .added: constraintsAdded += 1
        case .removed: constraintsRemoved += 1
        case .constant: constantChanges += 1
        case .other: break
        }
    }
}

/// The kind of a cost-carrying event, for tallies. Not API.
enum _LeafKind {
    case added, removed, constant, other
}

/// A table of tallies by key, holding at most `capacity` keys; the work of keys
/// seen after it is full goes to one overflow tally. Not API.
struct _CostTable<Key: Hashable> {
    struct Row {
        var label: String
        var detail: String
        var tally = _CostTally()
        /// The view a view row is about, to name it again at report time (it may have
        /// moved since it was first seen).
        weak var view: View?
    }

    let capacity: Int
    private(set) var rows: [Key: Row] = [:]
    private(set) var overflow = _CostTally()
    /// Keys that did not get a row because the table was full.
    private(set) var overflowKeys = 0
    private var overflowSeen: Set<Key> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds to a key's tally, making its row (with `describe()`'s label and detail) if
    /// there is room.
    mutating func add(_ key: Key, _ cost: SolverCounters, kind: _LeafKind, view: View? = nil, describe: () -> (String, String)) {
        if rows[key] != nil {
            rows[key]!.tally.add(cost, kind: kind)
        } else if rows.count < capacity {
            let (label, detail) = describe()
            var row = Row(label: label, detail: detail, view: view)
            row.tally.add(cost, kind: kind)
            rows[key] = row
        } else {
            overflow.add(cost, kind: kind)
            if overflowSeen.count < 1024, overflowSeen.insert(key).inserted { overflowKeys += 1 }
        }
    }

    /// Counts one churned constraint against a key (which must have a row, or it goes
    /// to the overflow tally).
    mutating func addChurn(_ key: Key, view: View? = nil, describe: () -> (String, String)) {
        if rows[key] != nil {
            rows[key]!.tally.churn += 1
        } else if rows.count < capacity {
            let (label, detail) = describe()
            var row = Row(label: label, detail: detail, view: view)
            row.tally.churn = 1
            rows[key] = row
        } else {
            overflow.churn += 1
        }
    }
}
