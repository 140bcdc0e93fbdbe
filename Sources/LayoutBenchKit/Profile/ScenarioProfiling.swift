import Cassowary
import LayoutEngine
import LayoutProfiler
import LayoutScenarios

/// `layoutbench profile`: a scenario run once with the ``LayoutProfiler`` attached to its
/// engines and to every engine its run makes.
public enum ScenarioProfiling {
    /// What one profiled run produced.
    public struct Profile: Sendable {
        /// The profile (with ``ProfileReport/subject`` set to the scenario).
        public var report: ProfileReport
        /// The solver counters of `run()` alone, over the scenario's engines and those
        /// the run made (as `layoutbench run` counts them).
        public var counters: SolverCounters
        /// The scenario's expectations that failed in this run.
        public var failures: [ExpectationFailure]
    }

    /// The one scenario of `catalog` called `name` (or the one a glob matches).
    ///
    /// - Throws: ``LayoutBenchError`` `unknown-scenario`, with close names, when nothing
    ///   matches or a glob matches several.
    public static func scenario(
        named name: String, in catalog: [Scenario] = ScenarioCatalog.all
    ) throws(LayoutBenchError) -> Scenario {
        try ScenarioSelection.single(name, in: catalog, oneScenario: "profile takes one scenario")
    }

    /// The size profiled when none is given: the scenario's smallest default size.
    public static func defaultSize(of scenario: Scenario) -> Int {
        scenario.sizes.min()!
    }

    /// Checks a size given on the command line (`--size` of `profile` and `record-trace`).
    ///
    /// - Parameter maximumSizeOverride: `LAYOUTBENCH_MAX_SIZE`, or `nil` for the default limit
    ///   (``RunConfiguration/sizeLimit(for:)``).
    /// - Throws: ``LayoutBenchError`` `invalid-size` for a size below 1, one the scenario
    ///   cannot run at (its ``Scenario/sizeRule``), or one above the size limit.
    public static func validate(size: Int, for scenario: Scenario, maximumSizeOverride: Int? = nil) throws(LayoutBenchError) {
        guard size >= 1 else {
            throw LayoutBenchError(.invalidSize, "--size must be a positive integer; got \(size).")
        }
        var configuration = RunConfiguration.standard
        configuration.maximumSizeOverride = maximumSizeOverride
        try configuration.check(size: size, for: scenario, option: "--size")
    }

    /// Prepares the scenario at `size` (not profiled), runs it once with a profiler
    /// attached to its engines and to every engine made while it runs, and makes the report.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - size: Its size.
    ///   - configuration: The profiler's limits and thresholds.
    ///   - sizedByCell: Which views are cells or cells' content views, when the scenario's
    ///     cells are not the engine's `TableViewCell`s (``LayoutProfiler/isSizedByCell``).
    /// - Returns: The report, the run's counters and its failed expectations.
    public static func profile(
        _ scenario: Scenario, size: Int, configuration: LayoutProfiler.Configuration = LayoutProfiler.Configuration(),
        sizedByCell: ((View) -> Bool)? = nil
    ) -> Profile {
        let instance = scenario.prepare(size: size)
        let profiler = LayoutProfiler(configuration: configuration)
        if let sizedByCell {
            let engineCells = profiler.isSizedByCell
            profiler.isSizedByCell = { engineCells($0) || sizedByCell($0) }
        }
        for engine in instance.engines { profiler.attach(to: engine) }
        let before = instance.counters
        profiler.observing { instance.run() }
        let counters = instance.counters - before
        profiler.detach()
        let failures = scenario.check(instance, counters: counters, size: size)
        var report = profiler.report(
            title: "\(scenario.name) at \(size) \(scenario.sizeUnit)",
            // A scenario that builds its windows while it runs (an imported first layout) is
            // analysed through the engines its run made.
            analyzing: (instance.engines.isEmpty ? instance.enginesMadeByRuns : instance.engines).compactMap(\.root),
            solverCounters: counters)
        report.subject = ProfileReport.Subject(
            scenario: scenario.name, size: size, sizeUnit: scenario.sizeUnit, summary: scenario.summary,
            role: scenario.pair?.role.rawValue, partner: scenario.pair?.partner)
        // Keep the instance (and so its windows and cells) alive until the report is made.
        withExtendedLifetime(instance) {}
        return Profile(report: report, counters: counters, failures: failures)
    }
}

extension ScenarioProfiling {
    /// Profiles with the default limits, keeping `eventBufferCapacity` raw events when given.
    public static func profile(
        _ scenario: Scenario, size: Int, eventBufferCapacity: Int?, sizedByCell: ((View) -> Bool)? = nil
    ) -> Profile {
        var configuration = LayoutProfiler.Configuration()
        if let eventBufferCapacity { configuration.eventBufferCapacity = eventBufferCapacity }
        return profile(scenario, size: size, configuration: configuration, sizedByCell: sizedByCell)
    }
}

extension ScenarioProfiling.Profile {
    /// The terminal summary (findings first).
    public func summary(color: Bool) -> String {
        report.text(color: color)
    }

    /// Whether the profile has findings (a finding is not an error: the command still succeeds).
    public var findingCount: Int { report.findings.count }
}
