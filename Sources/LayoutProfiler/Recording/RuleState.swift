import LayoutEngine

/// The streaming state of the rules that read events. Every list is capped at the
/// configuration's examples per finding; every set at a fixed size. Not API.
struct _RuleState {
    // individual-activation
    var individualBuckets = 0
    var individualConstraints = 0
    var individualMost = 0
    var individual = _Evidence()

    // churn
    var churnTotal = 0
    var churnByVariant: [String: _ChurnVariantTally] = [:]
    var churnViews: [Int: _ChurnViewTally] = [:]
    var churnGroups: [String: _ChurnGroupTally] = [:]
    var churnOverflow = 0
    var competingReAdds = 0

    // required-priority-mutation
    var refusedMutations = 0
    var refused = _Evidence()

    // competing-constraint-toggle
    var nonRequired: [_ItemAttribute: Int] = [:]
    var competingAdds: [Int: _CompetingAdd] = [:]
    var competingOrder: [Int] = []
    var competingOrderHead = 0
    var competingAddCount = 0
    var competingToggles = 0
    var competing = _Evidence()

    // autoresizing-conflict and broken-constraints
    var autoresizingBreaks = 0
    var autoresizing = _Evidence()
    /// The cells and cells' content views among the autoresizing conflicts' views
    /// (``LayoutProfiler/isSizedByCell``): UIKit sizes them, so the fix is never to turn their
    /// translation off.
    var autoresizingContentViews: [String] = []
    var otherBreaks = 0
    var broken = _Evidence()

    // multiple-solves-per-frame
    var framesClosed = 0
    var framesWithSeveralSolves = 0
    var mostSolvesInAFrame = 0
    var extraSolves = 0
    var severalSolvesLocations: [String] = []
}

/// A rule's evidence, each list capped at the configuration's examples per finding: example
/// constraints, the views they belong to, and where (frames or passes). Not API.
struct _Evidence {
    var examples: [String] = []
    var views: [String] = []
    var locations: [String] = []

    /// Adds the view that `item` is or belongs to, unless it is held or the list is full.
    mutating func addView(of item: LayoutItem, limit: Int) {
        if let view = _Naming.view(of: item) { views.appendUnique(view.debugName, limit: limit) }
    }
}

/// Churn of one variant. Not API.
struct _ChurnVariantTally {
    var constraints = 0
    var examples: [String] = []
    var views: [String] = []
    var viewSerials: Set<Int> = []
    var locations: [String] = []
    var lastLocation = ""
    /// Distinct (frame or pass, view) pairs: for stack rebuilds, the rebuilds.
    var occasions = 0
    var lastOccasion: (bucket: Int, view: Int) = (-1, -1)
    var constantOnly = 0
}

/// Churn of one view. Not API.
struct _ChurnViewTally {
    var view: String
    var superview: String
    var constraints = 0
}

/// Churn under one superview path. Not API.
struct _ChurnGroupTally {
    var views: Set<Int> = []
    var constraints = 0
    var example: String
}

/// A required constraint added over a non-required one on the same item and attribute. Not API.
struct _CompetingAdd {
    let bucket: Int
    let description: String
}

extension Array {
    /// Appends while fewer than `limit` elements are held.
    mutating func appendCapped(_ element: Element, limit: Int) {
        if count < limit { append(element) }
    }
}

extension Array where Element: Equatable {
    /// Appends an element not already held, while fewer than `limit` are held.
    mutating func appendUnique(_ element: Element, limit: Int) {
        if count < limit && !contains(element) { append(element) }
    }
}
