import Foundation
import LayoutBenchKit
import LayoutEngine
import Testing

@testable import LayoutImporter

@Suite("Importing constraints")
struct ConstraintImportTests {
    @Test(arguments: [
        ("1:1", 1.0), ("389:210", 389.0 / 210.0), ("1/3", 1.0 / 3.0), ("0.8", 0.8), ("5", 5.0), (" 3:4 ", 0.75), ("-2", -2.0),
    ])
    func multiplierForms(text: String, value: Double) throws {
        let parsed = try #require(parseMultiplier(text))
        #expect(abs(parsed - value) < 1e-12)
    }

    @Test(arguments: ["", "a:b", "1:0", "1/0", "1:2:3", "x", "nan"])
    func malformedMultipliers(text: String) {
        #expect(parseMultiplier(text) == nil)
    }

    static var basics: Data {
        FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        <rect key="frame" x="20" y="30" width="100" height="50"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="c1"/>
                            <constraint firstAttribute="height" secondItem="box" secondAttribute="width" multiplier="1:2" id="c2"/>
                            <constraint firstAttribute="width" constant="100" placeholder="YES" id="c10"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="tail">
                        <rect key="frame" x="130" y="30" width="225" height="50"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c3"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" constant="30" identifier="boxTop" id="c4"/>
                    <constraint firstAttribute="trailing" secondItem="tail" secondAttribute="trailing" constant="20" id="c5"/>
                    <constraint firstItem="tail" firstAttribute="leading" secondItem="box" secondAttribute="trailing" constant="10" id="c6"/>
                    <constraint firstItem="tail" firstAttribute="top" secondItem="box" secondAttribute="top" id="c7"/>
                    <constraint firstItem="tail" firstAttribute="height" secondItem="box" secondAttribute="height" id="c8"/>
                    <constraint firstItem="tail" firstAttribute="width" relation="greaterThanOrEqual" priority="750" constant="10" id="c9"/>
                </constraints>
                """))
    }

    @Test func everyFormOfConstraint() throws {
        let document = try FixtureDocuments.load(Self.basics)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let layout = try #require(document.layouts.first)
        #expect(document.layouts.count == 1 && layout.kind == .view)
        #expect(document.constraintElements == 10)
        #expect(document.placeholderConstraints == 1)
        #expect(document.importedConstraints == 9)
        #expect(document.expectedConstraints == 9)
        // The placeholder, beside the canvas's own holds (``ImportedLayout/holdSizesNonNegative()``).
        #expect(layout.designTimeConstraints.filter { $0.identifier?.hasPrefix("IB-canvas") != true }.count == 1)

        let byIdentifier = layout.constraints.first { $0.identifier == "boxTop" }
        #expect(byIdentifier?.constant == 30)
        // Implicit first item: the owner of the <constraints> block (the root).
        let trailing = try #require(layout.constraints.first { $0.firstAttribute == .trailing && $0.secondItem === layout.viewsByID["tail"] })
        #expect(trailing.firstItem === layout.root)
        #expect(trailing.constant == 20)
        let ratio = try #require(layout.constraints.first { $0.multiplier != 1 })
        #expect(ratio.multiplier == 0.5 && ratio.firstAttribute == .height && ratio.secondAttribute == .width)
        let inequality = try #require(layout.constraints.first { $0.relation == .greaterThanOrEqual })
        #expect(inequality.priority == 750 && inequality.secondItem == nil && inequality.constant == 10)

        #expect(layout.viewsByID["box"]?.frame == Rect(x: 20, y: 30, width: 100, height: 50))
        #expect(layout.viewsByID["tail"]?.frame == Rect(x: 130, y: 30, width: 225, height: 50))
        let agreement = FrameAgreement(layout)
        #expect(agreement.compared == 2 && agreement.agreeing == 2)
    }

    @Test func placeholdersLeaveTheRuntimeLayout() throws {
        let document = try FixtureDocuments.load(Self.basics, options: ImportOptions(reproducesCanvas: false))
        #expect(document.importedConstraints == 9)
        #expect(document.layouts[0].designTimeConstraints.isEmpty)
    }

    @Test func whatCannotBeImportedIsAWarningWithItsLine() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="v" firstAttribute="sideways" secondItem="root" secondAttribute="top" id="bad1"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="nowhere" secondAttribute="top" id="bad2"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="leading" id="bad3"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" multiplier="1:0" id="bad4"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" priority="2000" id="bad5"/>
                    <constraint firstItem="v" firstAttribute="leading" constant="3" id="bad6"/>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="good"/>
                </constraints>
                """))
        let document = try FixtureDocuments.load(data, name: "odd.xib")
        #expect(document.skippedConstraints == 6)
        #expect(document.importedConstraints == 1)
        #expect(document.warnings.count == 6)
        let lines = document.warnings.map(\.line)
        #expect(Set(lines).count == 6, "each warning names its own element's line: \(lines)")
        #expect(document.warnings.allSatisfy { $0.path == "odd.xib" && $0.description.hasPrefix("odd.xib:") })
        #expect(document.warnings.contains { $0.message.contains("bad2") && $0.message.contains("nowhere") })
        #expect(document.warnings.contains { $0.message.contains("bad3") && $0.message.contains("across axes") })
    }

    @Test func malformedXMLIsATypedErrorWithALocation() throws {
        let data = Data("<?xml version=\"1.0\"?>\n<document>\n  <objects>\n    <view id=\"a\">\n  </objects>\n</document>\n".utf8)
        #expect {
            try DocumentImporter.importDocument(data, path: "broken.xib")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            // libxml2 reports where it noticed: the unclosed <view> at the end of the document.
            guard let line = error.line, let column = error.column else { return false }
            return error.code == .malformedXML && (5...7).contains(line) && column > 0
                && error.description.hasPrefix("broken.xib:\(line):\(column): Malformed XML") && LayoutBenchKit.ExitStatus(error.code) == .badInput
        }
    }

    @Test func aDocumentThatIsNotInterfaceBuilderIsRefused() throws {
        let data = Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8)
        #expect {
            try DocumentImporter.importDocument(data, path: "Info.plist")
        } throws: { error in
            (error as? ImportError)?.code == .notInterfaceBuilder
        }
    }

    @Test func anUnknownDeviceIsLaidOutAsAnIPhone8WithAWarning() throws {
        let data = FixtureDocuments.xib(device: "retina99", FixtureDocuments.rootView(""))
        let document = try FixtureDocuments.load(data)
        #expect(document.device.id == "retina4_7")
        #expect(document.warnings.count == 1 && document.warnings[0].message.contains("retina99"))
    }
}

/// Found by `scripts/fuzz interface-builder`: bytes that are not UTF-8 in an attribute's name
/// made FoundationXML's parser trap (exit 132); they are a malformed-XML error at their place.
@Suite("Importer input bytes")
struct ImporterInputBytesTests {
    @Test(
        "Bytes that are not UTF-8 are malformed XML at their line and column, not a trap",
        arguments: [
            [0xFF, 0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        ] as [[UInt8]])
    func notUTF8(sequence: [UInt8]) throws {
        let good = Array(FixtureDocuments.xib(FixtureDocuments.rootView("")))
        let text = String(decoding: good, as: UTF8.self)
        let range = try #require(text.range(of: "propertyAccessControl"))
        let before = Array(text[..<range.lowerBound].utf8) + Array("propertyAccess".utf8)
        let bytes = before + sequence + Array(text[text.index(range.lowerBound, offsetBy: "propertyAccess".count)...].utf8)
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        #expect {
            _ = try DocumentImporter.importDocument(Data(bytes), path: "bad.xib")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.code == .malformedXML && error.line == line && error.column == column && "\(error)".contains("is not UTF-8")
        }
        _ = try DocumentImporter.importDocument(Data(good), path: "good.xib")
    }

    @Test("A processing instruction other than the XML declaration is malformed XML at its place, not a crash")
    func processingInstruction() throws {
        let good = String(decoding: FixtureDocuments.xib(FixtureDocuments.rootView("")), as: UTF8.self)
        #expect(good.hasPrefix("<?xml"))
        for instruction in ["<?x?>", "<?x\"?>", "<?target data?>"] {
            let text = good.replacingOccurrences(of: "<objects>", with: "<objects>\(instruction)")
            let prefix = try #require(text.range(of: instruction)).lowerBound
            let line = text[..<prefix].filter { $0 == "\n" }.count + 1
            #expect {
                _ = try DocumentImporter.importDocument(Data(text.utf8), path: "pi.xib")
            } throws: { error in
                guard let error = error as? ImportError else { return false }
                return error.code == .malformedXML && error.line == line && "\(error)".contains("processing instruction")
            }
        }
        // Found by the fuzzer: a declaration without its "?>" hid an instruction in an attribute.
        let hidden = "<?xml version=\"1.0\" ut>\n<document type=\"co<?x?>\"/>\n"
        #expect {
            _ = try DocumentImporter.importDocument(Data(hidden.utf8), path: "hidden.xib")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.code == .malformedXML && error.line == 2 && error.column == 19
        }
        #expect(throws: ImportError.self) { _ = try DocumentImporter.importDocument(Data("<?xml?>\n<document/>\n".utf8), path: "x.xib") }
        let commented = good.replacingOccurrences(of: "<objects>", with: "<objects><!-- <?x?> --><![CDATA[<?y?>]]>")
        _ = try DocumentImporter.importDocument(Data(commented.utf8), path: "comment.xib")
    }
}
