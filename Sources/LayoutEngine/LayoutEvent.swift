import Cassowary

/// What app or framework code was doing when the engine worked: the cause that
/// the profiler attributes costs to.
public enum LayoutOperation: CustomStringConvertible {
    /// `LayoutConstraint.activate(_:)` of `count` constraints.
    case activate(count: Int)
    /// `LayoutConstraint.deactivate(_:)` of `count` constraints.
    case deactivate(count: Int)
    /// `isActive = true` on one constraint.
    case setActive
    /// `isActive = false` on one constraint.
    case setInactive
    /// A view's `updateConstraints()`.
    case updateConstraints(View)
    /// A view's `layoutSubviews()`.
    case layoutSubviews(View)
    /// Autoresizing-mask constraints of a view being made or updated.
    case autoresizing(View)
    /// Content-size constraints of a view being made or updated.
    case intrinsicSize(View)
    /// Measuring a view's fitting size.
    case fitting(View)
    /// A container (stack view, table) rebuilding its own constraints.
    case containerRebuild(View)
    /// A container changing some of its own constraints in place, not rebuilding them: a
    /// stack view after a hide, a show or a spacing change.
    case containerUpdate(View)
    /// A table preparing a reused cell.
    case cellReuse(View)
    /// Constraints moving between engines as hierarchies join or split.
    case hierarchyChange
    /// App code, named by the app or a scenario.
    case custom(String)

    /// The view the operation is about, if any.
    public var view: View? {
        switch self {
        case .updateConstraints(let view), .layoutSubviews(let view), .autoresizing(let view),
            .intrinsicSize(let view), .fitting(let view), .containerRebuild(let view), .containerUpdate(let view),
            .cellReuse(let view):
            view
        default:
            nil
        }
    }

    /// A short stable name for the kind of operation.
    public var kindName: String {
        switch self {
        case .activate: "activate"
        case .deactivate: "deactivate"
        case .setActive: "isActive=true"
        case .setInactive: "isActive=false"
        case .updateConstraints: "updateConstraints"
        case .layoutSubviews: "layoutSubviews"
        case .autoresizing: "autoresizing"
        case .intrinsicSize: "intrinsicContentSize"
        case .fitting: "systemLayoutSizeFitting"
        case .containerRebuild: "containerRebuild"
        case .containerUpdate: "containerUpdate"
        case .cellReuse: "cellReuse"
        case .hierarchyChange: "hierarchyChange"
        case .custom(let name): name
        }
    }

    public var description: String {
        if let view { return "\(kindName)(\(view.debugName))" }
        switch self {
        case .activate(let count): return "activate(\(count))"
        case .deactivate(let count): return "deactivate(\(count))"
        default: return kindName
        }
    }
}

/// One thing the engine did, with what it cost in the solver.
public struct LayoutEvent {
    public enum Kind: String, Sendable, CaseIterable {
        case constraintAdded
        case constraintRemoved
        case constantChanged
        case priorityChanged
        /// A required <-> non-required priority change on an active constraint, refused.
        case priorityMutationRefused
        /// A constraint broken to resolve a conflict.
        case constraintBroken
        /// The solve at the end of a batch (or of the update-constraints pass).
        case batchSolved
        case windowResized
        case updatePassBegan
        /// One view's `updateConstraints()` ran.
        case updateConstraints
        /// One view's `layoutSubviews()` ran and changed constraints.
        case layoutSubviews
        case passBegan
        case passEnded
        case frameBegan
        case frameEnded
    }

    public var kind: Kind
    /// The constraint the event is about.
    public var constraint: LayoutConstraint?
    /// The view the event is about (for pass and update events).
    public var view: View?
    /// The solver counters this event cost (zero for markers).
    public var cost: SolverCounters
    /// The display frame (``Window/performFrame(_:)``) and layout pass it happened in.
    public var frame: Int
    public var pass: Int
    /// The innermost operation that caused it, and the whole stack, outermost first.
    public var operation: LayoutOperation?
    public var operations: [LayoutOperation]
    /// Old and new constant or priority.
    public var oldValue: Double
    public var newValue: Double
    /// A constraint added or removed on its own, outside any batch (it solved at once).
    public var individually: Bool
    /// Whether the event happened inside a batch (its solve comes at the batch's end).
    public var inBatch: Bool
    /// The conflict report of a broken constraint.
    public var report: UnsatisfiableConstraintsReport?
}

/// Receives the engine's events (see ``LayoutEngine/eventSink``).
///
/// The engine retains its sink. A sink that stores ``LayoutEvent`` values stores their views,
/// the root among them, so the root, its engine and the sink keep one another alive until the
/// engine's `eventSink` is set to `nil`: keep names or counts, or detach when done.
public protocol LayoutEventSink: AnyObject {
    func record(_ event: LayoutEvent)
}
