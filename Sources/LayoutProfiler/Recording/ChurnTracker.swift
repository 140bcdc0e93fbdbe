import LayoutEngine

/// What makes two constraints "the same but for the constant": items (by serial),
/// attributes, relation, multiplier and priority. Two constraints with the same shape
/// and constant are equivalent (``LayoutConstraint/isEquivalent(to:)``). Not API.
struct _ConstraintShape: Hashable {
    let first: Int
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let second: Int
    let secondAttribute: LayoutAttribute
    let multiplier: Double
    let priority: Float

    init(_ constraint: LayoutConstraint) {
        first = constraint.firstItem.serial
        firstAttribute = constraint.firstAttribute
        relation = constraint.relation
        second = constraint.secondItem?.serial ?? -1
        secondAttribute = constraint.secondAttribute
        multiplier = constraint.multiplier
        priority = constraint.priority.rawValue
    }
}

/// How a churned constraint came back. Not API.
enum _ChurnMatch {
    /// Removed and added back unchanged in the same frame or pass (the same object, or
    /// a new equivalent one).
    case recreated
    /// Removed and replaced in the same frame or pass by one that differs only in its constant.
    case constantOnly(old: Double, new: Double)
    /// A new object equivalent to one removed in an earlier frame or pass.
    case rebuilt(bucketsAgo: Int)
}

/// Recognises churn: a constraint removed and an equivalent one added back in the same
/// frame or pass (or one differing only in its constant), and new objects equivalent to
/// constraints removed in the last ``LayoutProfiler/Configuration/churnWindow`` frames or
/// passes. Memory is bounded by ``LayoutProfiler/Configuration/churnHistoryCapacity``.
/// Not API.
struct _ChurnTracker {
    struct Removed {
        let serial: Int
        let constant: Double
        let bucket: Int
        weak var constraint: LayoutConstraint?
        /// Held while in the current frame's pool, so a match can describe it (a match
        /// has the same items, so they are alive); dropped when it becomes history.
        var held: LayoutConstraint?

        var described: String? { (held ?? constraint)?.description }
    }

    let window: Int
    let capacity: Int
    private(set) var currentBucket = -1
    /// Removed in the current frame or pass.
    private var pool: [_ConstraintShape: [Removed]] = [:]
    private var poolCount = 0
    /// Removed in earlier frames or passes, by shape, and in removal order for eviction.
    private var history: [_ConstraintShape: [Removed]] = [:]
    private var historyOrder: [(shape: _ConstraintShape, serial: Int, bucket: Int)] = []
    private var historyHead = 0
    private(set) var historyCount = 0
    /// Removals not remembered because a store was full.
    private(set) var untracked = 0

    init(window: Int, capacity: Int) {
        self.window = max(0, window)
        self.capacity = max(1, capacity)
    }

    /// Removed constraints remembered now (the current frame's and earlier ones).
    var remembered: Int { poolCount + historyCount }

    /// Moves to another frame or pass: what was removed in the previous one becomes history.
    mutating func enter(bucket: Int) {
        guard bucket != currentBucket else { return }
        for (shape, entries) in pool {
            for var entry in entries {
                entry.held = nil
                history[shape, default: []].append(entry)
                historyOrder.append((shape, entry.serial, entry.bucket))
                historyCount += 1
            }
        }
        pool.removeAll(keepingCapacity: true)
        poolCount = 0
        currentBucket = bucket
        evict()
    }

    /// Remembers a removed constraint.
    mutating func removed(_ constraint: LayoutConstraint, shape: _ConstraintShape) {
        guard poolCount < capacity else {
            untracked += 1
            return
        }
        pool[shape, default: []].append(
            Removed(
                serial: constraint.serial, constant: constraint.constant, bucket: currentBucket, constraint: constraint,
                held: constraint))
        poolCount += 1
    }

    /// Looks for the removal an added constraint undoes.
    ///
    /// - Returns: The match and the removed constraint's description, or `nil` when the
    ///   add is not churn (including re-activating a constraint removed in an earlier
    ///   frame: that is swapping prepared sets).
    mutating func added(_ constraint: LayoutConstraint, shape: _ConstraintShape) -> (_ChurnMatch, String?)? {
        // Entries are found first and removed in place (copying a list out of the
        // dictionary and back would copy it on every add).
        if let index = Self.matchIndex(in: pool[shape], constraint, preferEquivalent: true) {
            let entry = Self.remove(at: index, shape, from: &pool)
            poolCount -= 1
            let description = entry.described
            if entry.constant == constraint.constant {
                return (.recreated, description)
            }
            return (.constantOnly(old: entry.constant, new: constraint.constant), description)
        }
        guard let entries = history[shape], !entries.isEmpty else { return nil }
        if let same = entries.firstIndex(where: { $0.serial == constraint.serial }) {
            _ = Self.remove(at: same, shape, from: &history)
            historyCount -= 1
            return nil
        }
        guard let index = entries.firstIndex(where: { $0.constant == constraint.constant }) else { return nil }
        let entry = Self.remove(at: index, shape, from: &history)
        historyCount -= 1
        return (.rebuilt(bucketsAgo: currentBucket - entry.bucket), entry.described)
    }

    /// The entry an add undoes: the same object, else an equivalent one, else (when
    /// `preferEquivalent` only ranks them) any entry of the shape.
    private static func matchIndex(in entries: [Removed]?, _ constraint: LayoutConstraint, preferEquivalent: Bool) -> Int? {
        guard let entries, !entries.isEmpty else { return nil }
        return entries.firstIndex { $0.serial == constraint.serial }
            ?? entries.firstIndex { $0.constant == constraint.constant }
            ?? (preferEquivalent ? 0 : nil)
    }

    private static func remove(at index: Int, _ shape: _ConstraintShape, from store: inout [_ConstraintShape: [Removed]]) -> Removed {
        let entry = store[shape]![index]
        store[shape]!.remove(at: index)
        if store[shape]!.isEmpty { store[shape] = nil }
        return entry
    }

    /// Forgets the removal that an engine-internal re-add (a hierarchy moving between
    /// engines, a fitting measurement) undoes: the same object, or an equivalent one.
    mutating func forget(_ constraint: LayoutConstraint, shape: _ConstraintShape) {
        if let index = Self.matchIndex(in: pool[shape], constraint, preferEquivalent: false) {
            _ = Self.remove(at: index, shape, from: &pool)
            poolCount -= 1
        } else if let index = Self.matchIndex(in: history[shape], constraint, preferEquivalent: false) {
            _ = Self.remove(at: index, shape, from: &history)
            historyCount -= 1
        }
    }

    private mutating func evict() {
        while historyHead < historyOrder.count {
            let oldest = historyOrder[historyHead]
            let queued = historyOrder.count - historyHead
            guard historyCount > capacity || queued > 2 * capacity || oldest.bucket < currentBucket - window else { break }
            historyHead += 1
            if let index = history[oldest.shape]?.firstIndex(where: { $0.serial == oldest.serial && $0.bucket == oldest.bucket }) {
                _ = Self.remove(at: index, oldest.shape, from: &history)
                historyCount -= 1
            }
        }
        if historyHead > 1024 && historyHead * 2 > historyOrder.count {
            historyOrder.removeFirst(historyHead)
            historyHead = 0
        }
    }
}
