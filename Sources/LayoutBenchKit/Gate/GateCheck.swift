import LayoutScenarios

/// `layoutbench check`: compare a run (made now, or read from a file) with a baseline under
/// thresholds, write a Markdown summary and a comparison page, and decide the exit status.
///
/// Everything that can be wrong with the inputs (the baseline, the thresholds file, a
/// report file) is checked by ``prepare()`` before anything runs or is written.
public struct GateCheck: Sendable {
    /// The baseline: a name in ``store`` or a report file's path.
    public var baseline: String
    /// Where named baselines are.
    public var store: BaselineStore
    /// A thresholds file, or `nil` for the built-in defaults.
    public var thresholdsPath: String?
    /// The scenarios a thresholds file may name (the built-in catalogue unless the command line
    /// was given another).
    public var catalog: [Scenario] = ScenarioCatalog.all
    /// Whether an improvement beyond a threshold ends the check with exit 4 (`--fail-on-improvement`,
    /// which the project's own gate uses so that its baselines are kept up to date); otherwise it
    /// passes with exit 0 and a note to save a new baseline.
    public var failsOnImprovement = false

    public init(baseline: String, store: BaselineStore = BaselineStore(), thresholdsPath: String? = nil) {
        self.baseline = baseline
        self.store = store
        self.thresholdsPath = thresholdsPath
    }

    /// The inputs, read and checked.
    public struct Prepared: Sendable {
        /// The baseline report.
        public var baseline: LoadedReport
        /// The thresholds.
        public var thresholds: Thresholds
        /// The baseline's name (or file name) for headings.
        public var baselineName: String
        /// ``GateCheck/failsOnImprovement``.
        public var failsOnImprovement = false
    }

    /// Reads the baseline and the thresholds.
    ///
    /// - Throws: ``GateError``: `missing-baseline`; reading errors of the baseline;
    ///   `invalid-thresholds` and the other reading errors of the thresholds file.
    public func prepare() throws(GateError) -> Prepared {
        let loaded = try store.load(baseline)
        var thresholds = Thresholds()
        if let thresholdsPath { thresholds = try Thresholds.load(thresholdsPath, catalog: catalog) }
        let name = BaselineStore.isPath(baseline) ? String(baseline.split(separator: "/").last ?? Substring(baseline)) : baseline
        return Prepared(baseline: loaded, thresholds: thresholds, baselineName: name, failsOnImprovement: failsOnImprovement)
    }

    /// The run configuration that repeats the baseline's run: its recorded options (selection,
    /// sizes, suite, repetitions, allocation counting, time budget, `--layouts` paths,
    /// `--instructions`) as they are, but never a deliberately slowed variant or a part of the
    /// suite: `injectChurn`, `injectWork` and `shard` are cleared (a check measures the whole
    /// suite as it is; `--inject-churn` and `--inject-work` on the command line set them).
    ///
    /// - Parameters:
    ///   - options: The baseline's stored options.
    ///   - path: The baseline's file: errors in the stored options name it
    ///     (``RunConfiguration/storedOptions``).
    public static func configuration(repeating options: RunOptions, from path: String? = nil) -> RunConfiguration {
        var configuration = RunConfiguration(options: options)
        configuration.options.formats = []
        configuration.options.injectChurn = nil
        configuration.options.injectWork = nil
        configuration.options.shard = nil
        configuration.storedOptions = path.map { RunConfiguration.StoredOptions(path: $0) }
        return configuration
    }

    /// What a check found.
    public struct Outcome: Sendable {
        /// The comparison.
        public var comparison: ReportComparison
        /// The exit status (``exitStatus(comparison:head:failsOnImprovement:)``).
        public var exitStatus: ExitStatus
        /// The Markdown summary.
        public var markdown: String
    }

    /// Compares `head` with the prepared baseline.
    public static func evaluate(_ prepared: Prepared, head: LoadedReport) -> Outcome {
        let comparison = ReportComparison.compare(base: prepared.baseline, head: head, thresholds: prepared.thresholds)
        let status = exitStatus(comparison: comparison, head: head.report, failsOnImprovement: prepared.failsOnImprovement)
        return Outcome(
            comparison: comparison, exitStatus: status,
            markdown: markdown(comparison, status: status, head: head.report, baselineName: prepared.baselineName))
    }

    /// The exit status: a gating regression or lost coverage (2) wins; then the run's own
    /// failed expectations (1); then, when `failsOnImprovement`, a gating improvement (4); else 0.
    public static func exitStatus(comparison: ReportComparison, head: Report, failsOnImprovement: Bool = false) -> ExitStatus {
        if !comparison.regressions.isEmpty || !comparison.lostCoverage.isEmpty { return .regression }
        if head.status == .failed { return .failed }
        if failsOnImprovement && !comparison.improvements.isEmpty { return .improvement }
        return .success
    }

    /// One line for the end of the output: `check: regression (exit 2): ...`.
    public static func verdictLine(_ outcome: Outcome) -> String {
        let comparison = outcome.comparison
        switch outcome.exitStatus {
        case .regression where comparison.regressions.isEmpty:
            return "check: lost coverage (exit 2): the run has the baseline's selection but did not measure "
                + comparison.lostCoverage.prefix(5).joined(separator: ", ") + (comparison.lostCoverage.count > 5 ? ", ..." : "")
                + "; a renamed or removed scenario needs a new baseline (layoutbench baseline save NAME).\n"
        case .regression:
            let names = comparison.regressions.prefix(5).map { "\($0.scenario) \($0.metric) at \($0.size)" }
            return "check: regression (exit 2): \(comparison.regressions.count) metric\(comparison.regressions.count == 1 ? "" : "s") regressed: "
                + names.joined(separator: ", ") + (comparison.regressions.count > 5 ? ", ..." : "")
                + (comparison.lostCoverage.isEmpty ? "" : "; and \(comparison.lostCoverage.count) scenario sizes of the baseline were not measured")
                + "\n"
        case .failed:
            return "check: the run's own expectations failed (exit 1); nothing regressed.\n"
        case .improvement:
            return "check: improvement beyond the thresholds (exit 4): \(comparison.improvements.count) metrics improved and nothing "
                + "regressed; update the baseline (layoutbench baseline save NAME).\n"
        case .success where !comparison.improvements.isEmpty:
            return "check: pass (exit 0): \(comparison.improvements.count) metric\(comparison.improvements.count == 1 ? "" : "s") "
                + "improved beyond the thresholds and nothing regressed; save a new baseline to keep the gain "
                + "(layoutbench baseline save NAME; --fail-on-improvement exits 4 instead).\n"
        default:
            return "check: pass (exit 0): \(comparison.countsText).\n"
        }
    }

    /// The Markdown summary for a pull-request comment: the result and exit code first,
    /// then the comparison (``ComparisonOutput/markdown(_:title:baseName:)``) and the run's
    /// own failures.
    public static func markdown(_ comparison: ReportComparison, status: ExitStatus, head: Report, baselineName: String) -> String {
        let title: String
        switch status {
        case .regression: title = "layoutbench check: ❌ regression"
        case .failed: title = "layoutbench check: ❌ the run's expectations failed"
        case .improvement: title = "layoutbench check: ⬆️ improvement beyond the thresholds (update the baseline)"
        default:
            title =
                comparison.improvements.isEmpty
                ? "layoutbench check: ✅ pass" : "layoutbench check: ✅ pass, with improvements (save a new baseline to keep them)"
        }
        var text = ComparisonOutput.markdown(comparison, title: title, baseName: baselineName)
        if !comparison.lostCoverage.isEmpty {
            text += "\n### Lost coverage (\(comparison.lostCoverage.count))\n\n"
            text +=
                "The run selected what the baseline selected but did not measure these; a renamed or removed "
                + "scenario needs a new baseline (`layoutbench baseline save NAME`).\n\n"
            for item in comparison.lostCoverage.prefix(20) { text += "- \(ComparisonOutput.code(item))\n" }
            if comparison.lostCoverage.count > 20 { text += "- ... and \(comparison.lostCoverage.count - 20) more\n" }
        }
        if !head.failures.isEmpty {
            text += "\n### The run's own failures (\(head.failures.count))\n\n"
            for failure in head.failures.prefix(20) { text += "- \(ComparisonOutput.escape(failure.description))\n" }
            if head.failures.count > 20 { text += "- ... and \(head.failures.count - 20) more\n" }
        }
        text += "\nExit code \(status.rawValue) (`layoutbench check --help`).\n"
        return text
    }

    /// The files a check adds to its run's `latest/` set: `check.md`, `comparison.html`, and
    /// `report.html` with the baseline section (``ReportOutput/write(_:formats:extraFiles:)``
    /// writes them with the report, as one set).
    public static func setFiles(_ outcome: Outcome, prepared: Prepared, head: Report) -> [OutputSet.File] {
        [
            ("check.md", Array(outcome.markdown.utf8)),
            (
                "comparison.html",
                Array(
                    ComparisonPage.html(
                        outcome.comparison, title: "layoutbench check against '\(prepared.baselineName)'", baseName: prepared.baselineName
                    ).utf8)
            ),
            ("report.html", Array(ReportPage(report: head, comparison: outcome.comparison, baselineName: prepared.baselineName).html().utf8)),
        ]
    }

    /// Writes the summary and the comparison page, and re-renders the run's HTML reports
    /// with the baseline section.
    ///
    /// - Parameters:
    ///   - summaryPaths: Files for the Markdown summary.
    ///   - comparisonPage: A file for the comparison page, or `nil`.
    ///   - reportPages: `report.html` files of the run to re-render, with their report.
    /// - Returns: The files written.
    /// - Throws: ``GateError`` `unwritable-output`.
    public static func write(
        _ outcome: Outcome, prepared: Prepared, head: Report, summaryPaths: [String], comparisonPage: String?, reportPages: [String]
    ) throws(GateError) -> [String] {
        var written: [String] = []
        do {
            for path in summaryPaths {
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
                try AtomicFile.write(outcome.markdown, to: path)
                written.append(path)
            }
            if let comparisonPage {
                try AtomicFile.write(
                    ComparisonPage.html(
                        outcome.comparison, title: "layoutbench check against '\(prepared.baselineName)'", baseName: prepared.baselineName),
                    to: comparisonPage)
                written.append(comparisonPage)
            }
            let page = ReportPage(report: head, comparison: outcome.comparison, baselineName: prepared.baselineName).html()
            for path in reportPages {
                try AtomicFile.write(page, to: path)
            }
        } catch {
            throw GateError(.unwritableOutput, error.message, cause: error)
        }
        return written
    }
}
