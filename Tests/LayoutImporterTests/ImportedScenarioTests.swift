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
        #expect(
            ImportedScenarios.uniqueLabels(["a/x/L.storyboard", "b/y/L.storyboard", "b/M.xib"]) == ["x.L.storyboard", "y.L.storyboard", "M.xib"])
    }
}

@Suite("Diagnostics over the device sweep")
struct LayoutDiagnosticsTests {
    static var rigid: Data {
        FixtureDocuments.storyboard(
            FixtureDocuments.scene(
                controller: "vc", rootID: "r",
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="10"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="375" id="fixedWidth"/>
                            <constraint firstAttribute="height" constant="10" id="h"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="bar" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="l"/>
                    <constraint firstAttribute="trailing" secondItem="bar" secondAttribute="trailing" id="t"/>
                    <constraint firstItem="bar" firstAttribute="top" secondItem="r" secondAttribute="top" id="top"/>
                </constraints>
                """))
    }

    @Test func aRequiredWidthBreaksOnOtherDevices() throws {
        let document = try FixtureDocuments.load(Self.rigid)
        let layout = try #require(document.layouts.first)
        #expect(layout.window.engine.issueCounts[.unsatisfiable] == nil, "consistent at the design size")
        let diagnostics = LayoutDiagnostics(layout, screens: [Size(width: 320, height: 568), Size(width: 375, height: 667)])
        #expect(diagnostics.sizes.count == 3)
        let conflict = try #require(diagnostics.conflicts.first)
        #expect(conflict.size == Size(width: 320, height: 568))
        #expect(conflict.report.contains("Unable to simultaneously satisfy constraints"))
        #expect(diagnostics.ambiguousViews.isEmpty)
        let suggestion = try #require(diagnostics.suggestions.first)
        #expect(suggestion.id == "fixedWidth" && diagnostics.suggestions.count == 1)
        #expect(suggestion.size == Size(width: 320, height: 568))
        #expect(diagnostics.text().contains("make it 999"))
    }

    @Test func aCellSweepsWidthsOnly() throws {
        let layout = try FixtureDocuments.load(ConstraintImportTests.basics).layouts[0]
        let sizes = LayoutDiagnostics.sweepSizes(for: layout, screens: [Size(width: 320, height: 568)])
        #expect(sizes == [Size(width: 320, height: 667)])
    }
}

@Suite("Self-sizing imported cells")
struct SelfSizingScenarioTests {
    @Test func aPrototypeCellScrollsWithReuse() throws {
        let folder = try ImportCommandTests.folder(["List.storyboard": LayoutFeatureTests.prototypeCell])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = try ImportedScenarios.make(paths: [folder.path])
        let scenario = try #require(scenarios.first { $0.name == "List.storyboard/NameCell-cell/self-sizing" })
        #expect(scenario.sizeUnit == "rows")
        let instance = scenario.prepare(size: 40)
        instance.run()
        #expect(scenario.check(instance, counters: instance.counters, size: 40).isEmpty)
        #expect(instance.counters.unsatisfiableDetections == 0)

        // A repetition's table, window and engine go away with it (no retain cycle through the
        // table's cell factory).
        weak var engine: LayoutEngine?
        do {
            let another = scenario.prepare(size: 10)
            another.run()
            engine = another.engines.first
            #expect(engine != nil)
        }
        #expect(engine == nil, "the repetition's window and engine leaked")

        // The engine cell carries the file's content: a label pinned to the content view's margins.
        let layout = try FixtureDocuments.load(LayoutFeatureTests.prototypeCell).layouts[1]
        let window = Window(width: 375, height: 100)
        let cell = try #require(layout.makeTableViewCell(reuseIdentifier: "x", tableWindow: window))
        #expect(cell.contentView.subviews.count == 1)
        let size = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 375, height: 44), "11 + 22 (the label's canvas height) + 11")
    }
}
