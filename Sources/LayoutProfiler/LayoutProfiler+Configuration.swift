extension LayoutProfiler {
    /// The profiler's limits and thresholds. Every store the profiler keeps while it
    /// records is capped here, so memory stays bounded however long it records
    /// (`docs/profile.md`, "Memory").
    public struct Configuration: Sendable, Equatable {
        /// Raw events kept (a ring buffer of the most recent; older ones are counted
        /// as dropped). About 300 bytes each: 4096 events are about 1.2 MB.
        public var eventBufferCapacity = 4096
        /// Timeline entries kept. When a new frame or pass would exceed it, neighbouring
        /// entries merge pairwise (each entry then spans twice as many frames or passes).
        public var timelineCapacity = 2048
        /// Views with their own row in the cost tables; the work of views seen after
        /// the table is full is added to one `(other views)` row.
        public var viewCapacity = 4096
        /// Constraint identifiers with their own row; later ones go to `(other identifiers)`.
        public var identifierCapacity = 1024
        /// Frames or passes over which a removed constraint is remembered, to recognise
        /// a new, equivalent constraint made later (a rebuilt set).
        public var churnWindow = 120
        /// Removed constraints remembered across frames or passes at most (the oldest go first).
        public var churnHistoryCapacity = 8192
        /// Required constraints added over a non-required one remembered at most
        /// (for ``Rule/competingConstraintToggle``).
        public var competingCapacity = 4096
        /// Example constraints, views or frames kept per finding.
        public var examplesPerFinding = 5
        /// Hierarchies with more views than this are not checked for ambiguity (the
        /// check probes four variables per view in the solver).
        public var ambiguityViewLimit = 2000

        /// Constraints activated one at a time in one frame (or pass) that make a finding.
        public var individualActivationThreshold = 2
        /// Churned constraints (removed and added back) that make a finding.
        public var churnThreshold = 1
        /// Add-and-remove toggles of a competing required constraint that make a finding.
        public var competingToggleThreshold = 2
        /// The deepest stack nesting (stacks on one chain) that makes no finding.
        public var maximumStackNesting = 2

        public init() {}
    }
}
