import Foundation
import LayoutEngine
import Testing

@testable import LayoutImporter

@Suite("Importing layout features")
struct LayoutFeatureTests {
    // MARK: Size classes

    static var variations: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="40" id="h1">
                                <variation key="heightClass=compact" constant="20"/>
                            </constraint>
                            <constraint firstAttribute="width" constant="100" id="w1"/>
                            <constraint firstAttribute="width" constant="300" id="w2"/>
                        </constraints>
                        <variation key="default">
                            <mask key="constraints"><exclude reference="w2"/></mask>
                        </variation>
                        <variation key="heightClass=regular-widthClass=regular">
                            <mask key="constraints"><include reference="w2"/><exclude reference="w1"/></mask>
                        </variation>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="p1"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="p2"/>
                </constraints>
                """))
    }

    @Test func theDocumentsDeviceChoosesTheVariations() throws {
        let phone = try FixtureDocuments.load(Self.variations)
        #expect(phone.traits == TraitCollection(horizontal: .compact, vertical: .regular))
        #expect(phone.constraintElements == 5 && phone.excludedForSizeClass == 1 && phone.importedConstraints == 4)
        #expect(phone.layouts[0].viewsByID["v"]?.frame.size == Size(width: 100, height: 40))

        let pad = try FixtureDocuments.load(Self.variations, options: ImportOptions(deviceID: "ipad9_7"))
        #expect(pad.traits == TraitCollection(horizontal: .regular, vertical: .regular))
        #expect(pad.excludedForSizeClass == 1 && pad.importedConstraints == 4)
        #expect(pad.layouts[0].viewsByID["v"]?.frame.size == Size(width: 300, height: 40))

        let landscape = try FixtureDocuments.load(Self.variations, options: ImportOptions(landscape: true))
        #expect(landscape.traits.vertical == .compact)
        #expect(landscape.layouts[0].viewsByID["v"]?.frame.size == Size(width: 100, height: 20), "the constant's variation re-values it")
    }

    @Test func variationKeysMatchTraits() {
        let phone = TraitCollection(horizontal: .compact, vertical: .regular)
        #expect(phone.matches(variationKey: "default") == true)
        #expect(phone.matches(variationKey: "widthClass=compact") == true)
        #expect(phone.matches(variationKey: "heightClass=compact") == false)
        #expect(phone.matches(variationKey: "heightClass=regular-widthClass=compact") == true)
        #expect(phone.matches(variationKey: "heightClass=regular-widthClass=regular") == false)
        #expect(phone.matches(variationKey: "idiom=watch") == nil)
    }

    // MARK: Margins, safe area, layout guides

    static var scenes: Data {
        FixtureDocuments.storyboard(
            [
                FixtureDocuments.scene(
                    "s1", controller: "vc1", customClass: "FirstViewController", rootID: "r1",
                    """
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                            <rect key="frame" x="16" y="0.0" width="343" height="10"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="10" id="a1"/>
                            </constraints>
                        </view>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="m">
                            <rect key="frame" x="0.0" y="20" width="375" height="100"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner">
                                    <rect key="frame" x="10" y="5" width="335" height="90"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstAttribute="height" constant="100" id="m0"/>
                                <constraint firstItem="inner" firstAttribute="leading" secondItem="m" secondAttribute="leadingMargin" id="m1"/>
                                <constraint firstItem="inner" firstAttribute="top" secondItem="m" secondAttribute="topMargin" id="m2"/>
                                <constraint firstAttribute="trailingMargin" secondItem="inner" secondAttribute="trailing" id="m3"/>
                                <constraint firstAttribute="bottomMargin" secondItem="inner" secondAttribute="bottom" id="m4"/>
                            </constraints>
                            <edgeInsets key="layoutMargins" top="5" left="10" bottom="5" right="30"/>
                        </view>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="sa1"/>
                    <constraints>
                        <constraint firstItem="a" firstAttribute="leading" secondItem="r1" secondAttribute="leadingMargin" id="r11"/>
                        <constraint firstAttribute="trailingMargin" secondItem="a" secondAttribute="trailing" id="r12"/>
                        <constraint firstItem="a" firstAttribute="top" secondItem="sa1" secondAttribute="top" id="r13"/>
                        <constraint firstItem="m" firstAttribute="leading" secondItem="r1" secondAttribute="leading" id="r14"/>
                        <constraint firstAttribute="trailing" secondItem="m" secondAttribute="trailing" id="r15"/>
                        <constraint firstItem="m" firstAttribute="top" secondItem="a" secondAttribute="bottom" constant="10" id="r16"/>
                    </constraints>
                    """),
                """
                <scene sceneID="s2">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections>
                                <segue destination="vc2" kind="relationship" relationship="rootViewController" id="seg1"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                """,
                FixtureDocuments.scene(
                    "s3", controller: "vc2", rootID: "r2",
                    connections: #"<connections><segue destination="vc3" kind="show" id="seg2"/></connections>"#,
                    """
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                            <rect key="frame" x="0.0" y="44" width="375" height="10"/>
                        </view>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="sa2"/>
                    <constraints>
                        <constraint firstItem="b" firstAttribute="top" secondItem="sa2" secondAttribute="top" id="b1"/>
                        <constraint firstItem="b" firstAttribute="leading" secondItem="sa2" secondAttribute="leading" id="b2"/>
                        <constraint firstItem="sa2" firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="b3"/>
                        <constraint firstItem="b" firstAttribute="height" constant="10" id="b4"/>
                        <constraint firstItem="sa2" firstAttribute="bottom" secondItem="b" secondAttribute="bottom" relation="greaterThanOrEqual" id="b5"/>
                    </constraints>
                    """),
                FixtureDocuments.scene(
                    "s4", controller: "vc3", rootID: "r3",
                    layoutGuides: """
                        <layoutGuides>
                            <viewControllerLayoutGuide type="top" id="tg"/>
                            <viewControllerLayoutGuide type="bottom" id="bg"/>
                        </layoutGuides>
                        """,
                    """
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                            <rect key="frame" x="0.0" y="44" width="375" height="623"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="c" firstAttribute="top" secondItem="tg" secondAttribute="bottom" id="c1"/>
                        <constraint firstItem="bg" firstAttribute="top" secondItem="c" secondAttribute="bottom" id="c2"/>
                        <constraint firstItem="c" firstAttribute="leading" secondItem="r3" secondAttribute="leading" id="c3"/>
                        <constraint firstItem="c" firstAttribute="trailing" secondItem="r3" secondAttribute="trailing" id="c4"/>
                    </constraints>
                    """),
            ].joined(separator: "\n"))
    }

    @Test func marginsSafeAreasAndLayoutGuides() throws {
        let document = try FixtureDocuments.load(Self.scenes, name: "Main.storyboard")
        #expect(document.kind == .storyboard)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        #expect(document.layouts.map(\.kind) == [.scene, .scene, .scene])
        #expect(document.layouts.map(\.name) == ["FirstViewController-vc1", "viewController-vc2", "viewController-vc3"])
        let first = document.layouts[0]
        // The root's side margins (16 on a 375-point iPhone) from the safe area; Xcode's canvas
        // shows no status bar on a home-button iPhone, so the safe area starts at the top.
        #expect(first.viewsByID["a"]?.frame == Rect(x: 16, y: 0, width: 343, height: 10))
        // Explicit margins (left 10, top 5, right 30, bottom 5), the implicit first item a margin.
        #expect(first.viewsByID["inner"]?.frame == Rect(x: 10, y: 5, width: 335, height: 90))
        #expect(FrameAgreement(first).agreeing == 3)
        // In a navigation controller: below the navigation bar.
        #expect(document.layouts[1].viewsByID["b"]?.frame == Rect(x: 0, y: 44, width: 375, height: 10))
        // Pushed from it: the legacy top layout guide is 44 long, the bottom one 0.
        #expect(document.layouts[2].viewsByID["c"]?.frame == Rect(x: 0, y: 44, width: 375, height: 623))
        // On an iPhone with a home indicator the status bar counts, and the indicator at the bottom.
        let notched = try FixtureDocuments.load(Self.scenes, options: ImportOptions(deviceID: "retina5_9"))
        #expect(notched.layouts[0].size == Size(width: 375, height: 812))
        #expect(notched.layouts[0].viewsByID["a"]?.frame == Rect(x: 16, y: 44, width: 343, height: 10))
        #expect(notched.layouts[2].viewsByID["c"]?.frame == Rect(x: 0, y: 88, width: 375, height: 812 - 88 - 34))
        #expect(document.layouts.allSatisfy { FrameAgreement($0).ratio == 1 })
    }

    // MARK: Stacks and intrinsic sizes

    static var stacks: Data {
        FixtureDocuments.xib(
            resources: #"<image name="dot" width="20" height="20"/>"#,
            FixtureDocuments.rootView(
                """
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="108"/>
                        <subviews>
                            <imageView contentMode="scaleToFill" image="dot" translatesAutoresizingMaskIntoConstraints="NO" id="img">
                                <rect key="frame" x="0.0" y="0.0" width="200" height="20"/>
                            </imageView>
                            <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="hid">
                                <rect key="frame" x="0.0" y="25" width="200" height="0.0"/>
                            </view>
                            <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" spacing="5" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                                <rect key="frame" x="0.0" y="30" width="200" height="31"/>
                                <subviews>
                                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                                        <rect key="frame" x="0.0" y="0.0" width="99.5" height="31"/>
                                    </switch>
                                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s2">
                                        <rect key="frame" x="102.5" y="0.0" width="99.5" height="31"/>
                                    </switch>
                                </subviews>
                            </stackView>
                            <activityIndicatorView opaque="NO" contentMode="scaleToFill" style="large" translatesAutoresizingMaskIntoConstraints="NO" id="spin">
                                <rect key="frame" x="0.0" y="71" width="200" height="37"/>
                            </activityIndicatorView>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="k1"/>
                    <constraint firstItem="st" firstAttribute="top" secondItem="root" secondAttribute="top" id="k2"/>
                    <constraint firstItem="st" firstAttribute="width" constant="200" id="k3"/>
                </constraints>
                """))
    }

    @Test func nestedStacksWithHiddenViewsAndIntrinsicSizes() throws {
        let document = try FixtureDocuments.load(Self.stacks)
        let layout = try #require(document.layouts.first)
        #expect(layout.stackViewCount == 2)
        let stack = try #require(layout.viewsByID["st"] as? StackView)
        #expect(stack.axis == .vertical && stack.spacing == 10 && stack.arrangedSubviews.count == 4)
        let row = try #require(layout.viewsByID["row"] as? StackView)
        #expect(row.axis == .horizontal && row.distribution == .fillEqually && row.spacing == 5)
        #expect(layout.viewsByID["hid"]?.isHidden == true)
        #expect(layout.viewsByID["img"]?.intrinsicContentSize == Size(width: 20, height: 20))
        #expect(layout.viewsByID["spin"]?.intrinsicContentSize == Size(width: 37, height: 37))
        #expect(stack.frame == Rect(x: 0, y: 0, width: 200, height: 108))
        #expect(layout.viewsByID["row"]?.frame == Rect(x: 0, y: 30, width: 200, height: 31))
        // The engine lays out a switch's alignment rectangle; its frame is 2 points wider.
        #expect(layout.viewsByID["s2"]?.frame == Rect(x: 102.5, y: 0, width: 97.5, height: 31))
        #expect(layout.viewsByID["s2"]?.frameIncludingAlignmentInsets == Rect(x: 102.5, y: 0, width: 99.5, height: 31))
        #expect(layout.viewsByID["spin"]?.frame == Rect(x: 0, y: 71, width: 200, height: 37))
        // Collapsed mid-gap, half the spacing after the view before it (UIKit's
        // `UISV-spacing-hidden`; Xcode stores such a frame too: Rocket.Chat's UserDetail.storyboard
        // has a hidden button at x 99 between buttons ending at 90 and starting at 108, spacing 18).
        #expect(layout.viewsByID["hid"]?.frame == Rect(x: 0, y: 25, width: 200, height: 0))
        #expect(FrameAgreement(layout).ratio == 1, "\(FrameAgreement(layout).mismatches)")
        #expect(layout.window.engine.issueCounts[.unsatisfiable] == nil)
    }

    @Test func textSizingFromTheCanvasOrTheFontModel() throws {
        let label = """
            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                <rect key="frame" x="0.0" y="0.0" width="41" height="20.5"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
            </label>
            """
        let data = FixtureDocuments.xib(FixtureDocuments.rootView("<subviews>\(label)</subviews>"))
        let canvas = try FixtureDocuments.load(data)
        #expect(canvas.layouts[0].viewsByID["l"]?.intrinsicContentSize == Size(width: 41, height: 20.5))
        let model = try FixtureDocuments.load(data, options: ImportOptions(textSizing: .fontModel))
        // 5 characters × 0.55 em × 17 = 46.75 → 47; a line 1.2 em → 21.
        #expect(model.layouts[0].viewsByID["l"]?.intrinsicContentSize == Size(width: 47, height: 21))
    }

    // MARK: Scroll views, autoresizing, cells, baselines

    @Test func edgesOfAScrollViewMeanItsContent() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <scrollView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sv">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cv">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="1000"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="1000" id="s1"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="cv" firstAttribute="leading" secondItem="sv" secondAttribute="leading" id="s2"/>
                            <constraint firstItem="cv" firstAttribute="top" secondItem="sv" secondAttribute="top" id="s3"/>
                            <constraint firstAttribute="trailing" secondItem="cv" secondAttribute="trailing" id="s4"/>
                            <constraint firstAttribute="bottom" secondItem="cv" secondAttribute="bottom" id="s5"/>
                            <constraint firstItem="cv" firstAttribute="width" secondItem="sv" secondAttribute="width" id="s6"/>
                        </constraints>
                    </scrollView>
                </subviews>
                <constraints>
                    <constraint firstItem="sv" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="s7"/>
                    <constraint firstItem="sv" firstAttribute="top" secondItem="root" secondAttribute="top" id="s8"/>
                    <constraint firstAttribute="trailing" secondItem="sv" secondAttribute="trailing" id="s9"/>
                    <constraint firstAttribute="bottom" secondItem="sv" secondAttribute="bottom" id="s10"/>
                </constraints>
                """, width: 320, height: 480))
        let layout = try FixtureDocuments.load(data).layouts[0]
        let scroll = try #require(layout.viewsByID["sv"] as? ScrollView)
        #expect(scroll.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(layout.viewsByID["cv"]?.frame == Rect(x: 0, y: 0, width: 320, height: 1000))
        #expect(scroll.contentLayoutGuide.layoutFrame.size == Size(width: 320, height: 1000))
        #expect(layout.window.engine.issueCounts[.unsatisfiable] == nil)
    }

    @Test func autoresizingMasksFollowTheDeviceLaidOutFor() throws {
        let data = FixtureDocuments.storyboard(
            FixtureDocuments.scene(
                controller: "vc", rootID: "r",
                """
                <subviews>
                    <view contentMode="scaleToFill" id="wide">
                        <rect key="frame" x="10" y="10" width="100" height="50"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                    </view>
                    <view contentMode="scaleToFill" id="fixed">
                        <rect key="frame" x="10" y="100" width="100" height="50"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    </view>
                </subviews>
                """))
        let phone = try FixtureDocuments.load(data).layouts[0]
        #expect(phone.viewsByID["wide"]?.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(FrameAgreement(phone).ratio == 1)
        let pad = try FixtureDocuments.load(data, options: ImportOptions(deviceID: "ipad9_7")).layouts[0]
        #expect(pad.size == Size(width: 768, height: 1024))
        #expect(pad.viewsByID["wide"]?.frame == Rect(x: 10, y: 10, width: 493, height: 50))
        #expect(pad.viewsByID["fixed"]?.frame == Rect(x: 10, y: 100, width: 100, height: 50))
    }

    static var prototypeCell: Data {
        FixtureDocuments.storyboard(
            """
            <scene sceneID="s1">
                <objects>
                    <tableViewController id="tvc" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="44" id="tv">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="NameCell" rowHeight="44" id="cell">
                                    <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell" id="content">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <label opaque="NO" text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="name">
                                                <rect key="frame" x="16" y="11" width="343" height="22"/>
                                            </label>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="name" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="n1"/>
                                            <constraint firstAttribute="trailingMargin" secondItem="name" secondAttribute="trailing" id="n2"/>
                                            <constraint firstItem="name" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="n3"/>
                                            <constraint firstAttribute="bottomMargin" secondItem="name" secondAttribute="bottom" id="n4"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                </objects>
            </scene>
            """)
    }

    @Test func prototypeCellsAreLayoutsOfTheirOwn() throws {
        let data = Self.prototypeCell
        let document = try FixtureDocuments.load(data)
        #expect(document.layouts.map(\.kind) == [.scene, .cell])
        let cell = document.layouts[1]
        #expect(cell.name == "NameCell-cell")
        #expect(cell.size == Size(width: 375, height: 44))
        #expect(cell.viewsByID["name"]?.frame == Rect(x: 16, y: 11, width: 343, height: 22))
        #expect(document.importedConstraints == 4 && document.expectedConstraints == 4)
    }

    @Test func baselinesLineUpLabelsOfTheSameFont() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <label opaque="NO" text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
                        <rect key="frame" x="0.0" y="40" width="44" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <label opaque="NO" text="Value" translatesAutoresizingMaskIntoConstraints="NO" id="l2">
                        <rect key="frame" x="60" y="40" width="41" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="l1" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="q1"/>
                    <constraint firstItem="l1" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40" id="q2"/>
                    <constraint firstItem="l2" firstAttribute="leading" secondItem="l1" secondAttribute="trailing" constant="16" id="q3"/>
                    <constraint firstItem="l2" firstAttribute="firstBaseline" secondItem="l1" secondAttribute="firstBaseline" id="q4"/>
                </constraints>
                """))
        let layout = try FixtureDocuments.load(data).layouts[0]
        #expect(layout.viewsByID["l2"]?.frame == Rect(x: 60, y: 40, width: 41, height: 20.5))
        #expect(FrameAgreement(layout).ratio == 1)
    }
}
