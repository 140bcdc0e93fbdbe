import Foundation
import LayoutEngine
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// The rules every scenario source meets (``ScenarioRules``): a measurement that did nothing
/// stops the run with `measured-nothing`, a scenario that declares fewer than three sizes is
/// refused with `invalid-scenario`; both name the scenario and end the command with 70.
@Suite("Scenario rules")
struct ScenarioRulesTests {
    static func scenario(
        _ name: String, sizes: [Int] = [1, 2, 3], quickSizes: [Int]? = nil, build: @escaping @Sendable (Int) -> ScenarioInstance
    ) -> Scenario {
        Scenario(
            name: name, summary: "A test scenario.", tags: ["test"], sizes: sizes, quickSizes: quickSizes ?? sizes,
            sizeUnit: "views", operationUnit: "view", build: build)
    }

    static func run(_ scenarios: [Scenario]) throws(LayoutBenchError) -> ScenarioRunner.Outcome {
        try ScenarioRunner(configuration: RunnerTests.configuration(repetitions: 1, warmup: 0, counting: 1), allocationCounter: nil)
            .run(scenarios)
    }

    /// A table whose data source is not kept alive (the table holds it weakly): the rows are
    /// gone before the run, which then lays out an empty table.
    final class Rows: TableViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func numberOfRows(in tableView: TableView) -> Int { count }
        func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: row)
        }
    }

    @Test("A run whose table lost its data source measured nothing: the run stops with measured-nothing, naming the scenario")
    func releasedDataSource() throws {
        let scenario = Self.scenario("test/released-source") { size in
            let window = Window(width: 320, height: 480)
            let table = TableView(name: "table")
            table.frame = Rect(x: 0, y: 0, width: 320, height: 480)
            table.register({ TableViewCell() }, forCellReuseIdentifier: "row")
            window.addSubview(table)
            window.layoutIfNeeded()
            do { table.dataSource = Rows(size * 40) }  // released here: the table holds it weakly
            return ScenarioInstance(engines: [window.engine], operations: size) {
                table.scrollToEnd(in: window, step: 20)
            }
        }
        let error = try #require(throws: LayoutBenchError.self) { try Self.run([scenario]) }
        #expect(error.code == .measuredNothing)
        #expect(error.code.exitStatus == .invalidScenario && error.code.exitStatus.rawValue == 70)
        #expect(error.message.contains("'test/released-source' measured nothing at size 1"), "\(error.message)")
    }

    @Test("The run stops at the first measurement that measured nothing; what ran before it is not reported")
    func stopsAtTheEmptyOne() throws {
        let working = Fixture.scenario(name: "test/working")
        let empty = Self.scenario("test/empty") { size in
            let window = Window(width: 100, height: 100)
            window.layoutIfNeeded()
            return ScenarioInstance(engines: [window.engine], operations: size) { window.layoutIfNeeded() }
        }
        let error = try #require(throws: LayoutBenchError.self) { try Self.run([working, empty]) }
        #expect(error.code == .measuredNothing && error.message.contains("'test/empty'"))
        #expect(try Self.run([working]).scenarios.count == 1, "a scenario with solver work passes")
    }

    @Test("A layout done by hand, without the solver, is not nothing: frames assigned and text measured count")
    func manualLayoutCounts() throws {
        let frames = Self.scenario("test/manual-frames") { size in
            let views = (0..<size).map { View(name: "v\($0)") }
            return ScenarioInstance(engines: [], operations: size, views: views) {
                for (index, view) in views.enumerated() { view.frame = Rect(x: 0, y: Double(index) * 44, width: 320, height: 44) }
            }
        }
        let text = Self.scenario("test/manual-text") { size in
            let label = Label(text: "", name: "title")
            return ScenarioInstance(engines: [], operations: size, views: [label]) {
                label.text = String(repeating: "x", count: size)
                _ = label.intrinsicContentSize
            }
        }
        let outcome = try Self.run([frames, text])
        #expect(outcome.scenarios.map(\.name) == ["test/manual-frames", "test/manual-text"])
        #expect(outcome.scenarios.allSatisfy { $0.sizes.allSatisfy { $0.counters["solves"] == 0 } })
        #expect(outcome.failures.isEmpty)

        // Views laid out by hand that the instance does not name are invisible to the runner.
        let unnamed = Self.scenario("test/manual-unnamed") { size in
            let views = (0..<size).map { View(name: "v\($0)") }
            return ScenarioInstance(engines: [], operations: size) {
                for view in views { view.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
            }
        }
        #expect(throws: LayoutBenchError.self) { try Self.run([unnamed]) }
    }

    @Test("The work of a repetition: solver counters, frames assigned, text measured")
    func work() {
        let label = Label(text: "a", name: "label")
        let view = View(name: "box")
        let instance = ScenarioInstance(engines: [], operations: 1, views: [label, view]) {
            label.text = "abc"
            view.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        }
        let snapshot = instance.layoutSnapshot()
        #expect(instance.work(since: snapshot, counters: instance.counters).isNothing)
        instance.run()
        let work = instance.work(since: snapshot, counters: instance.counters)
        #expect(work.framesAssigned == 1 && work.textMeasured == 1 && !work.isNothing)
    }

    @Test("A scenario that declares fewer than three sizes is refused with invalid-scenario, naming it, never a trap")
    func tooFewSizes() throws {
        let build: @Sendable (Int) -> ScenarioInstance = { size in
            ScenarioInstance(engines: [], operations: size) {}
        }
        let short = Self.scenario("test/two-sizes", sizes: [1, 2], quickSizes: [1, 2, 3], build: build)
        let shortQuick = Self.scenario("test/one-quick-size", sizes: [1, 2, 3], quickSizes: [1], build: build)
        #expect(short.sizes == [1, 2], "making the scenario does not trap")

        for (scenario, words) in [(short, "declares 2 default sizes (1, 2)"), (shortQuick, "declares 1 quick size (1)")] {
            let error = try #require(throws: LayoutBenchError.self) {
                try ScenarioSelection().select(from: [Fixture.scenario(name: "test/fine"), scenario])
            }
            #expect(error.code == .invalidScenario && error.code.exitStatus.rawValue == 70)
            #expect(error.message.contains("'\(scenario.name)' \(words)"), "\(error.message)")
        }
        // Not selected, not refused; a command that takes one scenario refuses it the same way.
        #expect(try ScenarioSelection(patterns: ["test/fine"]).select(from: [Fixture.scenario(name: "test/fine"), short]).count == 1)
        let single = try #require(throws: LayoutBenchError.self) {
            try ScenarioSelection.single("test/two-sizes", in: [short], oneScenario: "profile takes one scenario")
        }
        #expect(single.code == .invalidScenario)

        // A run (built-in suite, --layouts or an app's own package all select this way).
        let session = RunSession(
            configuration: RunnerTests.configuration(), formats: [.json],
            output: ReportOutput(root: FileManager.default.temporaryDirectory.path + "/unused-\(UUID())"), toolVersion: "test",
            catalog: [short])
        let refused = try #require(throws: LayoutBenchError.self) { try session.selectedScenarios() }
        #expect(refused.code == .invalidScenario)
    }
}
