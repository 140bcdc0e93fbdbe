import Foundation
import LayoutEngine
import Testing

@testable import LayoutBenchKit
@testable import LayoutImporter

@Suite("Scenarios from imported layouts")
struct ImportedScenarioTests {
    @Test func namesAreFileLayoutKindAndUnique() throws {
        let folder = try ImportCommandTests.folder([
            "One/Screens.storyboard": LayoutFeatureTests.scenes,
            "Two/Screens.storyboard": LayoutFeatureTests.scenes,
            "Two/Cell.xib": ConstraintImportTests.basics,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = try ImportedScenarios.make(paths: [folder.path])
        let names = scenarios.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.contains("One.Screens.storyboard/FirstViewController-vc1/first-layout"))
        #expect(names.contains("Two.Screens.storyboard/FirstViewController-vc1/device-sweep"))
        #expect(names.contains("Cell.xib/view-root/first-layout"))
        #expect(!names.contains("Cell.xib/view-root/device-sweep"), "only scenes sweep devices")
        let first = try #require(scenarios.first { $0.name == "Cell.xib/view-root/first-layout" })
        #expect(first.family == "Cell.xib" && first.variant == "view-root/first-layout")
        #expect(first.sizes == [4, 8, 16] && first.tags.contains("imported"))
    }

    @Test func firstLayoutCostGrowsWithCopiesAndRepeatsExactly() throws {
        let folder = try ImportCommandTests.folder(["Basics.xib": ConstraintImportTests.basics])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try #require(try ImportedScenarios.make(paths: [folder.path]).first)
        func measure(_ size: Int) -> (added: Int, failures: Int) {
            let instance = scenario.prepare(size: size)
            instance.run()
            return (instance.counters.constraintsAdded, scenario.check(instance, counters: instance.counters, size: size).count)
        }
        let one = measure(1), again = measure(1), four = measure(4)
        #expect(one.failures == 0 && four.failures == 0)
        #expect(one.added > 9, "the file's 9 constraints, the design-time one and the engine's own")
        #expect(again.added == one.added)
        #expect(four.added == 4 * one.added)
    }

    @Test func theDeviceSweepEndsAtTheLastSize() throws {
        let folder = try ImportCommandTests.folder(["Screens.storyboard": LayoutFeatureTests.scenes])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try #require(try ImportedScenarios.make(paths: [folder.path]).first { $0.name.hasSuffix("/device-sweep") })
        let instance = scenario.prepare(size: 2)
        instance.run()
        #expect(scenario.check(instance, counters: instance.counters, size: 2).isEmpty)
        #expect(instance.operations == 2 * ImportedScenarios.deviceSweep.count)
        #expect(ImportedScenarios.deviceSweep.count == 14)
    }

    @Test func labelsTakeParentFoldersOnlyWhenNeeded() {
        #expect(ImportedScenarios.uniqueLabels(["a/x/L.storyboard", "b/y/L.storyboard", "b/M.xib"]) == ["x.L.storyboard", "y.L.storyboard", "M.xib"])
    }
}
