import Foundation
import LayoutEngine
import Testing

@testable import LayoutImporter

/// Hostile documents end with a located error or a layout, never a trap: elements nested past
/// the reader's depth, and numbers no design holds (NaN, 1e20).
@Suite("Importer limits")
struct ImporterLimitsTests {
    @Test("elements nested 30,000 deep are malformed at the element past the limit")
    func deepNestingIsALocatedError() throws {
        let depth = 30_000
        let nested = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let data = FixtureDocuments.xib(nested)
        #expect {
            _ = try FixtureDocuments.load(data)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.code == .malformedXML && error.line != nil && error.message.contains("nested more than 1000 deep")
        }
    }

    @Test("a document type declaration (entities, expansion attacks) is refused where it is, before the parser expands anything")
    func documentTypeIsRefused() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment naming <!DOCTYPE is no declaration -->
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>
            """
        let error = try #require(throws: ImportError.self) { try DocumentImporter.importDocument(Data(text.utf8), path: "lolz.xib") }
        #expect(error.code == .malformedXML && error.line == 3 && error.column == 1, "\(error)")
        #expect(error.message.contains("a document type declaration"), "\(error)")
    }

    @Test("an element with more than 1,000 attributes is refused where it starts, in linear time")
    func crowdedElementIsRefused() throws {
        let attributes = (0..<200_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><!-- <view a="1" b='2'> -->
              <objects><label id="x" text="a > b, 'quoted'"/>
                <view id="a" \(attributes)/></objects></document>
            """
        let error = try #require(throws: ImportError.self) { try DocumentImporter.importDocument(Data(text.utf8), path: "crowded.xib") }
        #expect(error.code == .malformedXML && error.line == 4 && error.column == 5, "\(error)")
        #expect(error.message.contains("more than 1000 attributes"), "\(error)")
        // The corpus's most, 19, and a quoted '>' or quote of the other kind, are no problem.
        let fine = (0..<19).map { "a\($0)=\"x>'y'\"" }.joined(separator: " ")
        #expect(XMLReader.firstUnsupportedMarkup(Data("<a \(fine)/><b c='\"'/>".utf8)) == nil)
    }

    @Test("a document over the parser's 10,000,000 bytes is refused at once, before it is read, saying why")
    func oversizedDocumentIsRefused() throws {
        let head = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>"#
        let filler = String(repeating: #"<view id="v" userLabel="0123456789012345678901234567890123456789"/>"# + "\n", count: 10_000_000 / 64)
        let data = Data((head + filler + "</objects></document>").utf8)
        #expect(data.count > XMLReader.maximumBytes)
        let error = try #require(throws: ImportError.self) { try DocumentImporter.importDocument(data, path: "big.xib") }
        #expect(error.code == .malformedXML && error.line == 1, "\(error)")
        #expect(error.message.contains("at most 10000000 can be read"), "\(error)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lb-big-\(UUID().uuidString).xib")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try #require(throws: ImportError.self) { try DocumentImporter.importFile(atPath: file.path) }
        #expect(fromFile.message.contains("Split the storyboard"), "\(fromFile)")
    }

    @Test("a root frame of NaN or 1e20 is no frame: the view takes the device's screen, and the summary prints", arguments: ["nan", "1e20"])
    func unboundedNumbersAreNotFrames(_ width: String) throws {
        let data = FixtureDocuments.xib(
            """
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="667"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="10"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="a" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c2"/>
                    <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="c3"/>
                    <constraint firstItem="a" firstAttribute="height" constant="10" id="c4"/>
                </constraints>
            </view>
            """)
        let document = try FixtureDocuments.load(data)
        let layout = try #require(document.layouts.first)
        #expect(layout.size == Size(width: 375, height: 667))
        #expect(document.warnings.contains { $0.message.contains("has no frame") })
        let report = ImportReport(files: [DocumentSummary(document)], failures: [])
        #expect(report.text().contains("total: 1 files"))
    }
}
