/// What a profile found: findings with evidence and fixes, the costs by view,
/// constraint identifier and operation, churn, the timeline, and the most recent raw
/// events. `docs/profile.md` documents every field of its JSON form.
///
/// Make one with ``LayoutProfiler/report(title:analyzing:)``; render it with
/// ``text(color:)``, or encode it (it is `Codable`; `layoutbench profile` writes it with
/// stable key order, every key present). Its HTML page is rendered above this module, with
/// every other page (`LayoutBenchKit`'s `ProfileReport.html()`).
public struct ProfileReport: Codable, Sendable {
    /// Always `"layoutbench.profile"`.
    public var schema = "layoutbench.profile"
    /// Always `1` for this layout.
    public var schemaVersion = 1
    /// What was profiled, in words.
    public var title: String
    /// The scenario, when a scenario was profiled (set by `layoutbench profile`).
    public var subject: Subject?
    public var totals: Totals
    /// Errors first, then warnings, each group in rule order.
    public var findings: [Finding]
    public var timeline: Timeline
    /// The views whose constraints cost the most row operations (at most 20).
    public var topViews: [CostRow]
    /// The same costs by a view's place in the hierarchy, so that a view repeated in
    /// every cell adds up (at most 20).
    public var topViewGroups: [CostRow]
    /// The constraint identifiers that cost the most row operations (at most 20).
    public var topConstraintIdentifiers: [CostRow]
    /// Costs by the innermost operation that caused them.
    public var operations: [CostRow]
    public var churn: ChurnSummary
    public var hierarchy: HierarchySummary
    public var recentEvents: RecentEvents
    public var limits: Limits

    /// The scenario profiled.
    public struct Subject: Codable, Sendable {
        public var scenario: String
        public var size: Int
        public var sizeUnit: String
        public var summary: String
        /// `anti-pattern` or `fix` for one side of a pair, else `nil`.
        public var role: String?
        public var partner: String?

        public init(scenario: String, size: Int, sizeUnit: String, summary: String, role: String?, partner: String?) {
            self.scenario = scenario
            self.size = size
            self.sizeUnit = sizeUnit
            self.summary = summary
            self.role = role
            self.partner = partner
        }
    }

    /// Named counter values in a fixed order.
    public struct CounterList: Codable, Sendable, Equatable {
        public var values: [Finding.Count]

        public init(_ values: [Finding.Count]) {
            self.values = values
        }

        public subscript(name: String) -> Int? {
            values.first { $0.name == name }?.value
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for value in values { try container.encode(value.value, forKey: Key(stringValue: value.name)) }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            values = try container.allKeys.map { Finding.Count($0.stringValue, try container.decode(Int.self, forKey: $0)) }
        }
    }

    public struct Totals: Codable, Sendable {
        /// Events received, markers included.
        public var events: Int
        /// Display frames (`Window.performFrame`) and layout passes seen.
        public var frames: Int
        public var passes: Int
        /// Engines that sent events.
        public var engines: Int
        public var solves: Int
        public var rowOperations: Int
        public var cellUpdates: Int
        public var pivots: Int
        public var constraintsAdded: Int
        public var constraintsRemoved: Int
        public var constantChanges: Int
        public var priorityChanges: Int
        public var brokenConstraints: Int
        public var refusedPriorityMutations: Int
        /// Every solver counter, summed over the events that carry a cost (each
        /// operation is counted once: summary events such as a pass's end are not added).
        public var counters: CounterList
        /// The engines' own counters over the same interval, when the caller read them
        /// (`layoutbench profile` does); equal to ``counters`` when every operation was
        /// reported.
        public var solverCounters: CounterList?
    }

    public struct Timeline: Codable, Sendable {
        /// `frame` when every entry is a display frame, `pass` when every entry is a layout
        /// pass (or the changes before one), `mixed` otherwise.
        public var unit: String
        /// How many frames or passes each entry spans at most (1 until the timeline
        /// reached ``LayoutProfiler/Configuration/timelineCapacity`` and merged).
        public var span: Int
        public var entries: [TimelineEntry]
        /// Frames with more than one solve (outside measurement), and the most in one frame.
        public var framesWithSeveralSolves: Int
        public var mostSolvesInAFrame: Int
    }

    /// One frame or layout pass (or, after merging, a run of them).
    public struct TimelineEntry: Codable, Sendable, Equatable {
        /// `frame`, `pass` (the changes made before a layout pass and the pass itself) or
        /// `mixed` (merged entries of both kinds).
        public var kind: String
        /// The engine (1 for the first engine attached).
        public var engine: Int
        /// The first and last frame or pass number (equal until entries merge).
        public var first: Int
        public var last: Int
        public var solves: Int
        /// The entry's own engine's solves outside self-sizing measurement and cell reuse
        /// (what `multiple-solves-per-frame` counts).
        public var appSolves: Int
        public var rowOperations: Int
        public var cellUpdates: Int
        public var pivots: Int
        public var constraintsAdded: Int
        public var constraintsRemoved: Int
        public var constantChanges: Int
        public var churn: Int
        public var individualActivations: Int
        public var passes: Int
    }

    /// The cost of one view, view group, identifier or operation.
    public struct CostRow: Codable, Sendable, Equatable {
        /// The view (`StackView:tagRow [0x6000ab0]`), group path, identifier or operation.
        public var label: String
        /// Where the view is (its superview's path), or what the row covers.
        public var detail: String
        /// Views in a group (1 for a single view or other rows).
        public var instances: Int
        public var events: Int
        public var solves: Int
        public var rowOperations: Int
        public var cellUpdates: Int
        public var pivots: Int
        public var constraintsAdded: Int
        public var constraintsRemoved: Int
        public var constantChanges: Int
        public var churn: Int
        /// This row's share of all row operations, 0...1.
        public var share: Double
    }

    public struct ChurnSummary: Codable, Sendable {
        /// Constraints removed and added back (each pair counted once).
        public var constraints: Int
        /// By how they came back: `stack-rebuild`, `update-constraints`, `rebuilt-sets`,
        /// `recreated`, `constant-only`.
        public var byVariant: [Finding.Count]
        /// The views with the most churn (at most 20).
        public var views: [ChurnView]
        /// Churn by the superview's place in the hierarchy, so that churn repeating in
        /// every cell adds up (at most 20).
        public var groups: [ChurnGroup]
        /// Removals not remembered because the store was full (churn may be undercounted).
        public var untracked: Int
    }

    public struct ChurnView: Codable, Sendable, Equatable {
        public var view: String
        public var superview: String
        public var constraints: Int
    }

    public struct ChurnGroup: Codable, Sendable, Equatable {
        /// The superview's path (`TableViewCell 'StackListCell' › … › StackView:outer`).
        public var superview: String
        /// Distinct views with churn under it.
        public var views: Int
        public var constraints: Int
        /// A churned constraint, as added back.
        public var example: String
    }

    public struct HierarchySummary: Codable, Sendable {
        /// The roots analysed at the end.
        public var roots: [String]
        public var views: Int
        public var stackViews: Int
        /// Stacks on the longest chain of nested stacks, and the chain.
        public var deepestStackNesting: Int
        public var deepestStackChain: [String]
        public var installedConstraints: Int
        /// Whether ambiguity was checked (hierarchies larger than
        /// ``LayoutProfiler/Configuration/ambiguityViewLimit`` are not).
        public var ambiguityChecked: Bool
        public var ambiguousViews: Int
        public var notes: [String]
    }

    public struct RecentEvents: Codable, Sendable {
        /// Events kept at most (``LayoutProfiler/Configuration/eventBufferCapacity``).
        public var capacity: Int
        /// Events received in all, and how many are no longer kept.
        public var received: Int
        public var dropped: Int
        /// The most recent events, oldest first.
        public var events: [ProfiledEvent]
    }

    /// The profiler's limits and how full each store got.
    public struct Limits: Codable, Sendable {
        public var eventBufferCapacity: Int
        public var timelineCapacity: Int
        public var viewCapacity: Int
        public var viewsTracked: Int
        /// Views whose work went to the `(other views)` row.
        public var viewsOverflowed: Int
        public var identifierCapacity: Int
        public var identifiersTracked: Int
        public var churnWindow: Int
        public var churnHistoryCapacity: Int
        public var removedConstraintsRemembered: Int
    }
}

/// One engine event as the profiler keeps it.
public struct ProfiledEvent: Codable, Sendable, Equatable {
    /// The event's number among all received (from 1).
    public var sequence: Int
    /// `LayoutEvent.Kind`'s name, such as `constraintAdded`.
    public var kind: String
    public var engine: Int
    /// The engine's frame and pass numbers when it happened.
    public var frame: Int
    public var pass: Int
    /// The constraint, in UIKit's description style.
    public var constraint: String?
    /// The view the event is about (for passes and update events), or the constraint's view.
    public var view: String?
    /// The operation stack, outermost first (`layoutSubviews(TableView:table)`, `cellReuse(...)`).
    public var operations: [String]
    public var solves: Int
    public var rowOperations: Int
    public var cellUpdates: Int
    /// Old and new constant or priority, for changes.
    public var oldValue: Double?
    public var newValue: Double?
    public var individually: Bool
    public var inBatch: Bool
}
