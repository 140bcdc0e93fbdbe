import Foundation
import LayoutEngine
import Testing

@testable import LayoutBenchKit
@testable import LayoutImporter

/// `layoutbench profile` of a document whose cells' content does not fit the cell: the
/// autoresizing-conflict finding never tells a cell's content view (table or collection) to
/// turn translation off, since UIKit sizes it to the cell; it tells the cell to size itself.
@Suite("Profile advice on cells' content views")
struct ProfileCellContentViewTests {
    /// A cell of `kind` 50 points tall whose content asks for 8 + 80 + 8: the content view's
    /// autoresizing height (the cell's) conflicts with it.
    static func tallContent(_ kind: String, contentElement: String) -> String {
        """
        <\(kind) contentMode="scaleToFill" id="cell-\(kind)">
            <rect key="frame" x="0.0" y="0.0" width="320" height="50"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <\(contentElement) key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" id="content-\(kind)">
                <rect key="frame" x="0.0" y="0.0" width="320" height="50"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-\(kind)">
                        <rect key="frame" x="8" y="8" width="304" height="34"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="80" id="h-\(kind)"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="box-\(kind)" firstAttribute="leading" secondItem="content-\(kind)" secondAttribute="leading" constant="8" id="l-\(kind)"/>
                    <constraint firstAttribute="trailing" secondItem="box-\(kind)" secondAttribute="trailing" constant="8" id="r-\(kind)"/>
                    <constraint firstItem="box-\(kind)" firstAttribute="top" secondItem="content-\(kind)" secondAttribute="top" constant="8" id="t-\(kind)"/>
                    <constraint firstAttribute="bottom" secondItem="box-\(kind)" secondAttribute="bottom" constant="8" id="b-\(kind)"/>
                </constraints>
            </\(contentElement)>
        </\(kind)>
        """
    }

    static var cells: Data {
        FixtureDocuments.xib(
            tallContent("collectionViewCell", contentElement: "view")
                + tallContent("tableViewCell", contentElement: "tableViewCellContentView")
                + tallContent("collectionViewCell", contentElement: "collectionViewCellContentView").replacingOccurrences(
                    of: "-collectionViewCell\"", with: "-modern\""))
    }

    @Test("A collection or table cell's content view is told to keep its translation, and the cell to size itself")
    func contentViewsKeepTheirTranslation() throws {
        let folder = try ImportCommandTests.folder(["Cells.xib": Self.cells])
        defer { try? FileManager.default.removeItem(at: folder) }
        let profiles = try DocumentProfiling.profile(
            path: folder.appendingPathComponent("Cells.xib").path, scene: nil, size: 1, eventBufferCapacity: nil)
        #expect(profiles.count == 3)
        for profile in profiles {
            let finding = try #require(
                profile.profile.report.findings.first { $0.id == "autoresizing-conflict" }, "\(profile.scenario.name)")
            let contentView = try #require(finding.views.first, "\(profile.scenario.name)")
            #expect(contentView.contains(":content-"), "\(finding.views)")
            #expect(!finding.fix.contains("= false"), "\(profile.scenario.name): \(finding.fix)")
            #expect(finding.fix.contains("Keep translatesAutoresizingMaskIntoConstraints on \(contentView)"), "\(finding.fix)")
            #expect(finding.fix.contains("automaticDimension") && finding.fix.contains("999"))
            #expect(finding.summary.contains("sizes a cell and its content view"), "\(finding.summary)")
        }
    }
}
