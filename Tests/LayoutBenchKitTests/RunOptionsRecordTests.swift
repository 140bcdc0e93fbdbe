import Foundation
import Testing

@testable import LayoutBenchKit

/// The run options as one value: the runner's configuration holds them, the report records
/// them, and a report's options read back into a configuration whole.
@Suite("Run options as one value")
struct RunOptionsRecordTests {
    @Test("Every member survives a report's round trip, injectChurn included")
    func roundTrip() throws {
        let report = RunGoldenTests.optionsReport()
        let text = try report.jsonText()
        let loaded = try ReportReader.decode(Array(text.utf8), path: "options.json")
        #expect(loaded.report.options == report.options)
        #expect(loaded.report.options.injectChurn == 3)
        let configuration = RunConfiguration(options: loaded.report.options)
        #expect(configuration.injectChurn == 3)
        #expect(configuration.injectWork == 250)
        #expect(configuration.layouts == ["Layouts/Main.storyboard", "Cells"])
        #expect(configuration.instructions)
        #expect(configuration.shard == RunConfiguration.Shard(index: 2, count: 3))
        #expect(configuration.selection == ScenarioSelection(patterns: ["cells/*", "activation/batch"], tags: ["smoke"]))
    }

    @Test("The configuration's properties read and write its options")
    func configurationIsItsOptions() {
        var configuration = RunConfiguration.standard
        configuration.injectChurn = 4
        configuration.layouts = ["a.xib"]
        configuration.instructions = true
        #expect(configuration.options.injectChurn == 4 && configuration.options.layouts == ["a.xib"])
        #expect(configuration.options.instructions == true)
        configuration.injectChurn = 0
        configuration.layouts = []
        configuration.instructions = false
        #expect(configuration.options == RunOptions.standard)
    }

    @Test("A report records what the run was given: members that say nothing are left out")
    func recorded() throws {
        var options = RunOptions.quick
        options.injectChurn = 0
        options.layouts = []
        options.instructions = false
        let recorded = options.recorded(formats: [.json, .html])
        #expect(recorded.formats == ["json", "html"])
        #expect(recorded.injectChurn == nil && recorded.layouts == nil && recorded.instructions == nil)
        let json = try OrderedJSONEncoder().encode(recorded)
        #expect(
            json.keys == [
                "filters", "tags", "sizes", "quick", "warmup", "minimumRepetitions", "maximumRepetitions", "countingRepetitions",
                "countAllocations", "timeBudgetSeconds", "formats",
            ])
    }

    @Test("check repeats a baseline's options but never its slowed variant or shard")
    func repeating() {
        let options = RunGoldenTests.optionsReport().options
        let configuration = GateCheck.configuration(repeating: options, from: "base.json")
        #expect(configuration.injectChurn == 0 && configuration.injectWork == 0 && configuration.shard == nil)
        #expect(configuration.options.formats.isEmpty)
        #expect(configuration.layouts == options.layouts && configuration.sizes == options.sizes)
        #expect(configuration.minimumRepetitions == 4 && configuration.maximumRepetitions == 9)
        #expect(configuration.storedOptions?.path == "base.json")
    }
}
