import Foundation
import LayoutEngine
import Testing

@testable import LayoutImporter

/// What Xcode's canvas simulates around a layout, by the Xcode version that saved the document
/// (``XcodeCanvas``), and the canvas behaviours of stacks, sliders, baselines and tvOS
/// (docs/importer.md, "What Xcode's canvas does that the run time does not").
@Suite("Xcode's canvas by version")
struct XcodeCanvasTests {
    /// `document` saved by the Xcode of `toolsVersion` instead of the fixtures' 22155.
    static func saved(by toolsVersion: String, _ document: Data) -> Data {
        Data(
            String(decoding: document, as: UTF8.self)
                .replacingOccurrences(of: #"toolsVersion="22155""#, with: #"toolsVersion="\#(toolsVersion)""#).utf8)
    }

    /// A XIB whose top-level view, at the screen's size of `device`, pins a bar to its safe
    /// area's top and bottom.
    static func fullScreenXIB(device: String, width: Double, height: Double) -> Data {
        FixtureDocuments.xib(
            device: device,
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="bar" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c1"/>
                    <constraint firstItem="safe" firstAttribute="bottom" secondItem="bar" secondAttribute="bottom" id="c2"/>
                    <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                    <constraint firstItem="bar" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c4"/>
                </constraints>
                """, width: width, height: height))
    }

    @Test(
        "the status bar and home indicator over a full-screen XIB view follow the saving Xcode",
        arguments: [
            // (tools version, device, width, height, top, bottom)
            ("14490", "retina4_7", 375.0, 667.0, 20.0, 0.0),  // Xcode 10: a status bar on an iPhone 8
            ("17701", "retina4_7", 375, 667, 0, 0),  // Xcode 12: none
            ("19455", "retina6_1", 414, 896, 44, 34),  // Xcode 13: 44 on every notched iPhone
            ("21507", "retina6_1", 414, 896, 48, 34),  // Xcode 14: the iPhone 11's own 48
            ("21507", "retina6_0", 390, 844, 47, 34),  // ... and the iPhone 12's 47
            ("24506", "retina6_12", 393, 852, 118, 68),  // Xcode 26: both insets doubled
        ])
    func statusBarByXcode(_ toolsVersion: String, device: String, width: Double, height: Double, top: Double, bottom: Double) throws {
        let data = Self.saved(by: toolsVersion, Self.fullScreenXIB(device: device, width: width, height: height))
        let layout = try #require(try FixtureDocuments.load(data).layouts.first)
        let bar = try #require(layout.viewsByID["bar"])
        #expect(bar.frame == Rect(x: 0, y: top, width: width, height: height - top - bottom))
    }

    @Test("a XIB view smaller than the screen gets no bars, and the run time uses the device's own")
    func noBarsOffScreenSizeAndRuntimeBars() throws {
        let small = try #require(try FixtureDocuments.load(Self.fullScreenXIB(device: "retina6_1", width: 300, height: 500)).layouts.first)
        #expect(small.viewsByID["bar"]?.frame == Rect(x: 0, y: 0, width: 300, height: 500))
        let data = Self.saved(by: "24506", Self.fullScreenXIB(device: "retina6_1", width: 414, height: 896))
        let runtime = try #require(try FixtureDocuments.load(data, options: ImportOptions(reproducesCanvas: false)).layouts.first)
        #expect(runtime.viewsByID["bar"]?.frame == Rect(x: 0, y: 44, width: 414, height: 896 - 44 - 34))
    }

    /// A table cell `width` wide whose label is pinned to its content view's leading and top margins.
    static func cell(width: Double, device: String) -> Data {
        FixtureDocuments.xib(
            device: device,
            """
            <tableViewCell contentMode="scaleToFill" id="cell">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="44"/>
                <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" tableViewCell="cell" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="44"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="dot">
                            <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="10" id="w"/>
                                <constraint firstAttribute="height" constant="10" id="h"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="dot" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="l"/>
                        <constraint firstItem="dot" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="t"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
    }

    @Test(
        "a table cell's content view margins follow the saving Xcode",
        arguments: [
            // (tools version, device, cell width, leading, top)
            ("11762", "retina4_7", 320.0, 8.0, 8.0),  // Xcode 8: 8 all round
            ("14490", "retina4_7", 600, 20, 11),  // Xcode 10: a XIB cell's own width (600: a root's 20)
            ("14490", "retina4_7", 375, 16, 11),
            ("15505", "retina4_7", 320, 15, 11),  // Xcode 11: 15
            ("17701", "retina4_7", 600, 16, 11),  // Xcode 12: 16 on a 375-point iPhone whatever the width
            ("19455", "retina6_1", 331, 20, 11),  // ... 20 on a 414-point iPhone
            ("19455", "retina6_1", 320, 16, 11),  // ... except a new cell's 320
        ])
    func cellMarginsByXcode(_ toolsVersion: String, device: String, width: Double, leading: Double, top: Double) throws {
        let layout = try #require(try FixtureDocuments.load(Self.saved(by: toolsVersion, Self.cell(width: width, device: device))).layouts.first)
        let dot = try #require(layout.viewsByID["dot"])
        #expect(dot.frame.origin == Point(x: leading, y: top))
    }

    /// A centre-aligned vertical stack whose plain view has no width of its own, stored 240 wide.
    static var centredPlainView: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="32"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="plain">
                                <rect key="frame" x="67.5" y="0.0" width="240" height="32"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="32" id="h"/>
                                </constraints>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                    <constraint firstItem="st" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>
                </constraints>
                """, width: 375, height: 300))
    }

    @Test("the canvas keeps a free view's stored size; UIKit's stack suppresses it to zero")
    func freeViewKeepsItsStoredSize() throws {
        let document = try FixtureDocuments.load(Self.centredPlainView)
        let layout = try #require(document.layouts.first)
        #expect(layout.viewsByID["plain"]?.frame == Rect(x: 67.5, y: 0, width: 240, height: 32))
        #expect(layout.ambiguousViews == 1, "the import still reports the ambiguity the holds resolve")
        let runtime = try #require(try FixtureDocuments.load(Self.centredPlainView, options: ImportOptions(reproducesCanvas: false)).layouts.first)
        #expect(runtime.viewsByID["plain"]?.frame.width == 0)
    }

    @Test("a stack with margins of its own arranges inside them")
    func stackArrangesInsideItsOwnMargins() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="52"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner">
                                <rect key="frame" x="0.0" y="16" width="375" height="20"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="20" id="h"/>
                                </constraints>
                            </view>
                        </subviews>
                        <directionalEdgeInsets key="directionalLayoutMargins" top="16" leading="0.0" bottom="16" trailing="0.0"/>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                    <constraint firstItem="st" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>
                </constraints>
                """, width: 375, height: 300))
        let layout = try #require(try FixtureDocuments.load(data).layouts.first)
        #expect(layout.viewsByID["st"]?.frame.height == 52)
        #expect(layout.viewsByID["inner"]?.frame == Rect(x: 0, y: 16, width: 375, height: 20))
    }

    @Test("a slider's frame outsets the alignment rectangle its constraints place")
    func sliderFrameOutsetsItsAlignmentRectangle() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <slider opaque="NO" contentMode="scaleToFill" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="sl">
                        <rect key="frame" x="18" y="20" width="339" height="31"/>
                    </slider>
                </subviews>
                <constraints>
                    <constraint firstItem="sl" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="c1"/>
                    <constraint firstItem="sl" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c2"/>
                    <constraint firstAttribute="trailing" secondItem="sl" secondAttribute="trailing" constant="20" id="c3"/>
                </constraints>
                """, width: 375, height: 300))
        let layout = try #require(try FixtureDocuments.load(data).layouts.first)
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")
    }

    @Test("baseline is the last baseline: a view below a four-line label follows its last line")
    func baselineIsTheLastBaseline() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <label opaque="NO" text="One two three four five six seven eight nine ten eleven twelve" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="long">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="72"/>
                        <fontDescription key="fontDescription" type="system" pointSize="15"/>
                    </label>
                    <label opaque="NO" text="Below" translatesAutoresizingMaskIntoConstraints="NO" id="below">
                        <rect key="frame" x="0.0" y="90.25" width="40" height="18"/>
                        <fontDescription key="fontDescription" type="system" pointSize="15"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="long" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
                    <constraint firstItem="long" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
                    <constraint firstItem="below" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                    <constraint firstItem="below" firstAttribute="firstBaseline" secondItem="long" secondAttribute="baseline" constant="36.25" id="c4"/>
                </constraints>
                """, width: 375, height: 300))
        let layout = try #require(try FixtureDocuments.load(data).layouts.first)
        // The long label's last baseline is 3.75 points above its bottom (72 - 3.75 = 68.25; its
        // first would be at 14.25); the lower label's first baseline is 14.25 below its top.
        let below = try #require(layout.viewsByID["below"])
        #expect(below.frame.minY == 68.25 + 36.25 - 14.25)
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")
    }

    @Test("a tvOS document is laid out on the Apple TV, inside tvOS's safe area")
    func tvOSDocumentsUseTheAppleTVCanvas() throws {
        let document = Data(
            String(decoding: Self.fullScreenXIB(device: "appleTV", width: 1920, height: 1080), as: UTF8.self)
                .replacingOccurrences(of: #"targetRuntime="iOS.CocoaTouch""#, with: #"targetRuntime="AppleTV""#).utf8)
        let imported = try FixtureDocuments.load(document)
        #expect(imported.device.isTV)
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let layout = try #require(imported.layouts.first)
        #expect(layout.root.safeAreaInsets == DeviceProfile.tvSafeArea)
        #expect(layout.viewsByID["bar"]?.frame == Rect(x: 0, y: 60, width: 1920, height: 960))
    }
}
