import LayoutBenchMetrics

/// Two reports compared: per scenario, size and metric, the base and head values, the
/// change and a verdict (`docs/ci.md`, "Verdicts", states the rule).
///
/// - Counters compare exactly (by default): any change beyond the thresholds is a
///   regression or an improvement, by the metric's direction.
/// - Allocations compare exactly when both runs' counting repetitions agreed; when they
///   did not (a scenario that allocates nondeterministically), as memory does.
/// - Times use the timed repetitions' samples: a regression (or improvement) needs the
///   change of the medians beyond the thresholds, a Mann-Whitney two-sided p below the
///   rule's `pValue`, and the bootstrap 95% interval of `median(head) / median(base)`
///   entirely beyond the noise band (above `1 + band`, or below `1 / (1 + band)`); a
///   change beyond the thresholds without both is `noise`.
/// - Memory (and nondeterministic allocations) use the counting repetitions: beyond the
///   thresholds and the two sides' sample ranges apart is a regression or an improvement;
///   beyond the thresholds with overlapping ranges is `noise`.
/// - Anything within the thresholds is `unchanged`.
public struct ReportComparison: Sendable {
    /// A verdict on one metric.
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// Worse beyond the threshold (and significant, for measured metrics).
        case regression
        /// Better beyond the threshold (and significant).
        case improvement
        /// Changed beyond the threshold, but not significantly: measurement noise.
        case noise
        /// Changed beyond the threshold, with too few samples for the test ever to reach the
        /// rule's p-value limit (3 against 3 cannot give p below 0.1): no verdict either way,
        /// and not evidence of noise. More repetitions decide it.
        case inconclusive
        /// Within the threshold.
        case unchanged
    }

    /// One report's identity, for headings.
    public struct Side: Sendable, Codable, Equatable {
        /// The file.
        public var path: String
        /// When the run started.
        public var date: String
        /// The git commit, or `null`.
        public var gitCommit: String?
        /// Whether the tree had changes.
        public var gitDirty: Bool?
        /// The CPU model.
        public var machine: String?
        /// `release` or `debug`.
        public var buildConfiguration: String
        /// `--quick`.
        public var quick: Bool
        /// `--inject-churn`, or `null`.
        public var injectChurn: Int?
        /// `--inject-work`, or `null`.
        public var injectWork: Int?
        /// The scenarios run.
        public var scenarios: Int
        /// `passed` or `failed`.
        public var status: String

        init(_ loaded: LoadedReport) {
            let report = loaded.report
            path = loaded.path
            date = report.date
            gitCommit = report.tool.gitCommit
            gitDirty = report.tool.gitDirty
            machine = report.environment.machine.cpuModel
            buildConfiguration = report.environment.toolchain.buildConfiguration
            quick = report.options.quick
            injectChurn = report.options.injectChurn
            injectWork = report.options.injectWork
            scenarios = report.scenarios.count
            status = report.status.rawValue
        }

        /// `2026-01-01T12:00:00Z, abc1234+, quick`: date, short commit (+ when dirty), suite.
        public var label: String {
            let commit = gitCommit.map { String($0.prefix(7)) + (gitDirty == true ? "+" : "") } ?? "no commit"
            var text = "\(date), \(commit), \(quick ? "quick" : "full")"
            if let injectChurn { text += ", --inject-churn \(injectChurn)" }
            if let injectWork { text += ", --inject-work \(injectWork)" }
            return text
        }
    }

    /// One metric of one scenario at one size.
    public struct Row: Sendable, Codable, Equatable {
        public var scenario: String
        public var size: Int
        public var metric: String
        public var kind: MetricKind
        /// The base's value (median for times).
        public var base: Double
        /// The head's value.
        public var head: Double
        /// `(head - base) / base`, or `null` when the base is 0.
        public var relativeChange: Double?
        /// The verdict.
        public var verdict: Verdict
        /// Whether the rule is informational: shown, never failing the gate.
        public var informational: Bool
        /// The limits applied, in words (`exact`, `±10%`).
        public var limit: String
        /// The Mann-Whitney p-value (times), or `null`.
        public var pValue: Double?
        /// The bootstrap 95% interval of `median(head) / median(base)` (times), or `null`.
        public var ratioLower: Double?
        public var ratioUpper: Double?
        /// Why the verdict, in a few words (`exact`, `p=0.003, ratio 1.12–1.20`, `ranges overlap`).
        public var reason: String

        /// `+12.3%`, `new`, `0%`.
        public var changeText: String { MetricFormat.relativeChange(base: base, head: head) }
        /// Whether the verdict fails the gate.
        public var gates: Bool { !informational && (verdict == .regression || verdict == .improvement) }
    }

    /// The base report.
    public var base: Side
    /// The head report.
    public var head: Side
    /// Every compared metric, in scenario (head's order), size and metric order.
    public var rows: [Row]
    /// Scenarios and sizes the base has and the head does not (`edits/churn`, `edits/churn at 80`).
    public var onlyInBase: [String]
    /// Scenarios and sizes only the head has.
    public var onlyInHead: [String]
    /// The part of ``onlyInBase`` the head should have measured: both ran the same selection
    /// (scenario patterns, tags, sizes, suite), so a scenario or size missing from the head was
    /// renamed or removed. The gate counts this as lost coverage and fails (exit 2); a head
    /// that selected less on purpose loses nothing.
    public var lostCoverage: [String]
    /// Why parts of the comparison may mislead (different machines, builds, options).
    public var warnings: [String]
    /// Where the thresholds came from.
    public var thresholdsSource: String
    /// How busy the machines were (docs/measurement.md, "Load and busy measurements").
    public var load = Load()

    /// ``warnings`` and each run's busy-machine warning (`Head: Busy machine: ...`): what the
    /// text, Markdown and JSON formats print. The HTML page shows the busy ones in a box of
    /// their own.
    public var allWarnings: [String] {
        warnings
            + [("Base", load.baseWarning), ("Head", load.headWarning)].compactMap { side, warning in
                warning.map { "\(side): \($0)" }
            }
    }

    /// The load figures of the two runs, for the pages: each run's busy-machine warning
    /// (``BusyRule/warning(_:code:)``, the sentence `run` and `check.md` print) and, per
    /// measurement both runs made, their times with the load averages and wall/CPU ratios.
    public struct Load: Sendable {
        /// The base's busy-machine warning, or `nil` when none of its measurements was busy.
        public var baseWarning: String?
        /// The head's busy-machine warning, or `nil`.
        public var headWarning: String?
        /// The measurements (scenario and size) of which either run recorded load figures, in row order.
        public var measurements: [Measurement] = []

        /// One measurement's times in both runs.
        public struct Measurement: Sendable {
            public var scenario: String
            public var size: Int
            public var base: TimeResult
            public var head: TimeResult
        }
    }

    /// The rows with `verdict`, gating or not.
    public func rows(_ verdict: Verdict) -> [Row] { rows.filter { $0.verdict == verdict } }

    /// Regressions that fail the gate.
    public var regressions: [Row] { rows.filter { $0.verdict == .regression && !$0.informational } }
    /// Improvements beyond a threshold that fail the gate (the baseline should be updated).
    public var improvements: [Row] { rows.filter { $0.verdict == .improvement && !$0.informational } }

    /// How many rows have each verdict.
    public var counts: [Verdict: Int] {
        var counts: [Verdict: Int] = [:]
        for row in rows { counts[row.verdict, default: 0] += 1 }
        return counts
    }

    /// `2 regressions, 1 improvement, 3 noise, 1,024 unchanged`.
    /// The one-line verdict of lost coverage for every rendering of the comparison (exit 2 in
    /// the gate, like a regression), or `nil` when nothing of the baseline's selection is missing.
    public var lostCoverageSummary: String? {
        guard !lostCoverage.isEmpty else { return nil }
        let count = lostCoverage.count
        return "Lost coverage: \(count) scenario size\(count == 1 ? "" : "s") of the base \(count == 1 ? "was" : "were") "
            + "not measured although the head selected the same (a renamed or removed scenario needs a new baseline)."
    }

    public var countsText: String {
        let counts = self.counts
        func plural(_ count: Int, _ word: String) -> String { "\(MetricFormat.count(Double(count))) \(word)\(count == 1 ? "" : "s")" }
        var text = [
            plural(counts[.regression] ?? 0, "regression"), plural(counts[.improvement] ?? 0, "improvement"),
            "\(MetricFormat.count(Double(counts[.noise] ?? 0))) noise",
            (counts[.inconclusive] ?? 0) > 0 ? "\(MetricFormat.count(Double(counts[.inconclusive]!))) inconclusive" : nil,
            "\(MetricFormat.count(Double(counts[.unchanged] ?? 0))) unchanged",
        ].compactMap { $0 }.joined(separator: ", ")
        let informational = rows.filter { $0.informational && ($0.verdict == .regression || $0.verdict == .improvement) }.count
        if informational > 0 { text += " (\(informational) informational, not gating)" }
        return text
    }

    /// Compares `head` with `base` under `thresholds`.
    ///
    /// - Complexity: O(*r* · *B* · *n* log *n*) for *r* time rows beyond their thresholds
    ///   (each needs a bootstrap of *B* = 2000 resamples of *n* samples); every other row is O(1).
    public static func compare(base: LoadedReport, head: LoadedReport, thresholds: Thresholds = Thresholds()) -> ReportComparison {
        var rows: [Row] = []
        var onlyInBase: [String] = []
        var onlyInHead: [String] = []
        var load = Load(baseWarning: BusyRule.warning(base.report), headWarning: BusyRule.warning(head.report))
        let baseScenarios = Dictionary(base.report.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let headNames = Set(head.report.scenarios.map(\.name))
        for scenario in base.report.scenarios where !headNames.contains(scenario.name) {
            onlyInBase.append(scenario.name)
        }
        for headScenario in head.report.scenarios {
            guard let baseScenario = baseScenarios[headScenario.name] else {
                onlyInHead.append(headScenario.name)
                continue
            }
            let baseSizes = Dictionary(baseScenario.sizes.map { ($0.size, $0) }, uniquingKeysWith: { first, _ in first })
            let headSizeSet = Set(headScenario.sizes.map(\.size))
            for size in baseScenario.sizes.map(\.size) where !headSizeSet.contains(size) {
                onlyInBase.append("\(headScenario.name) at \(size)")
            }
            for headSize in headScenario.sizes.sorted(by: { $0.size < $1.size }) {
                guard let baseSize = baseSizes[headSize.size] else {
                    onlyInHead.append("\(headScenario.name) at \(headSize.size)")
                    continue
                }
                if baseSize.time.busy != nil || headSize.time.busy != nil {
                    load.measurements.append(.init(scenario: headScenario.name, size: headSize.size, base: baseSize.time, head: headSize.time))
                }
                for metric in CompareMetric.all {
                    let rule = thresholds.rule(scenario: headScenario.name, family: headScenario.family, metric: metric)
                    guard !rule.ignore,
                        let baseMeasurement = metric.measurement(in: baseSize),
                        let headMeasurement = metric.measurement(in: headSize)
                    else { continue }
                    rows.append(
                        row(
                            scenario: headScenario.name, size: headSize.size, metric: metric, rule: rule,
                            base: baseMeasurement, head: headMeasurement))
                }
            }
        }
        let (baseOptions, headOptions) = (base.report.options, head.report.options)
        let sameSelection =
            baseOptions.filters == headOptions.filters && baseOptions.tags == headOptions.tags
            && baseOptions.sizes == headOptions.sizes && baseOptions.quick == headOptions.quick
        return ReportComparison(
            base: Side(base), head: Side(head), rows: rows, onlyInBase: onlyInBase, onlyInHead: onlyInHead,
            lostCoverage: sameSelection ? onlyInBase : [],
            warnings: warnings(base: base.report, head: head.report), thresholdsSource: thresholds.source, load: load)
    }

    /// The verdict on one metric (the type's discussion states the rule).
    public static func row(
        scenario: String, size: Int, metric: CompareMetric, rule: Thresholds.Resolved,
        base: CompareMetric.Measurement, head: CompareMetric.Measurement
    ) -> Row {
        var row = Row(
            scenario: scenario, size: size, metric: metric.name, kind: metric.kind, base: base.value, head: head.value,
            relativeChange: base.value == 0 ? nil : (head.value - base.value) / abs(base.value), verdict: .unchanged,
            informational: rule.informational, limit: rule.limitDescription(metric: metric.name), pValue: nil, ratioLower: nil, ratioUpper: nil,
            reason: "")
        let beyond = rule.exceeds(base: base.value, head: head.value)
        let directional = directionalVerdict(base: base.value, head: head.value, direction: rule.direction)

        switch metric.kind {
        case .counter, .instructions:
            row.reason = row.limit
            if beyond { row.verdict = directional }
        case .allocation where base.samplesAgree && head.samplesAgree:
            row.reason = row.limit
            if beyond { row.verdict = directional }
        case .allocation, .memory:
            let apart = rangesApart(base.samples, head.samples)
            row.reason =
                base.samplesAgree || metric.kind == .memory
                ? "samples \(apart ? "apart" : "overlap")"
                : "repetitions disagree, samples \(apart ? "apart" : "overlap")"
            if beyond { row.verdict = apart ? directional : .noise }
        case .time:
            guard !base.samples.isEmpty, !head.samples.isEmpty else {
                row.reason = "no samples"
                break
            }
            let test = MannWhitney(head.samples, base.samples)
            row.pValue = test.pValue
            var intervalText = ""
            var outsideBand = false
            if base.value > 0 {
                let interval = MedianRatioInterval(head.samples, base.samples)
                if interval.lower.isFinite && interval.upper.isFinite {
                    row.ratioLower = interval.lower
                    row.ratioUpper = interval.upper
                    intervalText = ", ratio \(MetricFormat.significant(interval.lower))–\(MetricFormat.significant(interval.upper))"
                    let band = 1 + rule.noiseBand
                    outsideBand = head.value > base.value ? interval.lower > band : interval.upper < 1 / band
                }
            }
            let significant = test.pValue < rule.pValue && outsideBand
            row.reason = "p=\(MetricFormat.pValue(test.pValue))\(intervalText)"
            if beyond {
                row.verdict = significant ? directional : .noise
                if !significant {
                    let floor = Self.smallestPValue(head.samples.count, base.samples.count)
                    if floor >= rule.pValue {
                        row.verdict = .inconclusive
                        row.reason +=
                            " (inconclusive: \(head.samples.count) and \(base.samples.count) samples cannot reach p < "
                            + "\(MetricFormat.pValue(rule.pValue)); the smallest p they can give is \(MetricFormat.pValue(floor)))"
                    } else {
                        row.reason +=
                            test.pValue >= rule.pValue
                            ? " (p ≥ \(MetricFormat.pValue(rule.pValue)))" : " (interval within the noise band)"
                    }
                }
            }
        }
        return row
    }

    /// The smallest p-value the rank test can give for samples of these sizes: that of two
    /// samples that do not overlap at all (the same test, on the most extreme ranks).
    static func smallestPValue(_ first: Int, _ second: Int) -> Double {
        guard first > 0, second > 0 else { return 1 }
        return MannWhitney((0..<first).map { Double(second + $0) }, (0..<second).map(Double.init)).pValue
    }

    /// Regression or improvement for a change beyond the threshold, by direction.
    static func directionalVerdict(base: Double, head: Double, direction: Thresholds.Direction) -> Verdict {
        switch direction {
        case .lowerIsBetter: head > base ? .regression : .improvement
        case .higherIsBetter: head < base ? .regression : .improvement
        case .either: .regression
        }
    }

    /// Whether every sample of one side lies above every sample of the other.
    static func rangesApart(_ a: [Double], _ b: [Double]) -> Bool {
        guard let aMin = a.min(), let aMax = a.max(), let bMin = b.min(), let bMax = b.max() else { return false }
        return aMin > bMax || bMin > aMax
    }

    /// Differences between the runs that make parts of the comparison unreliable.
    static func warnings(base: Report, head: Report) -> [String] {
        var warnings: [String] = []
        let baseToolchain = base.environment.toolchain, headToolchain = head.environment.toolchain
        if baseToolchain.buildConfiguration != headToolchain.buildConfiguration {
            warnings.append(
                "The base was built in \(baseToolchain.buildConfiguration), the head in \(headToolchain.buildConfiguration): "
                    + "times and allocation counts are not comparable (counters are).")
        } else if baseToolchain.buildConfiguration == "debug" {
            warnings.append("Both runs are debug builds: times and allocation counts mean little (docs/measurement.md, \"Limits\").")
        }
        if baseToolchain.compilerVersion != headToolchain.compilerVersion || baseToolchain.swiftVersion != headToolchain.swiftVersion {
            warnings.append(
                "The toolchains differ (\(baseToolchain.swiftVersion ?? baseToolchain.compilerVersion) and "
                    + "\(headToolchain.swiftVersion ?? headToolchain.compilerVersion)): allocation counts may differ for that reason alone.")
        }
        if base.environment.machine.cpuModel != head.environment.machine.cpuModel
            || base.environment.machine.logicalCores != head.environment.machine.logicalCores
        {
            warnings.append(
                "The runs come from different machines (\(base.environment.machine.cpuModel ?? "unknown"), "
                    + "\(head.environment.machine.cpuModel ?? "unknown")): times are not comparable; counters are.")
        }
        if base.options.quick != head.options.quick || base.options.sizes != head.options.sizes {
            warnings.append("The runs measured different sizes; only sizes both ran are compared.")
        }
        if base.options.countAllocations != head.options.countAllocations {
            warnings.append("Only one run counted allocations; allocations are not compared.")
        }
        if let churn = base.options.injectChurn {
            warnings.append("The base ran with --inject-churn \(churn): a deliberately slowed variant, not a baseline.")
        }
        if let churn = head.options.injectChurn {
            warnings.append("The head ran with --inject-churn \(churn): a deliberately slowed variant (docs/ci.md).")
        }
        if let work = base.options.injectWork {
            warnings.append("The base ran with --inject-work \(work): a deliberately slowed variant, not a baseline.")
        }
        if let work = head.options.injectWork {
            warnings.append("The head ran with --inject-work \(work): a deliberately slowed variant (docs/ci.md).")
        }
        if (base.options.instructions ?? false) != (head.options.instructions ?? false) {
            warnings.append(
                "Only one run counted instructions (--instructions); instructions are not compared, and times under valgrind "
                    + "are not comparable with native ones.")
        }
        return warnings
    }
}
