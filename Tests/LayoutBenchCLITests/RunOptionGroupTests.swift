import ArgumentParser
import LayoutBenchKit
import Testing

@testable import LayoutBenchCLI

/// The run options `run` and `check` share: parsed once, applied over the defaults (`run`) or
/// a baseline's recorded options (`check`).
@Suite("Run option group")
struct RunOptionGroupTests {
    func parse(_ arguments: [String]) throws -> RunOptionGroup {
        try RunOptionGroup.parse(arguments)
    }

    @Test("run: the options given over the defaults, every one reaching the configuration")
    func runOverDefaults() throws {
        let group = try parse([
            "cells/*", "--tag", "smoke", "--sizes", "40,10", "--repetitions", "4", "--max-repetitions", "9", "--warmup", "2",
            "--counting-repetitions", "3", "--time-budget", "12.5", "--no-allocations", "--inject-churn", "3",
            "--inject-work", "250", "--instructions",
        ])
        var configuration = RunConfiguration(options: .standard)
        let given = try group.apply(to: &configuration)
        // Every member the command line can give, given; the rest as in the defaults.
        #expect(
            configuration.options
                == RunOptions(
                    filters: ["cells/*"], tags: ["smoke"], sizes: [10, 40], quick: RunOptions.standard.quick, warmup: 2,
                    minimumRepetitions: 4, maximumRepetitions: 9, countingRepetitions: 3, countAllocations: false,
                    timeBudgetSeconds: 12.5, formats: RunOptions.standard.formats, injectChurn: 3, injectWork: 250, instructions: true))
        #expect(
            given == [
                .selection, .sizes, .minimumRepetitions, .maximumRepetitions, .warmup, .countingRepetitions, .timeBudgetSeconds,
                .injectChurn, .injectWork,
            ])
        #expect(group.changesTheRun)
    }

    @Test("No options change nothing, and a --repetitions alone fixes the count")
    func nothingGiven() throws {
        var configuration = RunConfiguration(options: .quick)
        let given = try parse([]).apply(to: &configuration)
        #expect(given.isEmpty)
        #expect(configuration.options == RunOptions.quick)
        let display = try parse(["--progress", "none", "--no-history"])
        #expect(!display.changesTheRun)
        _ = try parse(["--repetitions", "7"]).apply(to: &configuration)
        #expect(configuration.minimumRepetitions == 7 && configuration.maximumRepetitions == 7)
        _ = try parse(["--max-repetitions", "2"]).apply(to: &configuration)
        #expect(configuration.minimumRepetitions == 2 && configuration.maximumRepetitions == 2)
    }

    @Test("check --quick over a full baseline takes the quick suite's sizes, repetitions and budget, and keeps the rest")
    func quickOverFullBaseline() throws {
        var baseline = RunOptions.standard
        baseline.filters = ["edits/*"]
        baseline.sizes = [50, 100]
        baseline.countAllocations = false
        baseline.layouts = ["Main.storyboard"]
        baseline.formats = ["json", "html"]
        var configuration = GateCheck.configuration(repeating: baseline, from: "base.json")
        let given = try parse(["--quick", "--warmup", "0"]).apply(to: &configuration)
        #expect(configuration.quick && configuration.sizes == nil && configuration.warmup == 0)
        #expect(configuration.maximumRepetitions == RunOptions.quick.maximumRepetitions)
        #expect(configuration.timeBudgetSeconds == RunOptions.quick.timeBudgetSeconds)
        #expect(configuration.selection.patterns == ["edits/*"] && configuration.layouts == ["Main.storyboard"])
        #expect(!configuration.countAllocations)
        #expect(given.isSuperset(of: [.sizes, .warmup, .maximumRepetitions, .timeBudgetSeconds]))
        #expect(!given.contains(.selection))
    }

    @Test("run and check share the group: the same flags parse in both")
    func sharedByRunAndCheck() throws {
        let flags = ["--sizes", "10", "--warmup", "0", "--inject-churn", "2", "--no-allocations", "--progress", "lines"]
        let run = try #require(try LayoutBenchCommand.parseAsRoot(["run"] + flags) as? RunCommand)
        let check = try #require(try LayoutBenchCommand.parseAsRoot(["check", "--baseline", "main"] + flags) as? CheckCommand)
        #expect(run.runOptions.sizes == check.runOptions.sizes && run.runOptions.warmup == check.runOptions.warmup)
        #expect(run.runOptions.injectChurn == 2 && check.runOptions.allocations == false)
        #expect(check.runOptions.progressStyle == .lines)
    }
}
