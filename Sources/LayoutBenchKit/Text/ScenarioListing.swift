import LayoutBenchJSON
import LayoutScenarios

/// `layoutbench list`: the scenarios with their tags, sizes and pairs.
public enum ScenarioListing {
    /// The listing's JSON document (`layoutbench.scenarios`, version 1).
    public struct Document: Codable, Sendable {
        public var schema = "layoutbench.scenarios"
        public var schemaVersion = 1
        public var scenarios: [Entry]
    }

    /// One scenario.
    public struct Entry: Codable, Sendable {
        public var name: String
        public var family: String
        public var variant: String
        public var summary: String
        public var tags: [String]
        public var sizes: [Int]
        public var quickSizes: [Int]
        public var sizeUnit: String
        public var operationUnit: String
        public var pair: ScenarioResult.PairInfo?
        public var expectations: [String]

        public init(_ scenario: Scenario) {
            name = scenario.name
            family = scenario.family
            variant = scenario.variant
            summary = scenario.summary
            tags = scenario.tags
            sizes = scenario.sizes
            quickSizes = scenario.quickSizes
            sizeUnit = scenario.sizeUnit
            operationUnit = scenario.operationUnit
            pair = ScenarioResult.PairInfo(scenario.pair)
            expectations = scenario.expectations.map(\.description)
        }
    }

    /// The scenarios as JSON (ordered keys, final newline).
    public static func json(_ scenarios: [Scenario]) throws -> String {
        try OrderedJSONEncoder().encode(Document(scenarios: scenarios.map(Entry.init))).serialized() + "\n"
    }

    /// The scenarios grouped by family, for people.
    public static func text(_ scenarios: [Scenario]) -> String {
        var lines: [String] = []
        // One pass, families in the order they first appear: an imported folder makes a family
        // per file, so a scan per family would be quadratic (3,000 files: 23 s).
        var families: [(name: String, members: [Scenario])] = []
        var index: [String: Int] = [:]
        for scenario in scenarios {
            let family = scenario.family
            if let at = index[family] {
                families[at].members.append(scenario)
            } else {
                index[family] = families.count
                families.append((family, [scenario]))
            }
        }
        for (family, members) in families {
            lines.append("\(family) (\(members.count) scenario\(members.count == 1 ? "" : "s"))")
            for scenario in members {
                var heading = "  \(scenario.name)"
                if let pair = scenario.pair {
                    heading += pair.role == .antiPattern ? "  [anti-pattern; fix: \(pair.partner)]" : "  [fix for \(pair.partner)]"
                }
                lines.append(heading)
                lines.append("      \(scenario.summary)")
                lines.append(
                    "      sizes \(scenario.sizes.map(String.init).joined(separator: ", ")) \(scenario.sizeUnit)"
                        + " (quick \(scenario.quickSizes.map(String.init).joined(separator: ", ")))"
                        + "; per \(scenario.operationUnit)")
                lines.append("      tags \(scenario.tags.joined(separator: ", "))")
                if !scenario.expectations.isEmpty {
                    lines.append("      expects \(scenario.expectations.map(\.description).joined(separator: "; "))")
                }
            }
        }
        lines.append("\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s").")
        return lines.joined(separator: "\n") + "\n"
    }
}
