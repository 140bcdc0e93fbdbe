import LayoutBenchJSON

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
