import Cassowary
import LayoutEngine

/// Records a layout engine's events and explains where the cost comes from: a
/// per-frame (or per-pass) timeline of solves and row operations, the views,
/// constraint identifiers and operations that cost the most, constraint churn by view
/// and by superview, and findings with evidence and the fix in Auto Layout's terms
/// (the layout instrument WWDC 2018 session 220 showed; seed 002).
///
/// ```swift
/// let profiler = LayoutProfiler()
/// profiler.attach(to: window.engine)
/// profiler.observing {                     // engines made inside are profiled too
///     window.performFrame { ... }
/// }
/// profiler.detach()
/// let report = profiler.report(title: "My screen")
/// print(report.text())
/// ```
///
/// Recording is streaming and bounded: the most recent raw events in a ring buffer,
/// running totals per frame or pass, per view, per constraint identifier and per
/// operation, and a bounded window of removed constraints for churn (see
/// ``Configuration``). Checks of the view hierarchy (stack nesting, constraints across
/// hierarchies, ambiguity) run once, in ``report(title:analyzing:)``.
///
/// An engine without a sink pays one `nil` check per operation: attaching nothing
/// costs nothing, and attaching changes no solver counter (`docs/profile.md`,
/// "Overhead"). Not thread-safe: use it on the thread that runs the layout.
public final class LayoutProfiler: LayoutEventSink {
    /// The limits and thresholds in use.
    public let configuration: Configuration

    // Engines: index 0 receives events sent to the profiler directly (``record(_:)``).
    var engines: [_EngineRecord] = []
    var frameStack: [_BucketKey] = []
    var openBuckets: [_BucketKey: _OpenBucket] = [:]
    var bucketSequence = 0

    // Totals.
    var sequence = 0
    var accounted = SolverCounters()
    var kindCounts = [Int](repeating: 0, count: LayoutEvent.Kind.allCases.count)
    var framesSeen = 0
    var passesSeen = 0

    // Stores (each bounded by the configuration).
    var rawEvents: _RingBuffer<ProfiledEvent>
    var timeline: [ProfileReport.TimelineEntry] = []
    var timelineSpan = 1
    /// Frames or passes in each timeline entry.
    var timelineCounts: [Int] = []
    var viewCosts: _CostTable<_ViewKey>
    var groupCosts: _CostTable<Int>
    var groupInstances: [Int: Int] = [:]
    var viewPaths: [Int: String] = [:]
    var viewGroups: [Int: Int] = [:]
    var groupIDs: [String: Int] = [:]
    var identifierCosts: _CostTable<String>
    var operationCosts: _CostTable<String>
    var churn: _ChurnTracker
    /// Row operations inside `systemLayoutSizeFitting`, in all and by cell kind.
    var measurementRowOperations = 0
    var measurementByCellKind: [String: Int] = [:]

    // Rule state.
    var rules = _RuleState()

    /// Whether a view is a cell (a table's or a collection's) or a cell's content view: UIKit
    /// sizes both (the table or collection view sets the cell's frame, the cell its content
    /// view's) through their autoresizing-mask constraints, so they must keep translating
    /// their masks, and the `autoresizing-conflict` finding never advises turning it off
    /// there. By default the engine's ``TableViewCell``s and their content views; a caller
    /// whose cells are other views (a document's imported cells) says which views are.
    public var isSizedByCell: (View) -> Bool = _Naming.isEngineCellOrContentView

    /// Makes a profiler that records nothing until attached.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        rawEvents = _RingBuffer(capacity: configuration.eventBufferCapacity)
        viewCosts = _CostTable(capacity: configuration.viewCapacity)
        groupCosts = _CostTable(capacity: configuration.viewCapacity)
        identifierCosts = _CostTable(capacity: configuration.identifierCapacity)
        operationCosts = _CostTable(capacity: 256)
        churn = _ChurnTracker(window: configuration.churnWindow, capacity: configuration.churnHistoryCapacity)
        engines.append(_EngineRecord(index: 0, engine: nil, explicitlyAttached: false))
    }

    // MARK: - Attaching

    /// Starts recording an engine's events (replacing its ``LayoutEngine/eventSink``).
    /// Its hierarchy's installed constraints are read once, so that a required
    /// constraint added over an existing non-required one is recognised.
    ///
    /// The engine's root is analysed by ``report(title:analyzing:)`` unless other
    /// roots are given there.
    public func attach(to engine: LayoutEngine) {
        if engines.contains(where: { $0.engine === engine }) { return }
        let record = _EngineRecord(index: engines.count, engine: engine, explicitlyAttached: true)
        record.root = engine.root
        engines.append(record)
        engine.eventSink = _EngineChannel(profiler: self, record: record)
        if let root = engine.root { indexInstalledConstraints(under: root) }
    }

    /// Runs `body`; every engine made inside it is recorded from its creation (such as
    /// the short-lived engine of a cell built before it joins a table's window).
    ///
    /// - Returns: The body's result.
    public func observing<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutEngine.observingEvents(
            sinkFor: { [self] engine in
                let record = _EngineRecord(index: engines.count, engine: engine, explicitlyAttached: false)
                engines.append(record)
                return _EngineChannel(profiler: self, record: record)
            }, body)
    }

    /// Stops recording: removes the profiler from every engine it was attached to (or
    /// that was made while ``observing(_:)``) and that still sends to it.
    public func detach() {
        for record in engines {
            guard let engine = record.engine, let channel = engine.eventSink as? _EngineChannel, channel.profiler === self else {
                continue
            }
            engine.eventSink = nil
        }
    }

    /// Receives an event sent to the profiler itself (`engine.eventSink = profiler`).
    /// Such events are attributed to one anonymous engine (number 0); prefer
    /// ``attach(to:)``, which tells engines apart.
    public func record(_ event: LayoutEvent) {
        handle(event, engines[0])
    }

    // MARK: - State

    /// Events received so far.
    public var eventsReceived: Int { sequence }

    /// How full each bounded store is now.
    public struct Storage: Sendable, Equatable {
        /// Raw events kept (at most ``Configuration/eventBufferCapacity``).
        public var eventsKept: Int
        public var eventsDropped: Int
        /// Timeline entries (at most ``Configuration/timelineCapacity``).
        public var timelineEntries: Int
        /// Views and identifiers with their own rows (at most their capacities).
        public var viewsTracked: Int
        public var identifiersTracked: Int
        /// Removed constraints remembered for churn (at most twice
        /// ``Configuration/churnHistoryCapacity``: the current frame's and earlier ones).
        public var removedConstraintsRemembered: Int
        /// Required constraints remembered as competing (at most ``Configuration/competingCapacity``).
        public var competingRemembered: Int
    }

    /// How full each bounded store is now.
    public var storage: Storage {
        Storage(
            eventsKept: rawEvents.count, eventsDropped: rawEvents.dropped, timelineEntries: timeline.count,
            viewsTracked: viewCosts.rows.count, identifiersTracked: identifierCosts.rows.count,
            removedConstraintsRemembered: churn.remembered, competingRemembered: rules.competingAdds.count)
    }

    // MARK: - Non-required index

    /// Records the non-required app constraints installed in a hierarchy.
    func indexInstalledConstraints(under root: View) {
        var stack = [root]
        while let view = stack.popLast() {
            for constraint in view.constraints where constraint.origin == .app && !constraint.priority.isRequired {
                rules.nonRequired[_ItemAttribute(constraint), default: 0] += 1
            }
            stack.append(contentsOf: view.subviews)
        }
    }
}

/// An engine the profiler receives events from. Not API.
final class _EngineRecord {
    let index: Int
    weak var engine: LayoutEngine?
    weak var root: View?
    let explicitlyAttached: Bool
    /// Events received from this engine.
    var events = 0
    var inPass = false
    var frameKey: _BucketKey?
    var passKey: _BucketKey?

    init(index: Int, engine: LayoutEngine?, explicitlyAttached: Bool) {
        self.index = index
        self.engine = engine
        self.explicitlyAttached = explicitlyAttached
    }
}

/// Forwards one engine's events to the profiler, naming the engine. Not API.
final class _EngineChannel: LayoutEventSink {
    let profiler: LayoutProfiler
    let record: _EngineRecord

    init(profiler: LayoutProfiler, record: _EngineRecord) {
        self.profiler = profiler
        self.record = record
    }

    func record(_ event: LayoutEvent) {
        profiler.handle(event, record)
    }
}

/// A frame or pass of one engine. Not API.
struct _BucketKey: Hashable {
    enum Kind: Hashable { case frame, pass }
    let engine: Int
    let kind: Kind
    let number: Int
}

/// What the profiler accumulates for the frame or pass in progress. Not API.
struct _OpenBucket {
    let key: _BucketKey
    let sequence: Int
    var timelineIndex: Int
    var appSolves = 0
    var individual = 0
    var individualExamples: [String] = []
}

/// The view a cost is attributed to, or a named pseudo-view. Not API.
enum _ViewKey: Hashable {
    case view(Int)
    case unattributed(String)
}

/// An item and attribute, for recognising competing constraints. Not API.
struct _ItemAttribute: Hashable {
    let item: Int
    let attribute: LayoutAttribute

    init(_ constraint: LayoutConstraint) {
        item = constraint.firstItem.serial
        attribute = constraint.firstAttribute
    }
}
