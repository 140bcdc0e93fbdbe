import Foundation
import LayoutBenchJSON
import Testing

@testable import LayoutBenchReport

/// The parts every page is built from (escaping, slugs, script-safe JSON, chart axes, the
/// embedded templates), tested without a run or a report.
@Suite("Page building blocks")
struct PageBuildingBlocksTests {
    @Test("Escaping, slugs and script-safe JSON")
    func helpers() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTML.slug("activation/batch") == "activation-batch")
        #expect(HTML.slug("Cells / Stack--Hide!") == "cells-stack-hide")
        #expect(HTML.scriptJSON(.string("</script><!--")) == "\"\\u003c/script>\\u003c!--\"")
    }

    @Test("Log axes get ticks at powers of ten (with 2 and 5 between on short ranges)")
    func ticks() {
        // The expected arrays typed: as literals compared in #expect they took the type checker 1.9 s.
        let shortLog: [Double] = [10, 20, 50, 100, 200, 500, 1000]
        let longLog: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
        let linear: [Double] = [0, 2, 4, 6, 8, 10]
        #expect(SVGLineChart.ticks((8, 1200), .log) == shortLog)
        #expect(SVGLineChart.ticks((0.5, 2_000_000), .log) == longLog)
        #expect(SVGLineChart.ticks((0, 10), .linear) == linear)
        let curve = SVGLineChart.modelCurve(model: "O(n)", intercept: 1, slope: 2, from: 10, to: 100, steps: 2)
        let xs: [Double] = curve.map { ($0.x * 1000).rounded() / 1000 }
        #expect(xs == [10, 31.623, 100])
        #expect(abs(curve.last!.y - 201) < 1e-9)
    }

    @Test("Every embedded template parses, and Mustache escapes exactly as HTML.escape")
    func templates() {
        #expect(PageTemplates.parsed.errors.isEmpty, "templates that did not parse: \(PageTemplates.parsed.errors)")
        for source in PageTemplates.sources {
            #expect(PageTemplates.parsed.library.getTemplate(named: source.name) != nil, "\(source.name) is not registered")
        }
        #expect(!PageTemplates.style.isEmpty && !PageTemplates.tablesScript.isEmpty && !PageTemplates.historyCompareScript.isEmpty)
        let hostile = "<script>alert('x') & \"y\"</script> é ✓ {{z}} \"\u{301}<\u{301}&\u{301}"
        #expect(
            PageTemplates.render("facts", ["facts": [["label": hostile, "value": hostile]]])
                == "<dl class=\"facts\"><dt>\(HTML.escape(hostile))</dt><dd>\(HTML.escape(hostile))</dd></dl>\n")
        #expect(PageTemplates.render("no-such-template", [:]).hasPrefix("<!-- layoutbench: the template 'no-such-template' is missing"))
    }
}
