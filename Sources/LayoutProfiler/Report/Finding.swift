/// One thing the profiler found wrong with a layout: what, the evidence, and the fix
/// in Auto Layout's terms.
public struct Finding: Codable, Sendable, Equatable {
    /// How serious a finding is.
    public enum Severity: String, Codable, Sendable, Comparable {
        /// Layout is wrong or would crash in UIKit: constraints broke, a priority change
        /// UIKit rejects with an exception.
        case error
        /// Layout works but costs more than it needs to, or is ambiguous.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    /// A named number in the evidence.
    public struct Count: Codable, Sendable, Equatable {
        public var name: String
        public var value: Int

        public init(_ name: String, _ value: Int) {
            self.name = name
            self.value = value
        }
    }

    /// The rule's stable id, such as `churn` (``LayoutProfiler/Rule``).
    public var id: String
    /// Which form of the problem, when a rule has several (`constant-only`,
    /// `rebuilt-sets`, `stack-rebuild`, `reusable-cell`...); `nil` otherwise.
    public var variant: String?
    /// A one-line title.
    public var title: String
    public var severity: Severity
    /// One or two sentences with the numbers.
    public var summary: String
    /// The counts behind the summary.
    public var counts: [Count]
    /// Example constraints involved, in UIKit's description style.
    public var constraints: [String]
    /// Views involved.
    public var views: [String]
    /// Where it happened: frames or passes, or places in the hierarchy.
    public var locations: [String]
    /// What to change, in Auto Layout's terms.
    public var fix: String

    /// The rule, when the id is one of ``LayoutProfiler/Rule``'s.
    public var rule: LayoutProfiler.Rule? { LayoutProfiler.Rule(rawValue: id) }

    /// The value of a named count, if present.
    public func count(_ name: String) -> Int? {
        counts.first { $0.name == name }?.value
    }
}

extension Finding {
    /// A finding of `rule`, with the rule's id and severity.
    init(
        _ rule: LayoutProfiler.Rule, variant: String? = nil, title: String, summary: String, counts: [Count],
        constraints: [String] = [], views: [String] = [], locations: [String], fix: String
    ) {
        self.init(
            id: rule.rawValue, variant: variant, title: title, severity: rule.severity, summary: summary, counts: counts,
            constraints: constraints, views: views, locations: locations, fix: fix)
    }

    /// A finding of `rule` whose constraints, views and locations are the rule's `evidence`.
    init(
        _ rule: LayoutProfiler.Rule, variant: String? = nil, title: String, summary: String, counts: [Count],
        evidence: _Evidence, fix: String
    ) {
        self.init(
            rule, variant: variant, title: title, summary: summary, counts: counts, constraints: evidence.examples,
            views: evidence.views, locations: evidence.locations, fix: fix)
    }
}

extension LayoutProfiler {
    /// The rules the profiler checks (`docs/profile.md` defines each).
    public enum Rule: String, CaseIterable, Codable, Sendable {
        case individualActivation = "individual-activation"
        case churn
        case requiredPriorityMutation = "required-priority-mutation"
        case competingConstraintToggle = "competing-constraint-toggle"
        case deepStackNesting = "deep-stack-nesting"
        case autoresizingConflict = "autoresizing-conflict"
        case brokenConstraints = "broken-constraints"
        case ambiguousSiblings = "ambiguous-siblings"
        case multipleSolvesPerFrame = "multiple-solves-per-frame"
        case crossHierarchyConstraints = "cross-hierarchy-constraints"

        /// The severity of the rule's findings.
        public var severity: Finding.Severity {
            switch self {
            case .requiredPriorityMutation, .autoresizingConflict, .brokenConstraints: .error
            default: .warning
            }
        }
    }
}
