import LayoutScenarios
import Testing

@testable import LayoutBenchKit

@Suite("Scenario selection and suggestions")
struct SelectionTests {
    static let catalog = [
        Fixture.scenario(name: "activation/individual", tags: ["activation", "anti-pattern"]),
        Fixture.scenario(name: "activation/batch", tags: ["activation", "fix"]),
        Fixture.scenario(name: "edits/churn", tags: ["edits", "anti-pattern"]),
        Fixture.scenario(name: "edits/constant", tags: ["edits", "fix"]),
    ]

    func names(_ selection: ScenarioSelection) throws -> [String] {
        try selection.select(from: Self.catalog).map(\.name)
    }

    @Test("No patterns and no tags select everything, in catalogue order")
    func everything() throws {
        #expect(try names(ScenarioSelection()) == Self.catalog.map(\.name))
    }

    @Test(
        "Globs match names and families; * crosses the slash",
        arguments: [
            ("activation/*", ["activation/individual", "activation/batch"]),
            ("activation", ["activation/individual", "activation/batch"]),
            ("*/c*", ["edits/churn", "edits/constant"]),
            ("*batch", ["activation/batch"]),
            ("edits/con?tant", ["edits/constant"]),
            ("e*", ["edits/churn", "edits/constant"]),
        ])
    func globs(pattern: String, expected: [String]) throws {
        #expect(try names(ScenarioSelection(patterns: [pattern])) == expected)
    }

    @Test("Several patterns or tags: any may match; patterns and tags must both match")
    func combinations() throws {
        #expect(try names(ScenarioSelection(patterns: ["edits/churn", "activation/batch"])) == ["activation/batch", "edits/churn"])
        #expect(try names(ScenarioSelection(tags: ["fix"])) == ["activation/batch", "edits/constant"])
        #expect(try names(ScenarioSelection(tags: ["fix", "edits"])) == ["activation/batch", "edits/churn", "edits/constant"])
        #expect(try names(ScenarioSelection(patterns: ["edits/*"], tags: ["anti-pattern"])) == ["edits/churn"])
    }

    @Test(
        "An unknown name or glob is a usage error suggesting close names, a bare variant's scenarios or the family; a far one, nothing",
        arguments: [
            ("activation/indivdual", "Unknown scenario 'activation/indivdual'. Did you mean 'activation/individual'?"),
            ("batch", "Did you mean 'activation/batch'?"),
            ("edit/*", "No scenario matches 'edit/*'. Did you mean 'edits/*'?"),
            ("zzzzzzzz", nil),
        ] as [(String, String?)])
    func unknownPattern(pattern: String, suggestion: String?) {
        let error = #expect(throws: LayoutBenchError.self) {
            try ScenarioSelection(patterns: [pattern]).select(from: Self.catalog)
        }
        #expect(error?.code == .unknownScenario)
        #expect(error?.code.exitStatus == .usage)
        if let suggestion {
            #expect(error?.message.contains(suggestion) == true)
        } else {
            #expect(error?.message.contains("Did you mean") == false)
        }
    }

    @Test("An unknown tag suggests the close tags")
    func unknownTag() {
        let error = #expect(throws: LayoutBenchError.self) {
            try ScenarioSelection(tags: ["anti-patern"]).select(from: Self.catalog)
        }
        #expect(error?.code == .unknownTag)
        #expect(error?.message == "Unknown tag 'anti-patern'. Did you mean 'anti-pattern'? Run 'layoutbench list' to see each scenario's tags.")
    }

    @Test("Names and tags that each match but not together are an error")
    func emptyIntersection() {
        let error = #expect(throws: LayoutBenchError.self) {
            try ScenarioSelection(patterns: ["activation/batch"], tags: ["anti-pattern"]).select(from: Self.catalog)
        }
        #expect(error?.code == .noScenarioSelected)
    }

    @Test(
        "Edit distance",
        arguments: [
            ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("kitten", "sitting", 3), ("flaw", "lawn", 2),
            ("activation/batch", "activation/batch", 0), ("batch", "bacth", 2),
        ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestions.editDistance(a, b) == distance)
        #expect(Suggestions.editDistance(b, a) == distance)
    }

    @Test("Suggestions are closest first, then alphabetical, at most three")
    func suggestionOrder() {
        #expect(Suggestions.closest(to: "cat", among: ["bat", "cut", "cart", "dog", "car"]) == ["bat", "car", "cart"])
        #expect(Suggestions.didYouMean(["a"]) == " Did you mean 'a'?")
        #expect(Suggestions.didYouMean(["a", "b", "c"]) == " Did you mean 'a', 'b' or 'c'?")
    }
}

@Suite("Run options")
struct RunOptionsTests {
    @Test("--sizes takes comma-separated positive integers, sorted, without repeats")
    func sizes() throws {
        #expect(try RunConfiguration.parseSizes(["400,100", "200", " 100 "]) == [100, 200, 400])
    }

    @Test("Bad sizes are invalid-size errors quoting the value", arguments: ["0", "-5", "abc", "10,,20", "1.5", ""])
    func badSizes(value: String) {
        let error = #expect(throws: LayoutBenchError.self) { try RunConfiguration.parseSizes([value]) }
        #expect(error?.code == .invalidSize)
        #expect(error?.code.exitStatus == .usage)
    }

    @Test("Repetition and budget limits are checked")
    func validation() throws {
        try RunConfiguration.standard.validate()
        try RunConfiguration.quickDefaults.validate()
        var configuration = RunConfiguration.standard
        configuration.minimumRepetitions = 0
        #expect(throws: LayoutBenchError.self) { try configuration.validate() }
        configuration = .standard
        configuration.maximumRepetitions = 2
        #expect(throws: LayoutBenchError.self) { try configuration.validate() }
        configuration = .standard
        configuration.timeBudgetSeconds = 0
        #expect(throws: LayoutBenchError.self) { try configuration.validate() }
        configuration = .standard
        configuration.warmup = -1
        #expect(throws: LayoutBenchError.self) { try configuration.validate() }
    }

    @Test("The quick defaults use the quick sizes; --sizes replaces both")
    func sizesPerScenario() {
        let scenario = Fixture.scenario(name: "a/b", sizes: [10, 20, 30])
        #expect(RunConfiguration.quickDefaults.sizes(for: scenario) == scenario.quickSizes)
        #expect(RunConfiguration.standard.sizes(for: scenario) == scenario.sizes)
        var configuration = RunConfiguration.standard
        configuration.sizes = [5]
        #expect(configuration.sizes(for: scenario) == [5])
    }

    @Test("The time budget: minimum first, then while the allowance lasts, never past the maximum")
    func budgetPolicy() {
        func decide(_ completed: Int, spent: Double, last: Double, allowance: Double) -> Bool {
            TimeBudget.shouldRepeat(
                completed: completed, spentSeconds: spent, lastRepetitionSeconds: last, countingRepetitions: 2,
                allowanceSeconds: allowance, minimum: 3, maximum: 30)
        }
        #expect(decide(0, spent: 100, last: 50, allowance: 1))  // below the minimum: always
        #expect(decide(2, spent: 100, last: 50, allowance: 1))
        #expect(!decide(3, spent: 1, last: 0.5, allowance: 2))  // 1 + 0.5 × 3 > 2
        #expect(decide(3, spent: 0.5, last: 0.5, allowance: 2))  // 0.5 + 1.5 ≤ 2
        #expect(!decide(30, spent: 0, last: 0, allowance: 100))  // the maximum
        var budget = TimeBudget(totalSeconds: 10, measurements: 4, startNanoseconds: 0)
        #expect(budget.allowance(now: 2_000_000_000) == 2)  // 8 s left over 4
        budget.finishMeasurement()
        #expect(budget.allowance(now: 4_000_000_000) == 2)  // 6 s left over 3
        #expect(budget.allowance(now: 20_000_000_000) == 0)  // overrun
    }
}
