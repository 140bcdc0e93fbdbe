import Cassowary
import Foundation
import LayoutEngine
import LayoutScenarios
import Testing

@testable import LayoutBenchKit
@testable import LayoutImporter

/// A XIB's collection view cell gets a `self-sizing` scenario, as a table cell does: the engine
/// has no collection view, so the cell self-sizes in its table, one full-width item a row, as a
/// one-column flow layout with automatic item sizes measures its cells.
@Suite("Self-sizing collection cells")
struct CollectionCellSelfSizingTests {
    /// A collection cell 375 × 60 whose label is pinned to the cell's margins and its content
    /// view's top and bottom (a chat message cell's shape).
    static var collectionCell: Data {
        FixtureDocuments.xib(
            """
            <collectionViewCell opaque="NO" clipsSubviews="YES" contentMode="center" id="cell" customClass="MessageCell">
                <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                    <subviews>
                        <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="text">
                            <rect key="frame" x="8" y="10" width="359" height="40"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="40" id="h"/>
                            </constraints>
                        </label>
                    </subviews>
                </view>
                <constraints>
                    <constraint firstItem="text" firstAttribute="leading" secondItem="cell" secondAttribute="leadingMargin" id="c1"/>
                    <constraint firstAttribute="trailingMargin" secondItem="text" secondAttribute="trailing" id="c2"/>
                    <constraint firstItem="text" firstAttribute="top" secondItem="cell" secondAttribute="top" constant="10" id="c3"/>
                    <constraint firstAttribute="bottom" secondItem="text" secondAttribute="bottom" constant="10" id="c4"/>
                </constraints>
            </collectionViewCell>
            """)
    }

    @Test("a collection cell is a self-sizing cell, and its table measures every row")
    func collectionCellsSelfSize() throws {
        let document = try FixtureDocuments.load(Self.collectionCell)
        let layout = try #require(document.layouts.first)
        #expect(layout.kind == .cell && layout.isSelfSizingCell)
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")

        let folder = try ImportCommandTests.folder(["MessageCell.xib": Self.collectionCell])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try #require(try ImportedScenarios.make(paths: [folder.path]).first { $0.name.hasSuffix("/self-sizing") })
        let instance = scenario.prepare(size: 20)
        let before = instance.counters
        instance.run()
        let counters = instance.counters - before
        #expect(counters.solves > 0 && counters.constraintsAdded > 0)
        #expect(scenario.check(instance, counters: counters, size: 20).isEmpty)
        let table = try #require(instance.engines.first?.root?.subviews.first as? TableView)
        #expect(table.rowsMeasured == 20)
        // Each row is the cell's height: 10 + 40 + 10.
        #expect(table.contentHeight == 20 * 60)
    }
}
