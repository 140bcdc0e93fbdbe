import Foundation
import Testing

@testable import LayoutBenchKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// CSV, JUnit XML and github-action-benchmark JSON: what other tools read back.
@Suite("Comparison exports")
struct ComparisonExportTests {
    /// `demo/a` and `demo/b`, with `cellUpdates` 30% worse in the head.
    func regressed(named name: String = "demo/a") throws -> ReportComparison {
        var base = GateFixture.simple()
        var head = GateFixture.simple(cellUpdates: 130)
        base.scenarios[0].name = name
        head.scenarios[0].name = name
        return ReportComparison.compare(
            base: try GateFixture.loaded(base, path: "base.json"), head: try GateFixture.loaded(head))
    }

    @Test("CSV: a header and one line per row; a name with a comma and a quote stays one field")
    func csv() throws {
        let comparison = try regressed(named: "odd/\"a,b\"")
        let text = ComparisonExports.csv(comparison)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == comparison.rows.count + 1)
        #expect(lines[0].hasPrefix("scenario,size,metric,kind,base,head,relative_change,verdict"))
        let regression = try #require(lines.first { $0.contains(",cellUpdates,") && $0.contains(",regression,") })
        #expect(regression.hasPrefix("\"odd/\"\"a,b\"\"\",10,cellUpdates,counter,100.0,130.0,0.3"))
    }

    @Test("JUnit: a test case per gated scenario and metric, failed where it regressed; well-formed XML")
    func junit() throws {
        let comparison = try regressed(named: "demo/<a&b>")
        let text = ComparisonExports.junit(comparison)
        let gated = Set(comparison.rows.filter { !$0.informational }.map { $0.scenario + "/" + $0.metric })
        #expect(text.components(separatedBy: "<testcase ").count - 1 == gated.count)
        let failures = text.components(separatedBy: "<failure ").count - 1
        #expect(failures == Set(comparison.regressions.map { $0.scenario + "/" + $0.metric }).count)
        #expect(text.contains("failures=\"\(failures)\""))
        #expect(text.contains("classname=\"demo/&lt;a&amp;b&gt;\" name=\"cellUpdates\""))
        // XMLParser, not XMLDocument: swift-corelibs-foundation's XMLDocument is never freed, with
        // its libxml2 tree (a document of three elements, in a program of its own: 16 allocations,
        // 6.5 KB, all indirect leaks), which LeakSanitizer reports under scripts/test --sanitize address.
        let parser = XMLParser(data: Data(text.utf8))
        let elements = ElementNames()
        parser.delegate = elements
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(elements.names.first == "testsuites")
        #expect(elements.names.filter { $0 == "testcase" }.count == gated.count)
    }

    /// Collects the names of the elements an `XMLParser` meets, in document order.
    final class ElementNames: NSObject, XMLParserDelegate {
        var names: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            names.append(elementName)
        }
    }

    @Test("benchmark-action: customSmallerIsBetter entries of the head's values")
    func benchmarkAction() throws {
        let comparison = try regressed()
        let text = try ComparisonExports.benchmarkAction(comparison)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(entries.count == comparison.rows.count)
        let cell = try #require(entries.first { ($0["name"] as? String) == "demo/a @10 cellUpdates" })
        #expect(cell["value"] as? Double == 130)
        #expect(cell["unit"] as? String == "count")
        #expect(entries.contains { ($0["unit"] as? String) == "ns" })
        #expect(entries.allSatisfy { Set($0.keys) == ["name", "unit", "value", "extra"] })
    }
}
