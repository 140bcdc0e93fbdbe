import LayoutBenchJSON
import LayoutScenarios

/// How much a metric may change before `compare` and `check` call it a regression or an
/// improvement: defaults per metric kind, overrides per metric, overrides per scenario
/// (by name, family or glob) and metric. `docs/ci.md` documents the file format
/// (`layoutbench.thresholds`, e.g. `Reports/thresholds.json`).
///
/// A rule is resolved for one scenario and metric by layering, each layer setting only the
/// fields it gives: the built-in default of the metric's kind, the file's `defaults` for that
/// kind, the file's `metrics` entry, then each `scenarios` entry whose pattern matches the
/// scenario (globs in file order, then the exact name), each with its kind entry before its
/// metric entry.
public struct Thresholds: Sendable {
    /// Which way is better.
    public enum Direction: String, Sendable, CaseIterable, Codable {
        /// Costs: a rise is a regression (every metric, by default).
        case lowerIsBetter = "lower-is-better"
        /// A rise is an improvement.
        case higherIsBetter = "higher-is-better"
        /// Any change beyond the limits is a regression.
        case either
    }

    /// A partial rule: the fields one layer sets.
    public struct Rule: Sendable, Equatable {
        /// The largest change, as a fraction of the base value (0.1 = 10%), that is not yet
        /// beyond the threshold.
        public var relative: Double?
        /// The largest change in the metric's unit that is not yet beyond the threshold.
        public var absolute: Double?
        /// Which way is better.
        public var direction: Direction?
        /// Leave the metric out of the comparison.
        public var ignore: Bool?
        /// Compare and show the metric, but never fail the gate because of it.
        public var informational: Bool?
        /// The significance level of the Mann-Whitney test (times).
        public var pValue: Double?
        /// How far beyond a ratio of 1 the bootstrap interval of the median ratio must lie
        /// (times), as a fraction: 0.02 needs the interval above 1.02 or below 1/1.02.
        public var noiseBand: Double?

        /// `self` over `base`: the fields `self` sets win.
        func layered(over base: Resolved) -> Resolved {
            Resolved(
                relative: relative ?? base.relative, absolute: absolute ?? base.absolute,
                direction: direction ?? base.direction, ignore: ignore ?? base.ignore,
                informational: informational ?? base.informational, pValue: pValue ?? base.pValue,
                noiseBand: noiseBand ?? base.noiseBand)
        }
    }

    /// A rule with every field decided.
    public struct Resolved: Sendable, Equatable, Codable {
        public var relative: Double
        public var absolute: Double
        public var direction: Direction = .lowerIsBetter
        public var ignore = false
        public var informational = false
        public var pValue = 0.01
        public var noiseBand = 0.02

        /// Whether a change from `base` to `head` exceeds both limits (relative to the
        /// base value, and absolute). With both limits 0 (exact), any change does.
        public func exceeds(base: Double, head: Double) -> Bool {
            let delta = abs(head - base)
            guard delta > absolute else { return false }
            if base == 0 { return delta > 0 }
            return delta > relative * abs(base)
        }

        /// `exact`, `±10%`, `±10% and ±1000`: the limits in words.
        public var limitDescription: String { limitDescription(metric: nil) }

        /// The limits in words, the absolute one in the metric's unit (`±25% and ±1.00 MiB`).
        public func limitDescription(metric: String?) -> String {
            if relative == 0 && absolute == 0 { return "exact" }
            var parts: [String] = []
            if relative > 0 { parts.append("±" + Self.percent(relative)) }
            if absolute > 0 { parts.append("±" + (metric.map { MetricFormat.value(absolute, metric: $0) } ?? Self.shortNumber(absolute))) }
            return parts.joined(separator: " and ")
        }

        static func percent(_ fraction: Double) -> String {
            let value = fraction * 100
            return (value == value.rounded() ? String(Int(value)) : String(format2: value)) + "%"
        }

        static func shortNumber(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
    }

    /// The built-in defaults: counters and allocations exact; times 10% with p < 0.01 and a
    /// 2% noise band; memory 25% and 1 MiB; instructions 3%; lower is better for all.
    public static let builtInDefaults: [MetricKind: Resolved] = [
        .counter: Resolved(relative: 0, absolute: 0),
        .allocation: Resolved(relative: 0, absolute: 0),
        .time: Resolved(relative: 0.10, absolute: 0, pValue: 0.01, noiseBand: 0.02),
        .memory: Resolved(relative: 0.25, absolute: 1_048_576),
        .instructions: Resolved(relative: 0.03, absolute: 0),
    ]

    /// The file's `defaults`, per kind.
    public var defaults: [MetricKind: Rule] = [:]
    /// The file's `metrics`, per metric name.
    public var metrics: [String: Rule] = [:]
    /// The file's `scenarios`, in file order: a pattern and its rules per metric or kind name.
    public var scenarios: [(pattern: String, rules: [String: Rule])] = []
    /// Where the thresholds came from: a file, or `built-in defaults`.
    public var source: String = "built-in defaults"

    /// The built-in defaults only.
    public init() {}

    /// The rule for `metric` in `scenario`.
    public func rule(scenario: String, family: String? = nil, metric: CompareMetric) -> Resolved {
        var resolved = Self.builtInDefaults[metric.kind]!
        if let rule = defaults[metric.kind] { resolved = rule.layered(over: resolved) }
        if let rule = metrics[metric.name] { resolved = rule.layered(over: resolved) }
        let family = family ?? scenario.split(separator: "/").first.map(String.init) ?? scenario
        let matching =
            scenarios.filter { ScenarioSelection.isGlob($0.pattern) && Self.matches($0.pattern, scenario, family) }
            + scenarios.filter { !ScenarioSelection.isGlob($0.pattern) && Self.matches($0.pattern, scenario, family) }
            .sorted { ($0.pattern == scenario ? 1 : 0) < ($1.pattern == scenario ? 1 : 0) }
        for entry in matching {
            if let rule = entry.rules[metric.kind.rawValue] { resolved = rule.layered(over: resolved) }
            if let rule = entry.rules[metric.name] { resolved = rule.layered(over: resolved) }
        }
        return resolved
    }

    /// Whether a `scenarios` pattern matches a scenario: its name or its family, exactly or
    /// as a glob (as `layoutbench run` selects).
    static func matches(_ pattern: String, _ name: String, _ family: String) -> Bool {
        ScenarioSelection.glob(pattern, name) || ScenarioSelection.glob(pattern, family)
    }
}

extension Thresholds {
    /// The schema name a thresholds file may declare.
    public static let schemaName = "layoutbench.thresholds"

    /// Reads a thresholds file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - catalog: The scenarios that patterns must match (the whole catalogue).
    /// - Throws: ``GateError``: `unreadable-file`, `malformed-json`, or `invalid-thresholds`
    ///   at the exact line and column of an unknown key, metric, kind, direction or
    ///   scenario, or of a value of the wrong type or range.
    public static func load(_ path: String, catalog: [Scenario] = ScenarioCatalog.all) throws(GateError) -> Thresholds {
        let bytes = try ReportReader.readFile(path, what: "thresholds file")
        return try parse(bytes, path: path, catalog: catalog)
    }

    /// Parses a thresholds file's bytes (see ``load(_:catalog:)``).
    public static func parse(_ bytes: [UInt8], path: String, catalog: [Scenario] = ScenarioCatalog.all) throws(GateError) -> Thresholds {
        let root = try ReportReader.parse(bytes, path: path)
        func fail(_ message: String, _ position: SourcePosition) -> GateError {
            GateError(.invalidThresholds, message, file: path, position: position)
        }
        guard case .object(let members) = root.value else {
            throw fail("a thresholds file is a JSON object (see docs/ci.md), found \(root.kindDescription)", root.position)
        }
        var thresholds = Thresholds()
        thresholds.source = path
        let topKeys = ["schema", "schemaVersion", "comment", "defaults", "metrics", "scenarios"]
        for member in members {
            switch member.key {
            case "schema":
                guard member.value.stringValue == schemaName else {
                    throw fail("\"schema\" must be \"\(schemaName)\", found \(member.value.kindDescription)", member.value.position)
                }
            case "schemaVersion":
                guard member.value.integerValue == 1 else {
                    throw fail(
                        "thresholds schema version \(member.value.integerValue.map(String.init) ?? member.value.kindDescription) is not supported; this layoutbench reads version 1",
                        member.value.position)
                }
            case "comment":
                try requireString(member.value, "comment", fail)
            case "defaults":
                for entry in try objectMembers(member.value, "\"defaults\"", fail) {
                    guard let kind = MetricKind(rawValue: entry.key) else {
                        throw fail(
                            "unknown metric kind \"\(entry.key)\" in \"defaults\"; the kinds are "
                                + MetricKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                + Suggestions.didYouMean(Suggestions.closest(to: entry.key, among: MetricKind.allCases.map(\.rawValue))),
                            entry.keyPosition)
                    }
                    thresholds.defaults[kind] = try rule(entry.value, "defaults.\(entry.key)", fail)
                }
            case "metrics":
                for entry in try objectMembers(member.value, "\"metrics\"", fail) {
                    try requireMetricName(entry.key, entry.keyPosition, allowKinds: false, fail)
                    thresholds.metrics[entry.key] = try rule(entry.value, "metrics.\(entry.key)", fail)
                }
            case "scenarios":
                for entry in try objectMembers(member.value, "\"scenarios\"", fail) {
                    guard catalog.contains(where: { ScenarioSelection.matches(entry.key, $0) }) else {
                        throw fail(
                            ScenarioSelection.unknownScenarioMessage(entry.key, catalog: catalog)
                                .replacingFirstSentence(with: "the scenario pattern \"\(entry.key)\" matches no scenario."),
                            entry.keyPosition)
                    }
                    var rules: [String: Rule] = [:]
                    for metricEntry in try objectMembers(entry.value, "scenarios.\(entry.key)", fail) {
                        try requireMetricName(metricEntry.key, metricEntry.keyPosition, allowKinds: true, fail)
                        rules[metricEntry.key] = try rule(metricEntry.value, "scenarios.\(entry.key).\(metricEntry.key)", fail)
                    }
                    thresholds.scenarios.append((entry.key, rules))
                }
            default:
                throw unknownKey(member, holder: "a thresholds file", knownKeys: topKeys, fail)
            }
        }
        return thresholds
    }

    private typealias Fail = (String, SourcePosition) -> GateError

    private static func objectMembers(_ node: JSONNode, _ what: String, _ fail: Fail) throws(GateError) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            throw fail("\(what) must be an object, found \(node.kindDescription)", node.position)
        }
        return members
    }

    /// The error for a key that `holder` does not have, at the key: `unknown key "k" in <what>;
    /// <holder> has "a", "b". Did you mean "c"?` (without ` in <what>` at the top level).
    private static func unknownKey(
        _ member: JSONNode.Member, in what: String? = nil, holder: String, knownKeys: [String], _ fail: Fail
    ) -> GateError {
        fail(
            "unknown key \"\(member.key)\"\(what.map { " in \($0)" } ?? ""); \(holder) has " + knownKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                + "."
                + Suggestions.didYouMean(Suggestions.closest(to: member.key, among: knownKeys)),
            member.keyPosition)
    }

    private static func requireString(_ node: JSONNode, _ what: String, _ fail: Fail) throws(GateError) {
        guard node.stringValue != nil else { throw fail("\"\(what)\" must be a string, found \(node.kindDescription)", node.position) }
    }

    private static func requireMetricName(_ name: String, _ position: SourcePosition, allowKinds: Bool, _ fail: Fail) throws(GateError) {
        if CompareMetric.named(name) != nil { return }
        if allowKinds, MetricKind(rawValue: name) != nil { return }
        let candidates = CompareMetric.all.map(\.name) + (allowKinds ? MetricKind.allCases.map(\.rawValue) : [])
        throw fail(
            "unknown metric \"\(name)\"." + Suggestions.didYouMean(Suggestions.closest(to: name, among: candidates))
                + " The metrics are the report's counters (docs/metrics.md), wallNanoseconds, cpuNanoseconds, allocations, "
                + "allocatedBytes, peakIncreaseBytes, instructions, solverInstructions and exclusivityChecks"
                + (allowKinds ? "; or a kind: counter, allocation, time, memory, instructions." : "."),
            position)
    }

    static let ruleKeys = ["relative", "absolute", "direction", "ignore", "informational", "pValue", "noiseBand", "comment"]

    private static func rule(_ node: JSONNode, _ what: String, _ fail: Fail) throws(GateError) -> Rule {
        var rule = Rule()
        for member in try objectMembers(node, what, fail) {
            let value = member.value
            func number(_ range: ClosedRange<Double>, _ explanation: String) throws(GateError) -> Double {
                guard let number = value.doubleValue, number.isFinite else {
                    throw fail("\"\(member.key)\" in \(what) must be a number, found \(value.kindDescription)", value.position)
                }
                guard range.contains(number) else {
                    throw fail("\"\(member.key)\" in \(what) must be \(explanation), found \(number)", value.position)
                }
                return number
            }
            func flag() throws(GateError) -> Bool {
                guard let flag = value.boolValue else {
                    throw fail("\"\(member.key)\" in \(what) must be true or false, found \(value.kindDescription)", value.position)
                }
                return flag
            }
            switch member.key {
            case "relative": rule.relative = try number(0...1e9, "from 0 to 1e9 (a fraction: 0.1 is 10%)")
            case "absolute": rule.absolute = try number(0...Double.greatestFiniteMagnitude, "0 or more")
            case "pValue": rule.pValue = try number(Double.leastNonzeroMagnitude...1, "in (0, 1]")
            case "noiseBand": rule.noiseBand = try number(0...10, "from 0 to 10 (a fraction: 0.02 is 2%)")
            case "ignore": rule.ignore = try flag()
            case "informational": rule.informational = try flag()
            case "comment": try requireString(value, "comment", fail)
            case "direction":
                guard let text = value.stringValue, let direction = Direction(rawValue: text) else {
                    throw fail(
                        "\"direction\" in \(what) must be " + Direction.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                            + ", found \(value.kindDescription)", value.position)
                }
                rule.direction = direction
            default:
                throw unknownKey(member, in: what, holder: "a rule", knownKeys: ruleKeys, fail)
            }
        }
        return rule
    }
}

extension String {
    /// The text with its first sentence (up to the first ". ") replaced.
    func replacingFirstSentence(with sentence: String) -> String {
        guard let range = range(of: ". ") else { return sentence }
        return sentence + " " + self[range.upperBound...]
    }

    /// `value` with two decimals, for percentages.
    init(format2 value: Double) {
        let scaled = (value * 100).rounded()
        let whole = Int(scaled / 100)
        let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: 100))
        self = "\(value < 0 && whole == 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
