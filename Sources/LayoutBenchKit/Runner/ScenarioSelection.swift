import LayoutScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which scenarios a run or a listing covers: name globs and tags.
///
/// A pattern is a shell glob (`*`, `?`, `[...]`; `*` also matches `/`) matched against a
/// scenario's full name and against its family, so `activation`, `activation/*` and
/// `act*` all select the activation family. A scenario is selected when it matches any
/// pattern (or there are none) and has any of the tags (or none are given).
///
/// Every pattern must match some scenario and every tag must be used by some scenario;
/// otherwise ``select(from:)`` throws with the closest names (by edit distance).
public struct ScenarioSelection: Sendable, Equatable {
    /// Name globs; empty selects every name.
    public var patterns: [String]
    /// Tags; empty selects every tag.
    public var tags: [String]

    public init(patterns: [String] = [], tags: [String] = []) {
        self.patterns = patterns
        self.tags = tags
    }

    /// The selected scenarios, in catalogue order.
    ///
    /// - Throws: ``LayoutBenchError`` `unknown-scenario` for a pattern that matches nothing,
    ///   `unknown-tag` for a tag no scenario has (both with suggestions), and
    ///   `no-scenario-selected` when patterns and tags each match but not together;
    ///   `invalid-scenario` for a selected scenario that declares too few sizes
    ///   (``ScenarioRules/checkDeclaredSizes(_:)``).
    public func select(from catalog: [Scenario]) throws(LayoutBenchError) -> [Scenario] {
        for pattern in patterns where !catalog.contains(where: { Self.matches(pattern, $0) }) {
            throw LayoutBenchError(.unknownScenario, Self.unknownScenarioMessage(pattern, catalog: catalog))
        }
        let allTags = Set(catalog.flatMap(\.tags))
        for tag in tags where !allTags.contains(tag) {
            let suggestions = Suggestions.closest(to: tag, among: allTags.sorted())
            throw LayoutBenchError(
                .unknownTag,
                "Unknown tag '\(tag)'." + Suggestions.didYouMean(suggestions)
                    + " Run 'layoutbench list' to see each scenario's tags.")
        }
        let selected = catalog.filter { scenario in
            (patterns.isEmpty || patterns.contains { Self.matches($0, scenario) })
                && (tags.isEmpty || tags.contains { scenario.tags.contains($0) })
        }
        guard !selected.isEmpty else {
            throw LayoutBenchError(
                .noScenarioSelected,
                "No scenario matches both the names \(patterns.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "and the tags \(tags.map { "'\($0)'" }.joined(separator: ", ")); "
                    + "a scenario must match a name and have one of the tags.")
        }
        try ScenarioRules.checkDeclaredSizes(selected)
        return selected
    }

    /// The one scenario of `catalog` called `name`, or the one a glob matches, for a command
    /// that takes one scenario.
    ///
    /// - Parameter oneScenario: What takes one scenario, as the error's first words
    ///   (`profile takes one scenario`).
    /// - Throws: ``LayoutBenchError`` `unknown-scenario`, with close names, when nothing
    ///   matches or a glob matches several.
    public static func single(_ name: String, in catalog: [Scenario], oneScenario: String) throws(LayoutBenchError) -> Scenario {
        let matches = try ScenarioSelection(patterns: [name]).select(from: catalog)
        if let exact = matches.first(where: { $0.name == name }) { return exact }
        guard matches.count == 1 else {
            throw LayoutBenchError(
                .unknownScenario,
                "\(oneScenario); '\(name)' matches \(matches.map(\.name).joined(separator: ", ")). Name one of them.")
        }
        return matches[0]
    }

    /// Whether `pattern` matches the scenario's name or its family.
    public static func matches(_ pattern: String, _ scenario: Scenario) -> Bool {
        glob(pattern, scenario.name) || glob(pattern, scenario.family)
    }

    /// Shell-style matching with `fnmatch(3)` (no flags: `*` matches `/` too).
    public static func glob(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }

    static func isGlob(_ pattern: String) -> Bool {
        pattern.contains { "*?[".contains($0) }
    }

    static func unknownScenarioMessage(_ pattern: String, catalog: [Scenario]) -> String {
        var candidates: [String] = []
        for scenario in catalog {
            candidates.append(scenario.name)
            if !candidates.contains(scenario.family) { candidates.append(scenario.family) }
        }
        var suggestions: [String]
        if isGlob(pattern) {
            // Suggest for the literal family part: 'activaton/*' -> 'activation/*'.
            let parts = pattern.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let families = Array(Set(catalog.map(\.family))).sorted()
            if parts.count == 2, !isGlob(String(parts[0])) {
                suggestions = Suggestions.closest(to: String(parts[0]), among: families).map { "\($0)/\(parts[1])" }
            } else {
                suggestions = []
            }
        } else {
            suggestions = Suggestions.closest(to: pattern, among: candidates)
            // A bare variant ('batch') suggests the scenarios that have it.
            let byVariant = catalog.filter { $0.variant == pattern }.map(\.name)
            suggestions = byVariant + suggestions.filter { !byVariant.contains($0) }
        }
        let what = isGlob(pattern) ? "No scenario matches '\(pattern)'." : "Unknown scenario '\(pattern)'."
        return what + Suggestions.didYouMean(Array(suggestions.prefix(3)))
            + " Run 'layoutbench list' to see the scenarios."
    }
}

/// Close-name suggestions by Levenshtein distance.
public enum Suggestions {
    /// The candidates within a small edit distance of `input` (case-insensitive), closest
    /// first, then alphabetical; at most `limit`.
    ///
    /// The distance allowed is a third of the input's length, at least 2: enough for a
    /// typo or two, not for a different word.
    public static func closest(to input: String, among candidates: [String], limit: Int = 3) -> [String] {
        let lowered = input.lowercased()
        let allowed = Swift.max(2, lowered.count / 3)
        // Typed steps: as one chain of closures on tuples this took the type checker 2.3 s.
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= allowed { scored.append((candidate, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// The Levenshtein distance: insertions, deletions and substitutions of characters.
    ///
    /// - Complexity: O(*m*·*n*) time, O(*n*) space.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// ` Did you mean 'a' or 'b'?`, or an empty string.
    public static func didYouMean(_ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        let quoted = suggestions.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return " Did you mean \(list)?"
    }
}
