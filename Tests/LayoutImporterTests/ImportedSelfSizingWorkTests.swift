import Cassowary
import Foundation
import LayoutEngine
import LayoutScenarios
import Testing

@testable import LayoutBenchKit
@testable import LayoutImporter

/// `self-sizing` scenarios made from a XIB's table cells measure the table's work at every
/// size: the first screenful (cells made, measured, placed) and the scroll. Before, the first
/// screenful was laid out outside the measurement, and a table whose rows all fit on one
/// screen (few rows, or a cell whose content measures 0 tall) measured nothing: 0 solves and
/// 0 constraints added at every size.
@Suite("Self-sizing cells from a XIB measure their work")
struct ImportedSelfSizingWorkTests {
    /// A XIB's top-level table cell, 44 points tall: a label pinned to the content view's
    /// edges and a 1-point separator pinned to the cell's safe area (as many apps' cells are).
    static var shortCell: Data {
        FixtureDocuments.xib(
            """
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell" customClass="ShortCell">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <label opaque="NO" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="title">
                            <rect key="frame" x="16" y="12" width="288" height="20"/>
                        </label>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="separator">
                            <rect key="frame" x="0.0" y="43" width="320" height="1"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="1" id="sh"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="title" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="16" id="t1"/>
                        <constraint firstAttribute="trailing" secondItem="title" secondAttribute="trailing" constant="16" id="t2"/>
                        <constraint firstItem="title" firstAttribute="top" secondItem="content" secondAttribute="top" constant="12" id="t3"/>
                        <constraint firstAttribute="bottom" secondItem="title" secondAttribute="bottom" constant="12" id="t4"/>
                    </constraints>
                </tableViewCellContentView>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="separator" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="s1"/>
                    <constraint firstItem="safe" firstAttribute="trailing" secondItem="separator" secondAttribute="trailing" id="s2"/>
                    <constraint firstItem="safe" firstAttribute="bottom" secondItem="separator" secondAttribute="bottom" id="s3"/>
                </constraints>
            </tableViewCell>
            """)
    }

    /// A cell whose content has no height of its own (an empty vertical stack between two
    /// margins): the engine measures it 0 tall, so every row fits on one screen.
    static var collapsingCell: Data {
        FixtureDocuments.xib(
            """
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell" customClass="EmptyStackCell">
                <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                            <rect key="frame" x="16" y="8" width="288" height="44"/>
                        </stackView>
                    </subviews>
                    <constraints>
                        <constraint firstItem="stack" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="16" id="k1"/>
                        <constraint firstAttribute="trailing" secondItem="stack" secondAttribute="trailing" constant="16" id="k2"/>
                        <constraint firstItem="stack" firstAttribute="top" secondItem="content" secondAttribute="top" constant="8" id="k3"/>
                        <constraint firstAttribute="bottom" secondItem="stack" secondAttribute="bottom" constant="8" id="k4"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
    }

    static func selfSizing(_ data: Data, file: String) throws -> (scenario: Scenario, folder: URL) {
        let folder = try ImportCommandTests.folder([file: data])
        let scenarios = try ImportedScenarios.make(paths: [folder.path])
        let scenario = try #require(scenarios.first { $0.name.hasSuffix("/self-sizing") })
        return (scenario, folder)
    }

    @Test("Every quick and default size of a short cell's table does solver work and adds constraints", arguments: [10, 20, 40, 80])
    func shortRowsMeasureTheirWork(size: Int) throws {
        let (scenario, folder) = try Self.selfSizing(Self.shortCell, file: "ShortCell.xib")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(scenario.quickSizes == [10, 20, 40] && scenario.sizes == [20, 40, 80])
        let instance = scenario.prepare(size: size)
        let snapshot = instance.layoutSnapshot()
        let before = instance.counters
        instance.run()
        let counters = instance.counters - before
        #expect(counters.solves > 0, "size \(size)")
        #expect(counters.constraintsAdded > 0, "size \(size): the cells made join the table's engine")
        #expect(scenario.check(instance, counters: counters, size: size).isEmpty)
        #expect(!instance.work(since: snapshot, counters: counters).isNothing)
        // The run grows with the rows: every row is measured inside it.
        let table = try #require(instance.engines.first?.root?.subviews.first as? TableView)
        #expect(table.rowsMeasured == size)
    }

    @Test("A cell that measures 0 tall still measures its rows' work, and the runner accepts it")
    func collapsingRowsMeasureTheirWork() throws {
        let (scenario, folder) = try Self.selfSizing(Self.collapsingCell, file: "EmptyStackCell.xib")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = RunConfiguration.standard
        configuration.quick = true
        configuration.minimumRepetitions = 1
        configuration.maximumRepetitions = 1
        configuration.warmup = 0
        configuration.countingRepetitions = 1
        configuration.countAllocations = false
        let outcome = try ScenarioRunner(configuration: configuration, allocationCounter: nil).run([scenario])
        let sizes = try #require(outcome.scenarios.first?.sizes)
        #expect(sizes.map(\.size) == [10, 20, 40])
        for size in sizes {
            #expect((size.counters["solves"] ?? 0) > 0, "size \(size.size)")
            #expect((size.counters["constraintsAdded"] ?? 0) > 0, "size \(size.size)")
        }
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
    }
}
