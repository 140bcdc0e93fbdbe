/// What an engine did besides its solver's work, counted exactly: the per-call and per-view
/// work UIKit does around `NSISEngine` (docs/metrics.md, "Engine and text counters"). The
/// same operations give the same counts on any machine, so the gate compares them as it
/// compares ``Cassowary/SolverCounters``.
///
/// Plain stored integers incremented in place: no lock, no allocation.
public struct EngineCounters: Hashable, Sendable {
    /// Calls that activate constraints: one per `isActive = true` and one per engine for
    /// each `activate(_:)`, the bookkeeping UIKit does once per call (each individual
    /// activation is its own engine operation and solve; `activate(_:)` wraps the whole array
    /// in one, seed 002 and WWDC 2018 session 220).
    public var activationCalls = 0
    /// Searches for the nearest common ancestor of a constraint's two items, the view UIKit
    /// installs the constraint on (`_findCommonAncestorOfItem:andItem:`): one per constraint
    /// between two views activated.
    public var ancestorSearches = 0
    /// Constraints added to a view's ``View/constraints`` (`_addConstraint:`): app and
    /// container constraints, not the engine's own.
    public var constraintsInstalled = 0
    /// Changed engine variables handed to the view or guide that owns them after a solve
    /// (`_engineVariableValueChanged`-style notifications, each a frame component updated).
    public var variableNotifications = 0
    /// `layoutSubviews()` calls the layout passes made, one per view that needed layout.
    public var layoutSubviewsCalls = 0

    public init() {}

    /// The counters' names, in report order (the report's `counters` after the solver's).
    public static let names = [
        "activationCalls", "ancestorSearches", "constraintsInstalled", "variableNotifications", "layoutSubviewsCalls",
    ]

    /// The counters in ``names`` order.
    public var values: [Int] {
        [activationCalls, ancestorSearches, constraintsInstalled, variableNotifications, layoutSubviewsCalls]
    }

    public static func + (lhs: EngineCounters, rhs: EngineCounters) -> EngineCounters {
        var sum = lhs
        sum.activationCalls += rhs.activationCalls
        sum.ancestorSearches += rhs.ancestorSearches
        sum.constraintsInstalled += rhs.constraintsInstalled
        sum.variableNotifications += rhs.variableNotifications
        sum.layoutSubviewsCalls += rhs.layoutSubviewsCalls
        return sum
    }

    public static func - (lhs: EngineCounters, rhs: EngineCounters) -> EngineCounters {
        var difference = lhs
        difference.activationCalls -= rhs.activationCalls
        difference.ancestorSearches -= rhs.ancestorSearches
        difference.constraintsInstalled -= rhs.constraintsInstalled
        difference.variableNotifications -= rhs.variableNotifications
        difference.layoutSubviewsCalls -= rhs.layoutSubviewsCalls
        return difference
    }
}
