/// Every scenario `layoutbench` knows, in catalogue order.
public enum ScenarioCatalog {
    /// All scenarios, families in catalogue order, both sides of every pair.
    public static let all: [Scenario] =
        ActivationScenarios.all + EditsScenarios.all + ToggleScenarios.all + PriorityScenarios.all
        + UpdatePassScenarios.all + StackScenarios.all + CellScenarios.all + LFBScenarios.all + LFBScenarios.table + HierarchyScenarios.all
        + ConflictScenarios.all
        + ResizeScenarios.all
        + SeedScenarios.all

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }

    /// Every tag used, sorted.
    public static var tags: [String] {
        Array(Set(all.flatMap(\.tags))).sorted()
    }
}
