import Foundation
import LayoutEngine
import Testing

@testable import LayoutImporter

/// What Xcode's canvas does that its stored frames show (docs/importer.md, "Frame agreement"):
/// the constraint it breaks in a conflict, and how a proportional stack measures a plain view.
@Suite("Canvas fidelity")
struct CanvasFidelityTests {
    /// A 200 × 140 view (a row of fixed height): a title 20 tall at the top, a box 4 below it
    /// and 20 above the bottom, whose own `height == 100` asks 4 points more than the row has.
    /// Xcode stored the box 96 tall: the larger fixed size gives way, whichever view comes
    /// first in the document (`boxFirst`).
    static func conflict(boxFirst: Bool) -> Data {
        let box = fixedHeightView("box", frame: Rect(x: 0, y: 24, width: 200, height: 96), height: 100)
        let title = fixedHeightView("title", frame: Rect(x: 0, y: 0, width: 200, height: 20), height: 20)
        return FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                \(boxFirst ? box + title : title + box)
                </subviews>
                <constraints>
                    <constraint firstItem="title" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="title" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                    <constraint firstItem="title" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c4"/>
                    <constraint firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c5"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="title" secondAttribute="bottom" constant="4" id="c6"/>
                    <constraint firstAttribute="bottom" secondItem="box" secondAttribute="bottom" constant="20" id="c7"/>
                </constraints>
                """, width: 200, height: 140))
    }

    /// A plain view `id` that Xcode stored at `frame`, with its own constraint `height == constant`
    /// (named `id-h`).
    static func fixedHeightView(_ id: String, frame: Rect, height constant: Double) -> String {
        """
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            <rect key="frame" x="\(frame.origin.x)" y="\(frame.origin.y)" width="\(frame.size.width)" height="\(frame.size.height)"/>
            <constraints>
                <constraint firstAttribute="height" constant="\(constant)" id="\(id)-h"/>
            </constraints>
        </view>
        """
    }

    @Test(arguments: [true, false])
    func theCanvasBreaksTheLargestFixedSizeOfAConflict(boxFirst: Bool) throws {
        let document = try FixtureDocuments.load(Self.conflict(boxFirst: boxFirst))
        let layout = try #require(document.layouts.first)
        #expect(layout.window.engine.breakRule == .interfaceBuilderCanvas)
        #expect(layout.window.engine.brokenConstraintCount == 1)
        #expect(layout.viewsByID["box"]?.frame == Rect(x: 0, y: 24, width: 200, height: 96))
        #expect(layout.viewsByID["title"]?.frame == Rect(x: 0, y: 0, width: 200, height: 20))
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")

        // The runtime layout keeps UIKit's rule: a relation between two items gives way.
        let runtime = try FixtureDocuments.load(Self.conflict(boxFirst: boxFirst), options: ImportOptions(reproducesCanvas: false))
        let runtimeLayout = try #require(runtime.layouts.first)
        #expect(runtimeLayout.window.engine.breakRule == .uikit)
        #expect(runtimeLayout.viewsByID["box"]?.frame.height == 100)
    }

    /// A vertical `fillProportionally` stack of a label 20 tall and a plain view (no intrinsic
    /// size) whose design frame is 50 tall, 10 apart; nothing sets the stack's height.
    static var proportional: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillProportionally" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="80"/>
                        <subviews>
                            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                                <rect key="frame" x="0.0" y="0.0" width="200" height="20"/>
                            </label>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="plain">
                                <rect key="frame" x="0.0" y="30" width="200" height="50"/>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" id="p1"/>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="p2"/>
                    <constraint firstItem="st" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="p3"/>
                </constraints>
                """, width: 200, height: 300))
    }

    @Test func aProportionalStackMeasuresAPlainViewByItsDesignFrame() throws {
        let document = try FixtureDocuments.load(Self.proportional)
        let layout = try #require(document.layouts.first)
        #expect(layout.window.engine.brokenConstraintCount == 0)
        #expect(layout.viewsByID["plain"]?.frame == Rect(x: 0, y: 30, width: 200, height: 50))
        #expect(layout.viewsByID["st"]?.frame == Rect(x: 0, y: 0, width: 200, height: 80))
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")
    }

    /// The proportional stack above, with the plain view's own required `height == 76`: the
    /// design frames keep it at its 50-point share (Xcode's canvas holds the shares required
    /// and breaks the fixed size); at run time the shares give way (999 − index).
    static var proportionalOverSize: Data {
        let text = String(decoding: proportional, as: UTF8.self).replacingOccurrences(
            of: """
                <rect key="frame" x="0.0" y="30" width="200" height="50"/>
                """,
            with: """
                <rect key="frame" x="0.0" y="30" width="200" height="50"/>
                <constraints><constraint firstAttribute="height" constant="76" id="plain-h"/></constraints>
                """)
        return Data(text.utf8)
    }

    @Test func theCanvasHoldsProportionalSharesRequired() throws {
        #expect(String(decoding: Self.proportionalOverSize, as: UTF8.self).contains("plain-h"))
        let document = try FixtureDocuments.load(Self.proportionalOverSize)
        let layout = try #require(document.layouts.first)
        #expect(layout.viewsByID["plain"]?.frame == Rect(x: 0, y: 30, width: 200, height: 50))
        #expect(layout.viewsByID["st"]?.frame == Rect(x: 0, y: 0, width: 200, height: 80))
        #expect(layout.window.engine.brokenConstraintCount == 1)

        let runtime = try FixtureDocuments.load(Self.proportionalOverSize, options: ImportOptions(reproducesCanvas: false))
        let runtimeLayout = try #require(runtime.layouts.first)
        #expect(runtimeLayout.viewsByID["plain"]?.frame.height == 76)
        #expect(runtimeLayout.window.engine.brokenConstraintCount == 0)
    }
}
