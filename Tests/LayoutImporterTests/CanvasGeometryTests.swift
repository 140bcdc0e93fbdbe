import Foundation
import LayoutEngine
import Testing

@testable import LayoutImporter

/// UIKit and canvas behaviours that the stored frames of apps the model was not fitted on show
/// (docs/importer.md): subviews' safe areas, page sheets, first-baseline stacks, sizes that never
/// go negative, views uninstalled for a size class, and free views held against a stack's fitting.
@Suite("Canvas geometry")
struct CanvasGeometryTests {
    /// A full-screen iPhone 11 XIB view (Xcode 14: 48 and 34 insets) with a bar pinned to the
    /// root's bottom edge, not the safe area, whose 50-point stack sits 20 below the bar's top
    /// and 12 above its bottom margin.
    static var bottomBar: Data {
        FixtureDocuments.xib(
            device: "retina6_1",
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
                        <rect key="frame" x="0.0" y="772" width="414" height="124"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="content">
                                <rect key="frame" x="20" y="20" width="374" height="50"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="50" id="h"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="content" firstAttribute="top" secondItem="bar" secondAttribute="top" constant="20" id="b1"/>
                            <constraint firstItem="content" firstAttribute="leading" secondItem="bar" secondAttribute="leading" constant="20" id="b2"/>
                            <constraint firstAttribute="trailing" secondItem="content" secondAttribute="trailing" constant="20" id="b3"/>
                            <constraint firstAttribute="bottomMargin" secondItem="content" secondAttribute="bottom" constant="12" id="b4"/>
                        </constraints>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="bar" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="safe" firstAttribute="trailing" secondItem="bar" secondAttribute="trailing" id="c2"/>
                    <constraint firstAttribute="bottom" secondItem="bar" secondAttribute="bottom" id="c3"/>
                </constraints>
                """, width: 414, height: 896))
    }

    @Test("a bar on a notched root's bottom edge takes the home indicator into its margins")
    func bottomBarMargins() throws {
        let document = try FixtureDocuments.load(Self.bottomBar)
        let layout = try #require(document.layouts.first)
        // 20 + 50 + 12 + the bar's 8-point margin + the 34 points of home indicator it covers.
        #expect(layout.viewsByID["bar"]?.frame == Rect(x: 0, y: 772, width: 414, height: 124))
        #expect(layout.viewsByID["bar"]?.safeAreaInsets == EdgeInsets(top: 0, leading: 0, bottom: 34, trailing: 0))
        #expect(document.warnings.isEmpty)
    }

    /// A page-sheet scene on an iPhone 11 (the screen less the sheet's top offset, 842 tall)
    /// with a table 16 above its safe area's bottom and 72 below its top.
    static var pageSheet: Data {
        FixtureDocuments.storyboard(
            device: "retina6_1",
            """
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc" sceneMemberID="viewController">
                        \(FixtureDocuments.rootView(
                            """
                            <subviews>
                                <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" translatesAutoresizingMaskIntoConstraints="NO" id="table">
                                    <rect key="frame" x="0.0" y="72" width="414" height="720"/>
                                </tableView>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="safe"/>
                            <constraints>
                                <constraint firstItem="table" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="72" id="c1"/>
                                <constraint firstItem="table" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="c2"/>
                                <constraint firstItem="safe" firstAttribute="trailing" secondItem="table" secondAttribute="trailing" id="c3"/>
                                <constraint firstItem="safe" firstAttribute="bottom" secondItem="table" secondAttribute="bottom" constant="16" id="c4"/>
                            </constraints>
                            """, id: "root", key: "view", width: 414, height: 842))
                        <modalPageSheetSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                    </viewController>
                </objects>
            </scene>
            """)
    }

    @Test("an iPhone page sheet keeps the home indicator under no status bar")
    func pageSheetInsets() throws {
        let layout = try #require(try FixtureDocuments.load(Self.pageSheet, name: "sheet.storyboard").layouts.first)
        #expect(layout.viewsByID["table"]?.frame == Rect(x: 0, y: 72, width: 414, height: 842 - 72 - 16 - 34))
    }

    /// A horizontal first-baseline stack of a 17-point label and a 30-point system button
    /// (17-point title), as Xcode stores it: the stack's top at the label's, the button
    /// 4.5 points above it.
    static var firstBaselineStack: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" alignment="firstBaseline" spacing="6" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="20" y="100" width="93.5" height="25.5"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                                <rect key="frame" x="0.0" y="0.0" width="41.5" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="button">
                                <rect key="frame" x="47.5" y="-4.5" width="46" height="30"/>
                                <state key="normal" title="Button"/>
                            </button>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c1"/>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
                </constraints>
                """))
    }

    @Test("a first-baseline stack lines up baselines, its top at its first view's")
    func firstBaseline() throws {
        let document = try FixtureDocuments.load(Self.firstBaselineStack)
        let layout = try #require(document.layouts.first)
        let agreement = FrameAgreement(layout)
        #expect(agreement.agreeing == agreement.compared, "\(agreement.mismatches.map(\.description))")
        #expect(document.warnings.isEmpty)
    }

    /// A 280-wide wrapper, 32 above and 16 below its vertical stack, that a priority-250 height
    /// asks to be 100 tall: the stack holds a 50-point view and a spacer with no size of its own.
    static var squeezedSpacer: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="wrapper">
                        <rect key="frame" x="0.0" y="0.0" width="280" height="98"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                                <rect key="frame" x="0.0" y="32" width="280" height="50"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fixed">
                                        <rect key="frame" x="0.0" y="0.0" width="280" height="50"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="50" id="h"/>
                                        </constraints>
                                    </view>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="spacer">
                                        <rect key="frame" x="0.0" y="50" width="280" height="0.0"/>
                                    </view>
                                </subviews>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="st" firstAttribute="top" secondItem="wrapper" secondAttribute="top" constant="32" id="w1"/>
                            <constraint firstAttribute="bottom" secondItem="st" secondAttribute="bottom" constant="16" id="w2"/>
                            <constraint firstItem="st" firstAttribute="leading" secondItem="wrapper" secondAttribute="leading" id="w3"/>
                            <constraint firstAttribute="trailing" secondItem="st" secondAttribute="trailing" id="w4"/>
                            <constraint firstAttribute="width" constant="280" id="w5"/>
                            <constraint firstAttribute="height" priority="250" constant="60" id="w6"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="wrapper" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="wrapper" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                </constraints>
                """))
    }

    @Test("the canvas never gives a view a negative size; the run time may")
    func nonNegativeSizes() throws {
        let canvas = try #require(try FixtureDocuments.load(Self.squeezedSpacer).layouts.first)
        #expect(canvas.viewsByID["spacer"]?.frame.height == 0)
        #expect(canvas.viewsByID["wrapper"]?.frame.height == 98)
        #expect(canvas.window.engine.issueCounts[.unsatisfiable] == nil)
        let runtime = try #require(try FixtureDocuments.load(Self.squeezedSpacer, options: ImportOptions(reproducesCanvas: false)).layouts.first)
        #expect(runtime.viewsByID["wrapper"]?.frame.height == 60)
        #expect(runtime.viewsByID["spacer"]?.frame.height == -38)
    }

    /// A view that the default variation uninstalls (with a subview and a constraint on it), and
    /// a view that stays.
    static var uninstalledView: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="gone">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner">
                                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                            </view>
                        </subviews>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="kept">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="40"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="gone" firstAttribute="top" secondItem="root" secondAttribute="top" id="g1"/>
                    <constraint firstItem="kept" firstAttribute="top" secondItem="gone" secondAttribute="bottom" id="g2"/>
                    <constraint firstItem="kept" firstAttribute="top" secondItem="root" secondAttribute="top" id="k1"/>
                    <constraint firstItem="kept" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="kept" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="k3"/>
                    <constraint firstItem="kept" firstAttribute="height" constant="40" id="k4"/>
                </constraints>
                <variation key="default">
                    <mask key="subviews">
                        <exclude reference="gone"/>
                    </mask>
                </variation>
                """))
    }

    @Test("a view a variation uninstalls is not built, compared or constrained")
    func uninstalledForSizeClass() throws {
        let document = try FixtureDocuments.load(Self.uninstalledView)
        let layout = try #require(document.layouts.first)
        #expect(layout.viewsByID["gone"] == nil && layout.viewsByID["inner"] == nil)
        #expect(layout.uninstalledViews == 2)
        #expect(document.excludedForSizeClass == 2)
        #expect(document.skippedConstraints == 0)
        #expect(document.warnings.isEmpty)
        let agreement = FrameAgreement(layout)
        #expect(agreement.compared == 1 && agreement.agreeing == 1)
    }

    /// A top-aligned horizontal stack of a 24-point square and a spacer with no height of its
    /// own, stored 60 tall, and the stack stored 60 tall with it.
    static var freeSpacer: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" alignment="top" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="114" height="60"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="square">
                                <rect key="frame" x="0.0" y="0.0" width="24" height="24"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="24" id="s1"/>
                                    <constraint firstAttribute="height" constant="24" id="s2"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="spacer">
                                <rect key="frame" x="24" y="0.0" width="90" height="60"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="90" id="s3"/>
                                </constraints>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                </constraints>
                """))
    }

    @Test("a free view keeps its stored size against its stack's fitting")
    func freeViewHeld() throws {
        let layout = try #require(try FixtureDocuments.load(Self.freeSpacer).layouts.first)
        #expect(layout.ambiguousViews > 0)
        #expect(layout.viewsByID["spacer"]?.frame.height == 60)
        #expect(layout.viewsByID["st"]?.frame.height == 60)
    }
}
