import LayoutBenchJSON
import LayoutScenarios

extension Report {
    /// Builds a report from a run's outcome: statuses, failures, family summaries, pairs.
    public static func assemble(
        outcome: ScenarioRunner.Outcome, configuration: RunConfiguration, formats: [ReportFormat],
        tool: ToolInfo, environment: RunEnvironment, date: String
    ) -> Report {
        let failures = outcome.failures
        return Report(
            tool: tool, date: date, durationSeconds: outcome.durationSeconds, environment: environment,
            options: configuration.options.recorded(formats: formats),
            status: failures.isEmpty ? .passed : .failed, failures: failures, warnings: outcome.warnings,
            scenarios: outcome.scenarios, families: FamilySummary.summarize(outcome.scenarios),
            pairs: PairComparison.compare(outcome.scenarios))
    }

    /// The report as JSON: ordered keys, two-space indentation, a final newline.
    ///
    /// - Throws: `EncodingError` if a number is not finite (a bug: the model keeps undefined
    ///   quantities as `null`).
    public func jsonText() throws -> String {
        try OrderedJSONEncoder().encode(self).serialized(pretty: true) + "\n"
    }
}

extension ScenarioResult.PairInfo {
    /// The report's record of a scenario's `pair`, or `nil` when it has none.
    init?(_ pair: Scenario.Pair?) {
        guard let pair else { return nil }
        self.init(partner: pair.partner, role: pair.role.rawValue, modelGap: pair.modelGap)
    }
}

extension RunOptions {
    /// The options as a report records them: `formats` the formats written, and the members
    /// written only when set left out when they say nothing (no churn, no work, no documents,
    /// no instructions).
    public func recorded(formats: [ReportFormat]) -> RunOptions {
        var recorded = self
        recorded.formats = formats.map(\.rawValue)
        recorded.injectChurn = injectChurn.flatMap { $0 > 0 ? $0 : nil }
        recorded.layouts = layouts.flatMap { $0.isEmpty ? nil : $0 }
        recorded.injectWork = injectWork.flatMap { $0 > 0 ? $0 : nil }
        recorded.instructions = instructions == true ? true : nil
        return recorded
    }
}
