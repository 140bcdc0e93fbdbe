import Foundation

@testable import LayoutImporter

/// Small Interface Builder documents written for these tests (the real-world corpus is read
/// in place by ``RealWorldFolderTests`` and never copied).
///
/// The suites hold their documents in computed properties (`static var x: Data { ... }`), not
/// in `static let`: Swift keeps the case of `Data`'s representation in the spare high bits of
/// its storage pointer (a global `Data` of 100 bytes holds `0x4000_7be0_d37e_0100` for storage
/// at `0x7be0_d37e_0100`), so LeakSanitizer's scan of the globals cannot see that storage and
/// reports every such document as leaked at exit (`scripts/test --sanitize address`).
enum FixtureDocuments {
    /// A XIB whose `<objects>` hold `objects`.
    static func xib(device: String = "retina4_7", orientation: String = "portrait", resources: String = "", _ objects: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
                <device id="\(device)" orientation="\(orientation)" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            \(objects)
                </objects>
                <resources>\(resources)</resources>
            </document>
            """.utf8)
    }

    /// A storyboard whose `<scenes>` hold `scenes`.
    static func storyboard(device: String = "retina4_7", _ scenes: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
                <device id="\(device)" orientation="portrait" appearance="light"/>
                <scenes>
            \(scenes)
                </scenes>
            </document>
            """.utf8)
    }

    /// Imports a fixture; `name` stands for its path in warnings.
    static func load(_ data: Data, name: String = "fixture.xib", options: ImportOptions = ImportOptions()) throws -> ImportedDocument {
        try DocumentImporter.importDocument(data, path: name, options: options)
    }

    /// A top-level view 375 × 667 with `body` inside it (subviews, constraints, ...); `key`
    /// names its role in the element that holds it (`view`, a view controller's root view).
    static func rootView(_ body: String, id: String = "root", key: String? = nil, width: Double = 375, height: Double = 667) -> String {
        """
        <view\(key.map { #" key="\#($0)""# } ?? "") contentMode="scaleToFill" id="\(id)">
            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        \(body)
        </view>
        """
    }

    /// A storyboard scene whose view controller `controllerID` (of `customClass`, if given)
    /// has the root view `rootID`, 375 × 667, with `body` inside it (see ``rootView(_:id:key:width:height:)``).
    /// `layoutGuides` and `connections` go into the view controller before and after its view.
    static func scene(
        _ sceneID: String = "s1", controller controllerID: String, customClass: String? = nil, rootID: String,
        layoutGuides: String = "", connections: String = "", _ body: String
    ) -> String {
        """
        <scene sceneID="\(sceneID)">
            <objects>
                <viewController id="\(controllerID)"\(customClass.map { #" customClass="\#($0)""# } ?? "") sceneMemberID="viewController">
        \(layoutGuides)
        \(rootView(body, id: rootID, key: "view"))
        \(connections)
                </viewController>
            </objects>
        </scene>
        """
    }
}
