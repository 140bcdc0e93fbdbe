import LayoutBenchKit
import LayoutProfiler
import LayoutScenarios
import Testing

/// The acceptance test of `layoutbench profile`: the anti-pattern side of every pair in the
/// scenario catalogue produces its matching finding; the fix side produces none at all.
///
/// Each side is profiled at its largest quick size (`Scenario.quickSizes.max()`), the size
/// documented in `docs/profile.md`, "Acceptance".
@Suite("Profiles of the scenario pairs")
struct ScenarioPairTests {
    /// What profiling an anti-pattern must find: a rule id and, where it matters, the variant.
    struct Expected: CustomStringConvertible, Sendable {
        var id: String
        var variant: String?

        init(_ id: String, _ variant: String? = nil) {
            self.id = id
            self.variant = variant
        }

        var description: String { id + (variant.map { " (\($0))" } ?? "") }
    }

    /// The matching findings, by anti-pattern scenario.
    static let expected: [String: [Expected]] = [
        "activation/individual": [Expected("individual-activation")],
        "edits/churn": [Expected("churn", "constant-only")],
        "toggle/rebuild": [Expected("churn", "rebuilt-sets")],
        "priority/add-remove": [Expected("competing-constraint-toggle")],
        "updatepass/non-idempotent": [Expected("churn", "update-constraints")],
        "stacks/nested": [Expected("deep-stack-nesting", "hierarchy")],
        "cells/stack-scroll": [Expected("deep-stack-nesting", "reusable-cell")],
        "cells/stack-content": [Expected("deep-stack-nesting", "reusable-cell")],
        "cells/stack-remove": [Expected("churn", "stack-rebuild")],
        "cells/feed-stack": [Expected("deep-stack-nesting", "reusable-cell")],
        "hierarchies/cross-linked": [Expected("cross-hierarchy-constraints")],
        "conflicts/autoresizing": [Expected("autoresizing-conflict")],
        "conflicts/required": [Expected("broken-constraints")],
    ]

    /// The two sides of the catalogue's pairs of app code. The `lfb/` family, tagged
    /// `device-timings`, reproduces a published benchmark's variants side by side rather than a
    /// mistake and its fix (its "anti-patterns" are the costlier variants), so the profiler's
    /// acceptance does not hold it to a finding.
    static let pairs = ScenarioCatalog.all.filter { !$0.tags.contains("device-timings") }
    static let antiPatterns = pairs.filter { $0.pair?.role == .antiPattern }.map(\.name)
    static let fixes = pairs.filter { $0.pair?.role == .fix }.map(\.name)

    static func profile(_ name: String) -> ScenarioProfiling.Profile {
        let scenario = ScenarioCatalog.named(name)!
        return ScenarioProfiling.profile(scenario, size: scenario.quickSizes.max()!)
    }

    static func describe(_ findings: [Finding]) -> String {
        findings.map { "\($0.id)\($0.variant.map { " (\($0))" } ?? ""): \($0.summary)" }.joined(separator: "\n")
    }

    @Test("Every anti-pattern in the catalogue has an expected finding")
    func everyPairCovered() {
        #expect(Set(Self.antiPatterns) == Set(Self.expected.keys))
        #expect(Self.fixes.count == Self.antiPatterns.count)
    }

    @Test("The anti-pattern produces its matching finding", arguments: antiPatterns)
    func antiPattern(_ name: String) throws {
        let profile = Self.profile(name)
        #expect(profile.failures.isEmpty, "\(profile.failures)")
        for expected in try #require(Self.expected[name]) {
            let matching = profile.report.findings.filter { $0.id == expected.id }
            #expect(!matching.isEmpty, "\(name): expected \(expected); found:\n\(Self.describe(profile.report.findings))")
            if let variant = expected.variant {
                #expect(matching.contains { $0.variant == variant }, "\(name): expected \(expected); found:\n\(Self.describe(matching))")
            }
            for finding in matching {
                #expect(!finding.fix.isEmpty && !finding.summary.isEmpty && !finding.counts.isEmpty)
            }
        }
    }

    @Test("The fix produces no finding at all", arguments: fixes)
    func fix(_ name: String) {
        let profile = Self.profile(name)
        #expect(profile.failures.isEmpty, "\(profile.failures)")
        #expect(profile.report.findings.isEmpty, "\(name):\n\(Self.describe(profile.report.findings))")
    }
}
