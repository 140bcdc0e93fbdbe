import LayoutScenarios

/// What every scenario must be, whatever made it (the built-in catalogue, documents imported
/// with `--layouts`, a team's own package through `LayoutBench.main(scenarios:)`): the one
/// place these rules live. The selection applies ``checkDeclaredSizes(_:)`` before anything
/// runs; the runner applies ``checkMeasuredSomething(_:size:work:)`` to the first repetition
/// of every measurement.
public enum ScenarioRules {
    /// The fewest sizes a scenario declares in each of its lists (a growth curve is fitted
    /// over them).
    public static let minimumSizes = 3

    /// Refuses a scenario that declares fewer than ``minimumSizes`` default or quick sizes.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-scenario`, naming the scenario and its sizes.
    public static func checkDeclaredSizes(_ scenario: Scenario) throws(LayoutBenchError) {
        for (list, sizes) in [("default", scenario.sizes), ("quick", scenario.quickSizes)] where sizes.count < minimumSizes {
            let listed = sizes.isEmpty ? "none" : sizes.map(String.init).joined(separator: ", ")
            throw LayoutBenchError(
                .invalidScenario,
                "Scenario '\(scenario.name)' declares \(sizes.count) \(list) size\(sizes.count == 1 ? "" : "s") (\(listed)); "
                    + "a scenario needs at least \(minimumSizes) sizes in each list (sizes: and quickSizes:), so that its growth "
                    + "can be fitted. Declare \(minimumSizes) or more.")
        }
    }

    /// Refuses ``checkDeclaredSizes(_:)`` for each of `scenarios`, in order.
    public static func checkDeclaredSizes(_ scenarios: [Scenario]) throws(LayoutBenchError) {
        for scenario in scenarios { try checkDeclaredSizes(scenario) }
    }

    /// Refuses a repetition that measured nothing: no solver operation, no frame assigned, no
    /// text measured (``LayoutWork/isNothing``). A layout done by hand, without the solver,
    /// assigns frames and so is not nothing; a table whose data source was released, a
    /// window that was never shown, a run that only rebuilds state already there are.
    ///
    /// - Throws: ``LayoutBenchError`` `measured-nothing`, naming the scenario and size.
    public static func checkMeasuredSomething(_ scenario: Scenario, size: Int, work: LayoutWork) throws(LayoutBenchError) {
        guard work.isNothing else { return }
        throw LayoutBenchError(
            .measuredNothing,
            "Scenario '\(scenario.name)' measured nothing at size \(size): its run did no solver work (0 solves, 0 constraints "
                + "added), assigned no frame and measured no text, so its times and growth would describe an empty loop. "
                + "Check that run() lays out what prepare built (a table's data source kept alive, views in the engines "
                + "the instance names; views laid out without a window passed as views:).")
    }
}
